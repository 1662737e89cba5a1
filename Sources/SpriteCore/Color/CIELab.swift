/// A colour in CIE 1976 L\*a\*b\* (CIELAB), D65 white, 2° observer.
///
/// 8-bit sRGB is decoded to linear light (``SRGB``), taken to CIE XYZ with Bruce Lindbloom's
/// sRGB matrix (primaries of IEC 61966-2-1, white ASTM E308 D65), then to L\*a\*b\* with the CIE
/// 15 formulas using the exact ε = 216/24389 and κ = 24389/27.
///
/// The white point Xn, Yn, Zn = 0.95047, 1, 1.08883 is the matrix's own white (its row sums),
/// so sRGB white maps to (100, 0, 0). sRGB red maps to (53.24, 80.09, 67.20).
///
/// Sources: CIE 15:2004 "Colorimetry", section 8.2.1; B. Lindbloom, "RGB/XYZ Matrices",
/// http://www.brucelindbloom.com/Eqn_RGB_XYZ_Matrix.html.
public struct CIELab: Hashable, Sendable {
  /// Lightness L\*, 0 (black) to 100 (white).
  public var l: Double
  /// Green (negative) to red (positive) a\*.
  public var a: Double
  /// Blue (negative) to yellow (positive) b\*.
  public var b: Double

  /// Creates a colour from its three coordinates.
  @inlinable
  public init(l: Double, a: Double, b: Double) {
    self.l = l
    self.a = a
    self.b = b
  }

  /// The D65 reference white (X, Y, Z) with Y = 1 (ASTM E308; the rows of the matrix sum to it).
  public static let whitePoint: (x: Double, y: Double, z: Double) = (0.95047, 1.0, 1.08883)

  /// The CIE constant ε = 216/24389, where the cube-root segment of `f` begins.
  public static let epsilon: Double = 216.0 / 24389.0

  /// The CIE constant κ = 24389/27, the slope of the linear segment of L\*.
  public static let kappa: Double = 24389.0 / 27.0

  /// Converts CIE XYZ (D65, Y = 1 for white) to CIELAB.
  public init(x: Double, y: Double, z: Double) {
    let fx = CIELab.f(x / CIELab.whitePoint.x)
    let fy = CIELab.f(y / CIELab.whitePoint.y)
    let fz = CIELab.f(z / CIELab.whitePoint.z)
    self.l = 116 * fy - 16
    self.a = 500 * (fx - fy)
    self.b = 200 * (fy - fz)
  }

  /// Converts linear-light sRGB (each channel 0-1) to CIELAB.
  public init(linearRed r: Double, green g: Double, blue b: Double) {
    let xyz = CIELab.xyz(linearRed: r, green: g, blue: b)
    self.init(x: xyz.x, y: xyz.y, z: xyz.z)
  }

  /// Converts an 8-bit sRGB colour (alpha ignored) to CIELAB.
  public init(_ color: RGBA8) {
    self.init(
      linearRed: SRGB.linear(color.r), green: SRGB.linear(color.g), blue: SRGB.linear(color.b))
  }

  /// Converts linear-light sRGB to CIE XYZ (D65) with Lindbloom's sRGB matrix.
  public static func xyz(
    linearRed r: Double, green g: Double, blue b: Double
  ) -> (x: Double, y: Double, z: Double) {
    (
      0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
      0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
      0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    )
  }

  /// The colour in CIE XYZ (D65, Y = 1 for white), inverting the CIE 15 formulas.
  public var xyz: (x: Double, y: Double, z: Double) {
    let fy = (l + 16) / 116
    let fx = fy + a / 500
    let fz = fy - b / 200
    let y = l > CIELab.kappa * CIELab.epsilon ? fy * fy * fy : l / CIELab.kappa
    return (
      CIELab.whitePoint.x * CIELab.fInverse(fx), CIELab.whitePoint.y * y,
      CIELab.whitePoint.z * CIELab.fInverse(fz)
    )
  }

  /// The polar form: lightness, chroma C\*ab and hue h_ab in degrees [0, 360) (hue 0 for greys).
  public var lch: (l: Double, c: Double, h: Double) {
    let c = (a * a + b * b).squareRoot()
    guard c > 1e-12 else { return (l, 0, 0) }
    var h = atan2(b, a) * 180 / Double.pi
    if h < 0 { h += 360 }
    return (l, c, h)
  }

  /// The colour difference to `other` by CIEDE2000 (see ``CIEDE2000``).
  @inlinable
  public func difference(to other: CIELab) -> Double {
    CIEDE2000.difference(self, other)
  }

  /// The CIE `f(t)`: cube root above ε, a straight line (κt + 16)/116 below it.
  static func f(_ t: Double) -> Double {
    t > epsilon ? cbrt(t) : (kappa * t + 16) / 116
  }

  /// The inverse of ``f(_:)``.
  static func fInverse(_ ft: Double) -> Double {
    let cube = ft * ft * ft
    return cube > epsilon ? cube : (116 * ft - 16) / kappa
  }
}
