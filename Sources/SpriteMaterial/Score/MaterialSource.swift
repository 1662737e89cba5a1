import SpriteCore

/// The colours a sprite's Material scheme is built from (SPEC 10): its source colour and its
/// accent, both chosen from the alpha-aware palette, so transparent pixels never count.
public struct MaterialSource: Hashable, Sendable {
  /// Tones below this are a sprite's dark outline for ``accent``.
  public static let outlineTone = 20.0
  /// Tones above this are a sprite's white highlight or background for ``accent``.
  public static let highlightTone = 95.0

  /// The scheme's source colour: ``Score``'s best colour; for a sprite without a chromatic
  /// colour (every colour below chroma 5 or in a hue family of at most 1%), its most populous
  /// colour, so a grey sprite gets a grey scheme instead of Material's stock blue.
  public let source: RGBA8
  /// True when ``source`` came from ``Score``; false when it is the grey fallback.
  public let isChromatic: Bool
  /// The most characteristic chromatic colour: the best-scoring ``Score`` candidate whose tone
  /// is neither an outline (below ``outlineTone``) nor a highlight (above ``highlightTone``);
  /// failing that the best candidate of any tone; nil when the sprite has no chromatic colour.
  ///
  /// The dominant colour is often the black outline (29 of the 51 samples) and the source may
  /// be a dark, chromatic outline; the accent is the body colour a card would be styled with.
  public let accent: RGBA8?
  /// Up to four source colours, best first, spread apart in hue (the `Score` result).
  public let ranked: [RGBA8]

  /// The source and accent of a palette; nil for a palette without entries (a transparent
  /// sprite).
  public init?(palette: Palette) {
    self.init(entries: palette.entries)
  }

  /// The source and accent of palette entries weighted by their alpha-weighted pixel weights.
  public init?(entries: [Palette.Entry]) {
    let colors = entries.map { (color: $0.color, population: Double($0.weight)) }
    guard let dominant = entries.max(by: { $0.weight < $1.weight }) else { return nil }
    let candidates = Score.candidates(colors)
    ranked = Score.rank(candidates: candidates)
    accent =
      (candidates.first {
        $0.hct.tone >= Self.outlineTone && $0.hct.tone <= Self.highlightTone
      } ?? candidates.first)?.hct.color
    if let best = ranked.first {
      source = best
      isChromatic = true
    } else {
      source = RGBA8(r: dominant.color.r, g: dominant.color.g, b: dominant.color.b)
      isChromatic = false
    }
  }
}
