import SpriteCore

/// A colour in the CAM16 colour appearance model, as material-color-utilities computes it
/// (`typescript/hct/cam16.ts`, commit 6112292f), in ``ViewingConditions/standard``.
public struct CAM16: Hashable, Sendable {
  /// Hue angle in degrees, [0, 360).
  public let hue: Double
  /// Chroma C.
  public let chroma: Double
  /// Lightness J.
  public let j: Double
  /// Brightness Q.
  public let q: Double
  /// Colourfulness M.
  public let m: Double
  /// Saturation s.
  public let s: Double
  /// CAM16-UCS J*.
  public let jstar: Double
  /// CAM16-UCS a*.
  public let astar: Double
  /// CAM16-UCS b*.
  public let bstar: Double

  /// The CAM16 coordinates of an opaque sRGB colour (alpha ignored).
  public init(_ color: RGBA8, in vc: ViewingConditions = .standard) {
    let (x, y, z) = MaterialColorSpace.xyz(color)
    self.init(x: x, y: y, z: z, in: vc)
  }

  /// The CAM16 coordinates of an XYZ triple (Y 0-100).
  public init(x: Double, y: Double, z: Double, in vc: ViewingConditions = .standard) {
    let core = Self.hueAndChroma(x: x, y: y, z: z, in: vc)
    let hueRadians = (core.hue * Double.pi) / 180.0
    let j = core.j
    let c = core.chroma
    let q = (4.0 / vc.c) * (j / 100.0).squareRoot() * (vc.aw + 4.0) * vc.flRoot
    let m = c * vc.flRoot
    let s = 50.0 * ((core.alpha * vc.c) / (vc.aw + 4.0)).squareRoot()
    let jstar = ((1.0 + 100.0 * 0.007) * j) / (1.0 + 0.007 * j)
    let mstar = (1.0 / 0.0228) * MaterialMath.log(1.0 + 0.0228 * m)
    self.hue = core.hue
    self.chroma = c
    self.j = j
    self.q = q
    self.m = m
    self.s = s
    self.jstar = jstar
    self.astar = mstar * MaterialMath.cos(hueRadians)
    self.bstar = mstar * MaterialMath.sin(hueRadians)
  }

  /// The first half of ``init(x:y:z:in:)``: hue (degrees), chroma, lightness J and the chroma
  /// term alpha, all that HCT needs (the other correlates cost a logarithm, a sine and a cosine
  /// more).
  @inline(__always)
  static func hueAndChroma(x: Double, y: Double, z: Double, in vc: ViewingConditions)
    -> (hue: Double, chroma: Double, j: Double, alpha: Double)
  {
    let rC = 0.401288 * x + 0.650173 * y - 0.051461 * z
    let gC = -0.250268 * x + 1.204414 * y + 0.045854 * z
    let bC = -0.002079 * x + 0.048952 * y + 0.953127 * z
    let rD = vc.rgbD.0 * rC
    let gD = vc.rgbD.1 * gC
    let bD = vc.rgbD.2 * bC
    func adapt(_ d: Double) -> Double {
      let af = MaterialMath.pow((vc.fl * abs(d)) / 100.0, 0.42)
      return (MaterialMath.signum(d) * 400.0 * af) / (af + 27.13)
    }
    let rA = adapt(rD)
    let gA = adapt(gD)
    let bA = adapt(bD)
    let a = (11.0 * rA + -12.0 * gA + bA) / 11.0
    let b = (rA + gA - 2.0 * bA) / 9.0
    let u = (20.0 * rA + 20.0 * gA + 21.0 * bA) / 20.0
    let p2 = (40.0 * rA + 20.0 * gA + bA) / 20.0
    let atanDegrees = (MaterialMath.atan2(b, a) * 180.0) / Double.pi
    let hue = MaterialMath.sanitizeDegrees(atanDegrees)
    let ac = p2 * vc.nbb
    let j = 100.0 * MaterialMath.pow(ac / vc.aw, vc.c * vc.z)
    let huePrime = hue < 20.14 ? hue + 360 : hue
    let eHue = 0.25 * (MaterialMath.cos((huePrime * Double.pi) / 180.0 + 2.0) + 3.8)
    let p1 = (50000.0 / 13.0) * eHue * vc.nc * vc.ncb
    let t = (p1 * (a * a + b * b).squareRoot()) / (u + 0.305)
    let alpha = MaterialMath.pow(t, 0.9) * vc.chromaFactor
    let c = alpha * (j / 100.0).squareRoot()
    return (hue, c, j, alpha)
  }

  /// The CAM16-UCS distance ΔE' to another colour (1.41·ΔE^0.63).
  public func distance(to other: CAM16) -> Double {
    let dJ = jstar - other.jstar
    let dA = astar - other.astar
    let dB = bstar - other.bstar
    return 1.41 * MaterialMath.pow((dJ * dJ + dA * dA + dB * dB).squareRoot(), 0.63)
  }
}
