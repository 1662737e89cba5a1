/// A colour in Björn Ottosson's OKLab space: `l` lightness (0 black to 1 white), `a` green-red,
/// `b` blue-yellow.
///
/// Source: B. Ottosson, "A perceptual color space for image processing" (2020),
/// https://bottosson.github.io/posts/oklab/ — the M1 and M2 matrices from linear sRGB.
public struct OKLab: Hashable, Sendable {
  /// Perceived lightness, 0 (black) to 1 (white).
  public var l: Double
  /// Green (negative) to red (positive).
  public var a: Double
  /// Blue (negative) to yellow (positive).
  public var b: Double

  /// Creates a colour from its three coordinates.
  @inlinable
  public init(l: Double, a: Double, b: Double) {
    self.l = l
    self.a = a
    self.b = b
  }

  /// Converts linear-light sRGB (each channel 0-1; out-of-gamut values allowed) to OKLab.
  public init(linearRed r: Double, green g: Double, blue b: Double) {
    let lms0 = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
    let lms1 = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
    let lms2 = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
    let lRoot = cbrt(lms0)
    let mRoot = cbrt(lms1)
    let sRoot = cbrt(lms2)
    self.l = 0.2104542553 * lRoot + 0.7936177850 * mRoot - 0.0040720468 * sRoot
    self.a = 1.9779984951 * lRoot - 2.4285922050 * mRoot + 0.4505937099 * sRoot
    self.b = 0.0259040371 * lRoot + 0.7827717662 * mRoot - 0.8086757660 * sRoot
  }

  /// Converts an 8-bit sRGB colour (alpha ignored) to OKLab.
  public init(_ color: RGBA8) {
    self.init(
      linearRed: SRGB.linear(color.r), green: SRGB.linear(color.g), blue: SRGB.linear(color.b))
  }

  /// The colour in linear-light sRGB, channels possibly outside 0-1 for out-of-gamut colours.
  public var linearRGB: (red: Double, green: Double, blue: Double) {
    let lRoot = l + 0.3963377774 * a + 0.2158037573 * b
    let mRoot = l - 0.1055613458 * a - 0.0638541728 * b
    let sRoot = l - 0.0894841775 * a - 1.2914855480 * b
    let lc = lRoot * lRoot * lRoot
    let mc = mRoot * mRoot * mRoot
    let sc = sRoot * sRoot * sRoot
    return (
      4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc,
      -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc,
      -0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc
    )
  }

  /// The nearest opaque 8-bit sRGB colour (channels clamped to the gamut).
  public var rgba8: RGBA8 {
    let rgb = linearRGB
    return RGBA8(r: SRGB.encode(rgb.red), g: SRGB.encode(rgb.green), b: SRGB.encode(rgb.blue))
  }

  /// The polar form: lightness, chroma and hue in degrees [0, 360) (hue 0 for greys).
  public var lch: (l: Double, c: Double, h: Double) {
    let c = (a * a + b * b).squareRoot()
    guard c > 1e-12 else { return (l, 0, 0) }
    var h = atan2(b, a) * 180 / Double.pi
    if h < 0 { h += 360 }
    return (l, c, h)
  }

  /// The squared Euclidean distance to `other`, the k-means metric.
  @inlinable
  public func distanceSquared(to other: OKLab) -> Double {
    let dl = l - other.l
    let da = a - other.a
    let db = b - other.b
    return dl * dl + da * da + db * db
  }
}
