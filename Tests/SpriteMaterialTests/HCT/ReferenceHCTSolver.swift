import SpriteCore

@testable import SpriteMaterial

/// material-color-utilities' HCT solver written out plainly (`typescript/hct/hct_solver.ts`,
/// commit 6112292f), as SpriteMaterial had it before its shortcuts: `pow` for every sRGB
/// encoding and critical plane, the hue's terms and the gamut edges computed on every solve.
/// The shortcuts (``CriticalPlanes``, ``HCTSolver/PreparedHue``, the integer tones' gamut edges)
/// must give its colours bit for bit.
enum ReferenceHCTSolver {
  typealias Vector = HCTSolver.Vector

  /// The sRGB colour of a hue (degrees), chroma and tone.
  static func solve(hue hueDegrees: Double, chroma: Double, tone lstar: Double) -> RGBA8 {
    if chroma < 0.0001 || lstar < 0.0001 || lstar > 99.9999 {
      let c = delinearized(MaterialColorSpace.y(fromLstar: lstar))
      return RGBA8(r: c, g: c, b: c)
    }
    let hueRadians = MaterialMath.sanitizeDegrees(hueDegrees) / 180 * Double.pi
    let y = MaterialColorSpace.y(fromLstar: lstar)
    if let exact = findResultByJ(hueRadians: hueRadians, chroma: chroma, y: y) { return exact }
    let p = bisectToLimit(y: y, targetHue: hueRadians)
    return color(p)
  }

