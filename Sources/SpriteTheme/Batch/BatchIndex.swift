/// The `index.json` of an output directory: one entry per input that worked, the failures, and
/// the entries a producer skipped (SPEC section 8). Each list keeps the input order, so the file
/// does not depend on how many jobs ran.
public struct BatchIndex: Codable, Hashable, Sendable {
  /// The schema identifier written in every index file.
  public static let schemaIdentifier = "spritetheme/index@1"

  /// A sprite whose theme was written.
  public struct Entry: Codable, Hashable, Sendable {
    /// The sprite's output name.
    public var name: String
    /// The input path (or URL) as given.
    public var source: String
    /// The theme file, relative to the output directory (`themes/<name>.json`).
    public var theme: String
    /// The headline average colour (`average.hex`), or `null` when its extent is empty.
    public var average: String?
    /// The dominant colour's hex, or `null` for a fully transparent sprite.
    public var dominant: String?
    /// The card's background and text, or `null` for a fully transparent sprite.
    public var card: CardColors?
    /// The theme's accent hex, or `null` when the sprite has no chromatic colour.
    public var accent: String?
    /// The six swatches' hex, each `null` when the theme has none.
    public var swatches: SwatchColors
    /// The Material source colour's hex, or `null` for a fully transparent sprite.
    public var materialSource: String?

    /// Creates an entry with only the average and dominant colours.
    public init(name: String, source: String, theme: String, average: String?, dominant: String?) {
      self.init(
        name: name, source: source, theme: theme,
        colors: EntryColors(average: average, dominant: dominant))
    }

    /// Creates an entry with all its colours.
    public init(name: String, source: String, theme: String, colors: EntryColors) {
      self.name = name
      self.source = source
      self.theme = theme
      average = colors.average
      dominant = colors.dominant
      card = colors.card
      accent = colors.accent
      swatches = colors.swatches
      materialSource = colors.materialSource
    }

    /// The entry's colours.
    public var colors: EntryColors {
      var colors = EntryColors(average: average, dominant: dominant)
      colors.card = card
      colors.accent = accent
      colors.swatches = swatches
      colors.materialSource = materialSource
      return colors
    }

    /// The entry's keys in JSON.
    private enum CodingKeys: String, CodingKey {
      case name, source, theme, average, dominant, card, accent, swatches, materialSource
    }

    /// Reads an entry; one written before the card, accent, swatches and Material source
    /// existed has none of them.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      name = try c.decode(String.self, forKey: .name)
      source = try c.decode(String.self, forKey: .source)
      theme = try c.decode(String.self, forKey: .theme)
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
      try c.encode(name, forKey: .name)
      try c.encode(source, forKey: .source)
      try c.encode(theme, forKey: .theme)
      try c.encode(average, forKey: .average)
      try c.encode(dominant, forKey: .dominant)
      try c.encode(card, forKey: .card)
      try c.encode(accent, forKey: .accent)
      try c.encode(swatches, forKey: .swatches)
      try c.encode(materialSource, forKey: .materialSource)
    }
  }

  /// An input that failed, with the stage that failed and why.
  public struct Failure: Codable, Hashable, Sendable {
    /// The input path (or URL) as given.
    public var source: String
    /// `read`, `decode`, `encode` or `write` (and `fetch` for downloads).
    public var stage: String
    /// The reason, one sentence.
    public var message: String

    /// Creates a failure record.
    public init(source: String, stage: String, message: String) {
      self.source = source
      self.stage = stage
      self.message = message
    }
  }

  /// An entry the producer left out on purpose (a PokeAPI entry without the sprite asked for),
  /// with why.
  public struct Skip: Codable, Hashable, Sendable {
    /// The entry's name.
    public var name: String
    /// Why it has no theme, one sentence.
    public var reason: String

    /// Creates a skip record.
    public init(name: String, reason: String) {
      self.name = name
      self.reason = reason
    }
  }

  /// Always ``schemaIdentifier``.
  public var schema: String
  /// The number of inputs: `entries.count + errors.count`.
  public var count: Int
  /// The sprites that worked, in input order.
  public var entries: [Entry]
  /// The inputs that failed, in input order.
  public var errors: [Failure]
  /// The entries skipped on purpose, in input order; empty for `batch`.
  public var skipped: [Skip]

  /// Creates an index of the current schema.
  public init(entries: [Entry], errors: [Failure], skipped: [Skip] = []) {
    self.schema = Self.schemaIdentifier
    self.count = entries.count + errors.count
    self.entries = entries
    self.errors = errors
    self.skipped = skipped
  }

  /// Reads an index; one written before `skipped` existed has none.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    schema = try c.decode(String.self, forKey: .schema)
    count = try c.decode(Int.self, forKey: .count)
    entries = try c.decode([Entry].self, forKey: .entries)
    errors = try c.decode([Failure].self, forKey: .errors)
    skipped = try c.decodeIfPresent([Skip].self, forKey: .skipped) ?? []
  }
}
