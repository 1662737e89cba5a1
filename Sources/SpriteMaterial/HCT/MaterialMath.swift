// The C maths library (libm) for `pow`, `atan2`, `cbrt`: part of every platform's C runtime, as in
// SpriteCore. The same libm as CPython's `math` module on the same platform, so results match the
// Python golden generator bit for bit.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Small numeric helpers of material-color-utilities (`typescript/utils/math_utils.ts`, commit
/// 6112292f).
enum MaterialMath {
  /// -1, 0 or 1 by the sign of `x`.
  static func signum(_ x: Double) -> Double {
    x < 0 ? -1 : (x == 0 ? 0 : 1)
  }

  /// Linear interpolation: (1 - t)·start + t·stop.
  static func lerp(_ start: Double, _ stop: Double, _ t: Double) -> Double {
    (1.0 - t) * start + t * stop
  }

  /// `x` limited to `lower...upper`.
  static func clamp(_ lower: Double, _ upper: Double, _ x: Double) -> Double {
    x < lower ? lower : (x > upper ? upper : x)
  }

  /// Degrees in [0, 360), as Python's floored `%` gives them (C's remainder plus 360 when
  /// negative).
  static func sanitizeDegrees(_ degrees: Double) -> Double {
    var d = fmod(degrees, 360.0)
    if d < 0 { d += 360.0 }
    return d
  }

  /// Integer degrees in [0, 360).
  static func sanitizeDegrees(_ degrees: Int) -> Int {
    let d = degrees % 360
    return d < 0 ? d + 360 : d
  }

  /// The shortest angle between two hues, 0-180 degrees.
  static func differenceDegrees(_ a: Double, _ b: Double) -> Double {
    180.0 - abs(abs(a - b) - 180.0)
  }

  /// MCU's rounding (TypeScript `Math.round`, Java `Math.round`): to the nearest integer, halves
  /// up. (The Python port rounds halves to even; computed values are never exact halves except
  /// in the yellow tone-99 mean, see ``TonalPalette``.)
  static func round(_ x: Double) -> Double {
    (x + 0.5).rounded(.down)
  }

  // The libm functions the golden generator's `math` module calls.
  static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
  static func exp(_ x: Double) -> Double { libmExp(x) }
  static func log(_ x: Double) -> Double { libmLog(x) }
  static func cos(_ x: Double) -> Double { libmCos(x) }
  static func sin(_ x: Double) -> Double { libmSin(x) }
  static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
  /// C's `fmod`: the remainder with the sign of `x`.
  static func fmod(_ x: Double, _ y: Double) -> Double { libmFmod(x, y) }
}

// Unambiguous names for the libm functions (the enum's own names shadow them).
private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func libmExp(_ x: Double) -> Double { exp(x) }
private func libmLog(_ x: Double) -> Double { log(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func libmFmod(_ x: Double, _ y: Double) -> Double { fmod(x, y) }