  /// MCU's `delinearized`, rounded and clamped.
  static func delinearized(_ component: Double) -> UInt8 {
    let rounded = MaterialMath.round(trueDelinearized(component))
    return UInt8(rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded))
  }

  /// MCU's `trueDelinearized`: the sRGB encoding of linear light 0-100, scaled 0-255.
  static func trueDelinearized(_ component: Double) -> Double {
    let normalized = component / 100.0
    let v =
      normalized <= 0.0031308
      ? normalized * 12.92 : 1.055 * MaterialMath.pow(normalized, 1.0 / 2.4) - 0.055
    return v * 255.0
  }

  private static func color(_ l: Vector) -> RGBA8 {
    RGBA8(r: delinearized(l.0), g: delinearized(l.1), b: delinearized(l.2))
  }

  private static func findResultByJ(hueRadians: Double, chroma: Double, y: Double) -> RGBA8? {
    let vc = ViewingConditions.standard
    var j = y.squareRoot() * 11.0
    let eHue = 0.25 * (MaterialMath.cos(hueRadians + 2.0) + 3.8)
    let p1 = eHue * (50000.0 / 13.0) * vc.nc * vc.ncb
    let hSin = MaterialMath.sin(hueRadians)
    let hCos = MaterialMath.cos(hueRadians)
    for round in 0..<5 {
      let jNormalized = j / 100.0
      let alpha = chroma == 0.0 || j == 0.0 ? 0.0 : chroma / jNormalized.squareRoot()
      let t = MaterialMath.pow(alpha * (1 / vc.chromaFactor), 1.0 / 0.9)
      let ac = vc.aw * MaterialMath.pow(jNormalized, 1.0 / vc.c / vc.z)
      let p2 = ac / vc.nbb
      let gamma = 23.0 * (p2 + 0.305) * t / (23.0 * p1 + 11 * t * hCos + 108.0 * t * hSin)
      let a = gamma * hCos
      let b = gamma * hSin
      let rA = (460.0 * p2 + 451.0 * a + 288.0 * b) / 1403.0
      let gA = (460.0 * p2 - 891.0 * a - 261.0 * b) / 1403.0
      let bA = (460.0 * p2 - 220.0 * a - 6300.0 * b) / 1403.0
      let l = HCTSolver.multiply(
        (inverseAdaptation(rA), inverseAdaptation(gA), inverseAdaptation(bA)),
        HCTSolver.linRGBFromScaledDiscount)
      if l.0 < 0 || l.1 < 0 || l.2 < 0 { return nil }
      let k = HCTSolver.yFromLinRGB
      let fnj = k.0 * l.0 + k.1 * l.1 + k.2 * l.2
      if fnj <= 0 { return nil }
      if round == 4 || abs(fnj - y) < 0.002 {
        if l.0 > 100.01 || l.1 > 100.01 || l.2 > 100.01 { return nil }
        return color(l)
      }
      j = j - (fnj - y) * j / (2 * fnj)
    }
    return nil
  }

  private static func inverseAdaptation(_ adapted: Double) -> Double {
    let adaptedAbs = abs(adapted)
    let base = max(0, 27.13 * adaptedAbs / (400.0 - adaptedAbs))
    return MaterialMath.signum(adapted) * MaterialMath.pow(base, 1.0 / 0.42)
  }

  private static func hue(of linear: Vector) -> Double {
    let scaled = HCTSolver.multiply(linear, HCTSolver.scaledDiscountFromLinRGB)
    func adapt(_ c: Double) -> Double {
      let af = MaterialMath.pow(abs(c), 0.42)
      return MaterialMath.signum(c) * 400.0 * af / (af + 27.13)
    }
    let (rA, gA, bA) = (adapt(scaled.0), adapt(scaled.1), adapt(scaled.2))
    return MaterialMath.atan2((rA + gA - 2.0 * bA) / 9.0, (11.0 * rA + -12.0 * gA + bA) / 11.0)
  }

  private static func areInCyclicOrder(_ a: Double, _ b: Double, _ c: Double) -> Bool {
    func sanitize(_ angle: Double) -> Double {
      var r = MaterialMath.fmod(angle + Double.pi * 8, Double.pi * 2)
      if r < 0 { r += Double.pi * 2 }
      return r
    }
    return sanitize(b - a) < sanitize(c - a)
  }

  private static func nthVertex(y: Double, _ n: Int) -> Vector? {
    let (kR, kG, kB) = HCTSolver.yFromLinRGB
    let coordA = n % 4 <= 1 ? 0.0 : 100.0
    let coordB = n % 2 == 0 ? 0.0 : 100.0
    func bounded(_ x: Double) -> Bool { 0.0 <= x && x <= 100.0 }
    if n < 4 {
      let r = (y - coordA * kG - coordB * kB) / kR
      return bounded(r) ? (r, coordA, coordB) : nil
    } else if n < 8 {
      let g = (y - coordB * kR - coordA * kB) / kG
      return bounded(g) ? (coordB, g, coordA) : nil
    } else {
      let b = (y - coordA * kR - coordB * kG) / kB
      return bounded(b) ? (coordA, coordB, b) : nil
    }
  }

  private static func component(_ v: Vector, _ axis: Int) -> Double {
    axis == 0 ? v.0 : (axis == 1 ? v.1 : v.2)
  }

  private static func criticalPlane(_ index: Int) -> Double {
    let v = (Double(index) + 0.5) / 255.0
    return v <= 0.040449936
      ? v / 12.92 * 100.0 : MaterialMath.pow((v + 0.055) / 1.055, 2.4) * 100.0
  }

  private static func bisectToLimit(y: Double, targetHue: Double) -> Vector {
    var left: Vector = (-1, -1, -1)
    var right = left
    var leftHue = 0.0
    var rightHue = 0.0
    var initialized = false
    var uncut = true
    for n in 0..<12 {
      guard let mid = nthVertex(y: y, n) else { continue }
      let midHue = hue(of: mid)
      if !initialized {
        (left, right, leftHue, rightHue, initialized) = (mid, mid, midHue, midHue, true)
        continue
      }
      if uncut || areInCyclicOrder(leftHue, midHue, rightHue) {
        uncut = false
        if areInCyclicOrder(leftHue, targetHue, midHue) {
          (right, rightHue) = (mid, midHue)
        } else {
          (left, leftHue) = (mid, midHue)
        }
      }
    }
    for axis in 0..<3 where component(left, axis) != component(right, axis) {
      var lPlane: Double
      var rPlane: Double
      if component(left, axis) < component(right, axis) {
        lPlane = (trueDelinearized(component(left, axis)) - 0.5).rounded(.down)
        rPlane = (trueDelinearized(component(right, axis)) - 0.5).rounded(.up)
      } else {
        lPlane = (trueDelinearized(component(left, axis)) - 0.5).rounded(.up)
        rPlane = (trueDelinearized(component(right, axis)) - 0.5).rounded(.down)
      }
      for _ in 0..<8 {
        if abs(rPlane - lPlane) <= 1 { break }
        let mPlane = ((lPlane + rPlane) / 2.0).rounded(.down)
        let coordinate = criticalPlane(Int(mPlane))
        let t =
          (coordinate - component(left, axis)) / (component(right, axis) - component(left, axis))
        let mid = (
          left.0 + (right.0 - left.0) * t, left.1 + (right.1 - left.1) * t,
          left.2 + (right.2 - left.2) * t
        )
        let midHue = hue(of: mid)
        if areInCyclicOrder(leftHue, targetHue, midHue) {
          right = mid
          rPlane = mPlane
        } else {
          left = mid
          leftHue = midHue
          lPlane = mPlane
        }
      }
    }
    return ((left.0 + right.0) / 2, (left.1 + right.1) / 2, (left.2 + right.2) / 2)
  }
}
