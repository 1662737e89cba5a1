/// A colour as hue, saturation and lightness, with Android's definitions (for swatch scoring).
///
/// Computed from the 8-bit sRGB-encoded channels (no linearisation): with max, min and
/// Δ = max − min of R/255, G/255, B/255, L = (max + min)/2, S = Δ/(1 − |2L − 1|) (0 for greys)
/// and the hue in degrees [0, 360) (0 for greys). The values are clamped to their ranges.
///
/// Source: androidx `ColorUtils.RGBToHSL` (core/core/src/main/java/androidx/core/graphics/
/// ColorUtils.java), the formulas re-derived here in `Double` instead of `float`.
public struct HSL: Hashable, Sendable {
  /// Hue in degrees, [0, 360); 0 for greys.
  public var hue: Double
  /// Saturation, 0 (grey) to 1.
  public var saturation: Double
  /// Lightness, 0 (black) to 1 (white).
  public var lightness: Double

  /// Creates a colour from its three components.
  @inlinable
  public init(hue: Double, saturation: Double, lightness: Double) {
    self.hue = hue
    self.saturation = saturation
    self.lightness = lightness
  }

  /// Converts an 8-bit sRGB colour (alpha ignored) to HSL.
  public init(_ color: RGBA8) {
    let r = Double(color.r) / 255
    let g = Double(color.g) / 255
    let b = Double(color.b) / 255
    let maximum = max(r, g, b)
    let minimum = min(r, g, b)
    let delta = maximum - minimum
    let l = (maximum + minimum) / 2
    guard delta > 0 else {
      self.init(hue: 0, saturation: 0, lightness: l)
      return
    }
    var h: Double
    if maximum == r {
      h = ((g - b) / delta).truncatingRemainder(dividingBy: 6)
    } else if maximum == g {
      h = (b - r) / delta + 2
    } else {
      h = (r - g) / delta + 4
    }
    h = (h * 60).truncatingRemainder(dividingBy: 360)
    if h < 0 { h += 360 }
    let s = delta / (1 - abs(2 * l - 1))
    self.init(
      hue: h >= 360 ? 0 : h, saturation: min(max(s, 0), 1), lightness: min(max(l, 0), 1))
  }
}
