import SpriteCore

extension Theme {
  /// The sprite's dark outline (SPEC section 4): the colour of the ring of visible pixels next
  /// to transparency or the image edge, and the ring's share of the sprite.
  public struct OutlineColor: Codable, Hashable, Sendable {
    /// `#rrggbb`, lower-case: the ring's median colour.
    public var hex: String
    /// `[r, g, b]`, integers 0-255.
    public var rgb: SIMD3<Int>
    /// The ring's share of the sprite's alpha-weighted visible pixels, 0-1 (six decimals).
    public var share: Double

    /// Describes a found outline.
    public init(_ outline: SpriteCore.Outline) {
      hex = outline.color.hex
      rgb = SIMD3(Int(outline.color.r), Int(outline.color.g), Int(outline.color.b))
      share = Theme.rounded(outline.share)
    }
  }
}
