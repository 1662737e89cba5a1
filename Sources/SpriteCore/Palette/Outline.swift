/// A sprite's dark outline (SPEC section 4): the colour of its ``OutlineRing`` when the ring is
/// mostly dark, and the ring's share of the sprite.
///
/// ```swift
/// if let outline = Outline(ring: OutlineRing(of: image), visibleWeight: palette.totalWeight) {
///   print(outline.color.hex, outline.share)  // "#000000", 0.31
/// }
/// ```
public struct Outline: Hashable, Sendable {
  /// The ring's median colour (``OutlineRing/medianColor``), opaque.
  public var color: RGBA8
  /// The ring's weight: the sum of its pixels' alpha values.
  public var weight: Int
  /// The ring's share of the sprite's visible (alpha-weighted) pixels, 0-1.
  public var share: Double

  /// A ring whose median colour is darker than this OKLab lightness is an outline.
  public static let maximumLightness = 0.35

  /// The outline of a sprite whose ring is `ring` and whose visible pixels weigh
  /// `visibleWeight` (the sum of their alpha values), or `nil` when the ring is empty or its
  /// median colour has OKLab L of at least ``maximumLightness``.
  public init?(ring: OutlineRing, visibleWeight: Int) {
    guard let color = ring.medianColor, visibleWeight > 0,
      OKLab(color).l < Self.maximumLightness
    else { return nil }
    self.color = color
    self.weight = ring.totalWeight
    self.share = Double(weight) / Double(visibleWeight)
  }
}
