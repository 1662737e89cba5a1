/// The `index.json` of an output directory: one entry per input that worked, the failures, and
/// the entries a producer skipped (SPEC section 8). Each list keeps the input order, so the file
/// does not depend on how many jobs ran.
public struct BatchIndex: Codable, Hashable, Sendable {
  /// The schema identifier written in every index file.
  public static let schemaIdentifier = "spritetheme/index@1"

  /// A sprite whose theme was written; its colours read as its own members (`entry.average`,
  /// `entry.card`, ...).
  @dynamicMemberLookup
  public struct Entry: Codable, Hashable, Sendable {
    /// The sprite's output name.
    public var name: String
    /// The input path (or URL) as given.
    public var source: String
    /// The theme file, relative to the output directory (`themes/<name>.json`).
    public var theme: String
    /// The average, dominant, card, accent, swatch and Material source colours.
    public var colors: EntryColors

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
      self.colors = colors
    }

    /// One of the entry's colours.
    public subscript<Value>(dynamicMember colour: WritableKeyPath<EntryColors, Value>) -> Value {
      get { colors[keyPath: colour] }
      set { colors[keyPath: colour] = newValue }
    }

    /// The entry's own keys in JSON; the colours' keys sit beside them.
    private enum CodingKeys: String, CodingKey {
      case name, source, theme
    }

    /// Reads an entry; one written before the card, accent, swatches and Material source
    /// existed has none of them.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      name = try c.decode(String.self, forKey: .name)
      source = try c.decode(String.self, forKey: .source)
      theme = try c.decode(String.self, forKey: .theme)
      colors = try EntryColors(from: decoder)
    }

    /// Writes every key, with `null` for a missing colour.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(name, forKey: .name)
      try c.encode(source, forKey: .source)
      try c.encode(theme, forKey: .theme)
      try colors.encode(to: encoder)
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

  /// What made the index: the options that shape every file and the shard of the input list
  /// (SPEC section 14), so `merge` can tell shards that belong together.
  public struct Run: Codable, Hashable, Sendable {
    /// Every option that shapes the files, spelled out in a fixed form (the pipeline's
    /// `fingerprint`, then `thumbnails=32,96 fit=contain`).
    public var options: String
    /// The shard of the input list this run kept (`--shard I/N`); nil for the whole list.
    public var shard: String?

    /// Creates a run record.
    public init(options: String, shard: String?) {
      self.options = options
      self.shard = shard
    }

    /// Writes both keys, `null` for a whole list.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(options, forKey: .options)
      try c.encode(shard, forKey: .shard)
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
  /// The run that made the themes; nil for an index written before runs were recorded, or one
  /// of downloads alone (`fetch --download-only`).
  public var run: Run?

  /// Creates an index of the current schema.
  public init(entries: [Entry], errors: [Failure], skipped: [Skip] = [], run: Run? = nil) {
    self.schema = Self.schemaIdentifier
    self.count = entries.count + errors.count
    self.entries = entries
    self.errors = errors
    self.skipped = skipped
    self.run = run
  }

  /// The index's keys in JSON.
  private enum CodingKeys: String, CodingKey {
    case schema, count, entries, errors, skipped, run
  }

  /// Reads an index; one written before `skipped` or `run` existed has none.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    schema = try c.decode(String.self, forKey: .schema)
    count = try c.decode(Int.self, forKey: .count)
    entries = try c.decode([Entry].self, forKey: .entries)
    errors = try c.decode([Failure].self, forKey: .errors)
    skipped = try c.decodeIfPresent([Skip].self, forKey: .skipped) ?? []
    run = try c.decodeIfPresent(Run.self, forKey: .run)
  }

  /// Writes every key, with `null` for a missing run.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(schema, forKey: .schema)
    try c.encode(count, forKey: .count)
    try c.encode(entries, forKey: .entries)
    try c.encode(errors, forKey: .errors)
    try c.encode(skipped, forKey: .skipped)
    try c.encode(run, forKey: .run)
  }
}
