import SpriteCore

/// The colours a sprite's Material scheme is built from (SPEC 10): its source colour and its
/// accent, both chosen from the alpha-aware palette, so transparent pixels never count.
public struct MaterialSource: Hashable, Sendable {
  /// Tones below this are a sprite's dark outline for ``accent``.
  public static let outlineTone = 20.0
  /// Tones above this are a sprite's white highlight or background for ``accent``.
  public static let highlightTone = 95.0
  /// Colours below this HCT chroma count as grey for ``isGrey``: the chroma of Material's own
  /// neutral-variant palette in its default (tonal spot) scheme, the most a Material grey has.
  public static let greyChroma = 8.0
  /// A sprite whose colours of ``greyChroma`` or more hold less than this share of its
  /// alpha-weighted pixels is grey (``isGrey``): a detail under 3% of the sprite (a skeleton's
  /// eyes, a glint, anti-aliased fringes) does not colour its scheme, while a black-and-white
  /// character's beak and feet (4-10% of SuperTux's Tux frames) do.
  public static let greyShare = 0.03

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
  /// The share (0-1) of the alpha-weighted pixels whose palette colour has an HCT chroma of
  /// ``greyChroma`` or more.
  public let chromaticShare: Double

  /// True for a sprite without chromatic colour (SPEC 10), which gets the monochrome variant
  /// unless one is asked for: no ``Score`` candidate, or colours of chroma ``greyChroma`` or
  /// more on less than ``greyShare`` of its alpha-weighted pixels. Other variants would invent a
  /// hue from a grey's numerical hue.
  public var isGrey: Bool { !isChromatic || chromaticShare < Self.greyShare }

  /// The source and accent of a palette; nil for a palette without entries (a transparent
  /// sprite).
  public init?(palette: Palette) {
    self.init(entries: palette.entries)
  }

  /// The source and accent of palette entries weighted by their alpha-weighted pixel weights.
  public init?(entries: [Palette.Entry]) {
    let colors = entries.map { (color: $0.color, population: Double($0.weight)) }
    guard let dominant = entries.max(by: { $0.weight < $1.weight }) else { return nil }
    let total = entries.reduce(0.0) { $0 + Double($1.weight) }
    let chromatic = entries.reduce(0.0) {
      HCT($1.color).chroma >= Self.greyChroma ? $0 + Double($1.weight) : $0
    }
    chromaticShare = total > 0 ? chromatic / total : 0
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
