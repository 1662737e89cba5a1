import SpriteCore

/// Finds the sRGB colour of a hue, chroma and tone: the HCT solver of material-color-utilities
/// (`typescript/hct/hct_solver.ts`, commit 6112292f; the algorithm of Tianguang Zhang).
///
/// First Newton's method on CAM16 lightness J for the exact chroma (five rounds at most); when
/// the colour is out of gamut, a bisection along the edge of the sRGB cube at that luminance for
/// the colour of the requested hue with the most chroma.
enum HCTSolver {
  /// Linear RGB (0-100) to the chromatically adapted, scaled and discounted cone responses.
  static let scaledDiscountFromLinRGB: Matrix = (
    (0.001200833568784504, 0.002389694492170889, 0.0002795742885861124),
    (0.0005891086651375999, 0.0029785502573438758, 0.0003270666104008398),
    (0.00010146692491640572, 0.0005364214359186694, 0.0032979401770712076)
  )

  /// The inverse of ``scaledDiscountFromLinRGB``.
  static let linRGBFromScaledDiscount: Matrix = (
    (1373.2198709594231, -1100.4251190754821, -7.278681089101213),
    (-271.815969077903, 559.6580465940733, -32.46047482791194),
    (1.9622899599665666, -57.173814538844006, 308.7233197812385)
  )

  /// Luminance weights of linear R, G, B.
  static let yFromLinRGB = (0.2126, 0.7152, 0.0722)

  /// The sRGB colour with the given hue (degrees), chroma and tone (L*), or the closest in gamut.
  static func solve(hue hueDegrees: Double, chroma: Double, tone lstar: Double) -> RGBA8 {
    if isGrey(chroma: chroma, tone: lstar) { return MaterialColorSpace.grey(lstar: lstar) }
    return solve(hue: PreparedHue(degrees: hueDegrees), chroma: chroma, tone: lstar)
  }

  /// ``solve(hue:chroma:tone:)`` with the hue's terms computed beforehand (for many tones of
  /// one hue) and, optionally, the gamut edges of the tone (for many hues at one tone).
  static func solve(
    hue: PreparedHue, chroma: Double, tone lstar: Double, edges: GamutEdges? = nil
  ) -> RGBA8 {
    if isGrey(chroma: chroma, tone: lstar) { return MaterialColorSpace.grey(lstar: lstar) }
    let y = MaterialColorSpace.y(fromLstar: lstar)
    if let exact = findResultByJ(hue, chroma: chroma, y: y) { return exact }
    let p = bisectToLimit(edges ?? GamutEdges.of(tone: lstar, y: y), targetHue: hue.radians)
    return MaterialColorSpace.color(linear: p.0, p.1, p.2)
  }

  /// True when MCU answers with a grey: no chroma, or a tone at black or white.
  @inline(__always)
  private static func isGrey(chroma: Double, tone lstar: Double) -> Bool {
    chroma < 0.0001 || lstar < 0.0001 || lstar > 99.9999
  }

  /// A hue with the terms of Newton's method that depend on the hue alone, computed once for
  /// all the tones of a palette (MCU computes them on every solve; the values are the same).
  struct PreparedHue {
    /// The hue in radians, [0, 2π).
    let radians: Double
    /// sin of the hue.
    let sin: Double
    /// cos of the hue.
    let cos: Double
    /// The eccentricity term times 50000/13 and the induction factors (CAM16's p1).
    let p1: Double

    /// The terms of a hue in degrees (any angle).
    init(degrees: Double) {
      radians = MaterialMath.sanitizeDegrees(degrees) / 180 * Double.pi
      let vc = ViewingConditions.standard
      let eHue = 0.25 * (MaterialMath.cos(radians + 2.0) + 3.8)
      p1 = eHue * (50000.0 / 13.0) * vc.nc * vc.ncb
      sin = MaterialMath.sin(radians)
      cos = MaterialMath.cos(radians)
    }
  }

  // MARK: Newton's method on J

  private static let tInnerCoefficient = 1 / ViewingConditions.standard.chromaFactor
  /// 1/c/z, the exponent from J to the achromatic response.
  private static let jExponent = 1.0 / ViewingConditions.standard.c / ViewingConditions.standard.z

  private static func findResultByJ(_ hue: PreparedHue, chroma: Double, y: Double) -> RGBA8? {
    let aw = ViewingConditions.standard.aw
    let nbb = ViewingConditions.standard.nbb
    let tInnerCoefficient = tInnerCoefficient
    let jExponent = jExponent
    var j = y.squareRoot() * 11.0
    let p1 = hue.p1
    let hSin = hue.sin
    let hCos = hue.cos
    for round in 0..<5 {
      let jNormalized = j / 100.0
      let alpha = chroma == 0.0 || j == 0.0 ? 0.0 : chroma / jNormalized.squareRoot()
      let t = MaterialMath.pow(alpha * tInnerCoefficient, 1.0 / 0.9)
      let ac = aw * MaterialMath.pow(jNormalized, jExponent)
      let p2 = ac / nbb
      let gamma = 23.0 * (p2 + 0.305) * t / (23.0 * p1 + 11 * t * hCos + 108.0 * t * hSin)
      let a = gamma * hCos
      let b = gamma * hSin
      let rA = (460.0 * p2 + 451.0 * a + 288.0 * b) / 1403.0
      let gA = (460.0 * p2 - 891.0 * a - 261.0 * b) / 1403.0
      let bA = (460.0 * p2 - 220.0 * a - 6300.0 * b) / 1403.0
      let l = multiply(
        (
          inverseChromaticAdaptation(rA), inverseChromaticAdaptation(gA),
          inverseChromaticAdaptation(bA)
        ), linRGBFromScaledDiscount)
      if l.0 < 0 || l.1 < 0 || l.2 < 0 { return nil }
      let fnj = yFromLinRGB.0 * l.0 + yFromLinRGB.1 * l.1 + yFromLinRGB.2 * l.2
      if fnj <= 0 { return nil }
      if round == 4 || abs(fnj - y) < 0.002 {
        if l.0 > 100.01 || l.1 > 100.01 || l.2 > 100.01 { return nil }
        return MaterialColorSpace.color(linear: l.0, l.1, l.2)
      }
      // Newton's step on J, using the derivative of Y with respect to J being about 2Y/J.
      j = j - (fnj - y) * j / (2 * fnj)
    }
    return nil
  }

  private static func inverseChromaticAdaptation(_ adapted: Double) -> Double {
    let adaptedAbs = abs(adapted)
    let base = max(0, 27.13 * adaptedAbs / (400.0 - adaptedAbs))
    return MaterialMath.signum(adapted) * MaterialMath.pow(base, 1.0 / 0.42)
  }

  typealias Vector = (Double, Double, Double)
  typealias Matrix = (Vector, Vector, Vector)

  /// The matrix times a column vector.
  @inline(__always)
  static func multiply(_ v: Vector, _ m: Matrix) -> Vector {
    (
      v.0 * m.0.0 + v.1 * m.0.1 + v.2 * m.0.2,
      v.0 * m.1.0 + v.1 * m.1.1 + v.2 * m.1.2,
      v.0 * m.2.0 + v.1 * m.2.1 + v.2 * m.2.2
    )
  }
}
