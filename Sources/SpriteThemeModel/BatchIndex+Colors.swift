/// The colours an `index.json` entry carries, so a front end can style a whole list from the
/// index alone: the headline average and dominant colours, the card, the accent, the six
/// swatches and the Material source colour of each sprite.
extension BatchIndex {
  /// An entry's colours, every one `#rrggbb` (card text `#rrggbbaa` when translucent) or nil.
  public struct EntryColors: Codable, Hashable, Sendable {
    /// The headline average colour (`average.hex`).
    public var average: String?
    /// The dominant colour.
    public var dominant: String?
    /// The card's background and text, nil for a fully transparent sprite.
    public var card: CardColors?
    /// The accent (``Theme/accent``).
    public var accent: String?
    /// The six swatches' colours.
    public var swatches: SwatchColors
    /// The Material source colour (``Theme/Material/source``).
    public var materialSource: String?

    /// Only the average and dominant colours (an index written before the others existed).
    public init(average: String?, dominant: String?) {
      self.average = average
      self.dominant = dominant
      swatches = SwatchColors()
    }

    /// The colours of a theme.
    public init(theme: Theme) {
      average = theme.average.hex
      dominant = theme.dominant?.hex
      card = theme.card.map { CardColors(background: $0.background, text: $0.text.hex) }
      accent = theme.accent?.hex
      let set = theme.swatches
      swatches = SwatchColors(
        vibrant: set.vibrant?.hex, lightVibrant: set.lightVibrant?.hex,
        darkVibrant: set.darkVibrant?.hex, muted: set.muted?.hex,
        lightMuted: set.lightMuted?.hex, darkMuted: set.darkMuted?.hex)
      materialSource = theme.material?.source
    }

    /// The colours' keys, written beside an entry's own.
    private enum CodingKeys: String, CodingKey {
      case average, dominant, card, accent, swatches, materialSource
    }

    /// Reads the colours of an entry; those an older index lacks are missing.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      average = try c.decodeIfPresent(String.self, forKey: .average)
      dominant = try c.decodeIfPresent(String.self, forKey: .dominant)
      card = try c.decodeIfPresent(CardColors.self, forKey: .card)
      accent = try c.decodeIfPresent(String.self, forKey: .accent)
      swatches = try c.decodeIfPresent(SwatchColors.self, forKey: .swatches) ?? SwatchColors()
      materialSource = try c.decodeIfPresent(String.self, forKey: .materialSource)
    }

    /// Writes every key, with `null` for a missing colour.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(average, forKey: .average)
      try c.encode(dominant, forKey: .dominant)
      try c.encode(card, forKey: .card)
      try c.encode(accent, forKey: .accent)
      try c.encode(swatches, forKey: .swatches)
      try c.encode(materialSource, forKey: .materialSource)
    }

    /// Calls `body` with each of the colours as a fixed list of 12 fields (a run record's
    /// columns), in order: average, dominant, the card's background and text (both nil when
    /// there is none), accent, Material source, then the six swatches in SPEC order.
    package func forEachField(_ body: (String?) -> Void) {
      body(average)
      body(dominant)
      body(card?.background)
      body(card?.text)
      body(accent)
      body(materialSource)
      body(swatches.vibrant)
      body(swatches.lightVibrant)
      body(swatches.darkVibrant)
      body(swatches.muted)
      body(swatches.lightMuted)
      body(swatches.darkMuted)
    }

    /// Colours from the 12 fields of ``forEachField(_:)``; nil unless there are exactly 12.
    package init?(fields f: [String?]) {
      guard f.count == 12 else { return nil }
      average = f[0]
      dominant = f[1]
      if let background = f[2], let text = f[3] {
        card = CardColors(background: background, text: text)
      }
      accent = f[4]
      materialSource = f[5]
      swatches = SwatchColors(
        vibrant: f[6], lightVibrant: f[7], darkVibrant: f[8], muted: f[9], lightMuted: f[10],
        darkMuted: f[11])
    }
  }

  /// A card's two colours.
  public struct CardColors: Codable, Hashable, Sendable {
    /// The card's background, `#rrggbb`.
    public var background: String
    /// The text on it, `#rrggbb` or `#rrggbbaa`.
    public var text: String

    /// Creates the pair.
    public init(background: String, text: String) {
      self.background = background
      self.text = text
    }
  }

  /// The hex of each of the six swatches, nil where the theme has none.
  public struct SwatchColors: Codable, Hashable, Sendable {
    /// Saturated, medium lightness.
    public var vibrant: String?
    /// Saturated, light.
    public var lightVibrant: String?
    /// Saturated, dark.
    public var darkVibrant: String?
    /// Desaturated, medium lightness.
    public var muted: String?
    /// Desaturated, light.
    public var lightMuted: String?
    /// Desaturated, dark.
    public var darkMuted: String?

    /// Creates the set; every swatch missing by default.
    public init(
      vibrant: String? = nil, lightVibrant: String? = nil, darkVibrant: String? = nil,
      muted: String? = nil, lightMuted: String? = nil, darkMuted: String? = nil
    ) {
      self.vibrant = vibrant
      self.lightVibrant = lightVibrant
      self.darkVibrant = darkVibrant
      self.muted = muted
      self.lightMuted = lightMuted
      self.darkMuted = darkMuted
    }

    /// Writes all six keys, `null` for a missing swatch.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(vibrant, forKey: .vibrant)
      try c.encode(lightVibrant, forKey: .lightVibrant)
      try c.encode(darkVibrant, forKey: .darkVibrant)
      try c.encode(muted, forKey: .muted)
      try c.encode(lightMuted, forKey: .lightMuted)
      try c.encode(darkMuted, forKey: .darkMuted)
    }
  }
}
