/// The CAM16 viewing conditions, computed as material-color-utilities does
/// (`typescript/hct/viewing_conditions.ts`, commit 6112292f).
///
/// ``standard`` is MCU's default: D65 white, adapting luminance (200/π)·Y(L* 50)/100, background
/// L* 50, average surround (2.0), illuminant not discounted.
public struct ViewingConditions: Hashable, Sendable {
  /// Background luminance relative to the white point (Y_b / Y_w).
  public let n: Double
  /// Achromatic response of the white point.
  public let aw: Double
  /// Background induction factor.
  public let nbb: Double
  /// Chromatic induction factor.
  public let ncb: Double
  /// Exponential non-linearity c of the surround.
  public let c: Double
  /// Chromatic induction factor of the surround.
  public let nc: Double
  /// Degree-of-adaptation factors per cone channel.
  public let rgbD: (Double, Double, Double)
  /// Luminance-level adaptation factor F_L.
  public let fl: Double
  /// F_L to the power 0.25.
  public let flRoot: Double
  /// Base exponential non-linearity z.
  public let z: Double
  /// (1.64 - 0.29^n)^0.73, a factor of CAM16 chroma.
  let chromaFactor: Double

  /// MCU's default viewing conditions.
  public static let standard = ViewingConditions(
    whitePoint: (95.047, 100.0, 108.883),
    adaptingLuminance: (200.0 / Double.pi) * MaterialColorSpace.y(fromLstar: 50.0) / 100.0,
    backgroundLstar: 50.0, surround: 2.0, discountingIlluminant: false)

  /// Computes viewing conditions from the white point (XYZ), adapting luminance (cd/m²),
  /// background L*, surround (0 dark to 2 average) and whether the illuminant is discounted.
  public init(
    whitePoint: (Double, Double, Double), adaptingLuminance la: Double, backgroundLstar: Double,
    surround: Double, discountingIlluminant: Bool
  ) {
    let (x, y, zw) = whitePoint
    let rW = x * 0.401288 + y * 0.650173 + zw * -0.051461
    let gW = x * -0.250268 + y * 1.204414 + zw * 0.045854
    let bW = x * -0.002079 + y * 0.048952 + zw * 0.953127
    let f = 0.8 + surround / 10.0
    let c =
      f >= 0.9
      ? MaterialMath.lerp(0.59, 0.69, (f - 0.9) * 10.0)
      : MaterialMath.lerp(0.525, 0.59, (f - 0.8) * 10.0)
    var d =
      discountingIlluminant
      ? 1.0 : f * (1.0 - (1.0 / 3.6) * MaterialMath.exp((-la - 42.0) / 92.0))
    d = d > 1.0 ? 1.0 : (d < 0.0 ? 0.0 : d)
    let rgbD = (
      d * (100.0 / rW) + 1.0 - d, d * (100.0 / gW) + 1.0 - d, d * (100.0 / bW) + 1.0 - d
    )
    let k = 1.0 / (5.0 * la + 1.0)
    let k4 = k * k * k * k
    let k4F = 1.0 - k4
    let fl = k4 * la + 0.1 * k4F * k4F * MaterialMath.pow(5.0 * la, 1.0 / 3.0)
    let n = MaterialColorSpace.y(fromLstar: backgroundLstar) / y
    let z = 1.48 + n.squareRoot()
    let nbb = 0.725 / MaterialMath.pow(n, 0.2)
    func adapted(_ dc: Double, _ w: Double) -> Double {
      let factor = MaterialMath.pow((fl * dc * w) / 100.0, 0.42)
      return (400.0 * factor) / (factor + 27.13)
    }
    let aw =
      (2.0 * adapted(rgbD.0, rW) + adapted(rgbD.1, gW) + 0.05 * adapted(rgbD.2, bW)) * nbb
    self.n = n
    self.aw = aw
    self.nbb = nbb
    self.ncb = nbb
    self.c = c
    self.nc = f
    self.rgbD = rgbD
    self.fl = fl
    self.flRoot = MaterialMath.pow(fl, 0.25)
    self.z = z
    self.chromaFactor = MaterialMath.pow(1.64 - MaterialMath.pow(0.29, n), 0.73)
  }

  /// Equality of every field.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.n == rhs.n && lhs.aw == rhs.aw && lhs.nbb == rhs.nbb && lhs.c == rhs.c
      && lhs.nc == rhs.nc && lhs.rgbD == rhs.rgbD && lhs.fl == rhs.fl && lhs.z == rhs.z
  }

  /// Hashes the fields that determine the others.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(n)
    hasher.combine(aw)
    hasher.combine(fl)
  }
}
