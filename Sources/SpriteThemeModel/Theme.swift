import SpriteCore

/// The theme document for one sprite (SPEC section 6), `schema: "spritetheme/theme@2"`.
///
/// Version 2 added `outline` and made `dominant` the body's colour (the most populous palette
/// colour off the outline ring); readers also accept version 1 (``readableSchemaIdentifiers``).
///
/// Encode it with ``ThemeEncoder`` for stable bytes: sorted keys, no timestamps.
public struct Theme: Codable, Hashable, Sendable {
  /// The schema identifier written in every theme file.
  public static let schemaIdentifier = "spritetheme/theme@2"
  /// The schemas `export` and `report` read: this one and `theme@1`, which has no `outline` and
  /// whose `dominant` is the most populous palette colour, outline or not.
  public static let readableSchemaIdentifiers: Set<String> = [
    schemaIdentifier, "spritetheme/theme@1",
  ]

  /// Always ``schemaIdentifier`` for documents this version writes.
  public var schema: String
  /// Where the sprite came from and what it is.
  public var source: Source
  /// The area-average colour over the chosen extent (default `centre`).
  public var average: Average
  /// The original app's Core Image seed extent and the bytes it produced.
  public var seed: Seed
  /// The main colours, most populous first (SPEC section 4).
  public var palette: [PaletteColor]
  /// The body's colour: the most populous palette colour of the pixels off the outline ring, or
  /// the most populous of all when there is no outline; `null` for a fully transparent sprite.
  public var dominant: PaletteColor?
  /// The dark ring around a pixel-art sprite (SPEC section 4), or `null` when the ring is not
  /// dark or the sprite is fully transparent.
  public var outline: OutlineColor?
  /// The six Android Palette targets chosen from a 16-colour palette (SPEC section 5).
  public var swatches: SwatchSet
  /// The original app's card: seed-extent background and its text, or `null` when fully transparent.
  public var card: Card?
  /// The thumbnails written for this sprite, paths relative to the output directory.
  public var thumbnails: [ThumbnailFile]
  /// The most characteristic chromatic colour (``MaterialSource/accent``), or `null` when the
  /// sprite has none.
  public var accent: Accent?
  /// The Material 3 schemes of the sprite's source colour (SPEC section 10), or `null` for a
  /// fully transparent sprite.
  public var material: Material?

  /// Creates a theme document of the current schema.
  public init(
    source: Source, average: Average, seed: Seed, palette: [PaletteColor], swatches: SwatchSet,
    card: Card?, accent: Accent? = nil, material: Material? = nil,
    dominant: PaletteColor? = nil, outline: OutlineColor? = nil
  ) {
    self.schema = Self.schemaIdentifier
    self.source = source
    self.average = average
    self.seed = seed
    self.palette = palette
    self.dominant = dominant ?? palette.first
    self.outline = outline
    self.swatches = swatches
    self.card = card
    self.thumbnails = []
    self.accent = accent
    self.material = material
  }

  /// Writes every key, with `null` for a missing colour, card or scheme (never omitted).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(schema, forKey: .schema)
    try c.encode(source, forKey: .source)
    try c.encode(average, forKey: .average)
    try c.encode(seed, forKey: .seed)
    try c.encode(palette, forKey: .palette)
    try c.encode(dominant, forKey: .dominant)
    try c.encode(swatches, forKey: .swatches)
    try c.encode(card, forKey: .card)
    try c.encode(thumbnails, forKey: .thumbnails)
    try c.encode(accent, forKey: .accent)
    try c.encode(material, forKey: .material)
    try c.encode(outline, forKey: .outline)
  }
}

extension Theme {
  /// The sprite a theme describes.
  public struct Source: Codable, Hashable, Sendable {
    /// A short name for the sprite (the file name without `.png`, or the PokeAPI entry name).
    public var name: String
    /// The path as given on the command line, for local files.
    public var path: String?
    /// The URL it was downloaded from, for fetched sprites.
    public var url: String?
    /// The PokeAPI entry id, for crawled sprites.
    public var id: Int?
    /// SHA-256 of the PNG bytes, 64 lower-case hex digits.
    public var sha256: String
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// The number of pixels that are not fully transparent (alpha > 0).
    public var opaquePixels: Int

    /// Creates a source description.
    public init(
      name: String, path: String? = nil, url: String? = nil, id: Int? = nil, sha256: String,
      width: Int, height: Int, opaquePixels: Int
    ) {
      self.name = name
      self.path = path
      self.url = url
      self.id = id
      self.sha256 = sha256
      self.width = width
      self.height = height
      self.opaquePixels = opaquePixels
    }
  }

  /// A region of the image, named as on the command line, in top-left pixel coordinates.
  public struct ExtentBox: Codable, Hashable, Sendable {
    /// The extent's canonical spelling (`centre`, `seed`, `full`, `x,y,w,h`, `ci:x,y,w,h`).
    public var name: String
    /// Left edge (fractions allowed).
    public var x: Double
    /// Top edge (fractions allowed).
    public var y: Double
    /// Width of the region after clipping to the image.
    public var width: Double
    /// Height of the region after clipping to the image.
    public var height: Double

    /// Describes `extent` as it falls on a `width` x `height` image.
    public init(_ extent: Extent, region: Region) {
      name = extent.name
      x = region.x
      y = region.y
      width = region.width
      height = region.height
    }
  }

  /// An opaque colour as `#rrggbb` and its integer channels.
  public struct Color: Codable, Hashable, Sendable {
    /// `#rrggbb`, lower-case.
    public var hex: String
    /// `[r, g, b]`, integers 0-255.
    public var rgb: SIMD3<Int>

    /// Describes an 8-bit colour (alpha is left out).
    public init(_ color: RGBA8) {
      hex = color.hex
      rgb = SIMD3(Int(color.r), Int(color.g), Int(color.b))
    }
  }

  /// The area-average colour over one extent (SPEC section 3).
  public struct Average: Codable, Hashable, Sendable {
    /// The region averaged over.
    public var extent: ExtentBox
    /// How much of the region the sprite covers, 0 to 1.
    public var coverage: Double
    /// The headline colour: `linear.hex`, or `null` when the coverage is 0.
    public var hex: String?
    /// The mean computed in linear light, re-encoded to sRGB.
    public var linear: Color?
    /// The mean of the stored sRGB values.
    public var encoded: Color?

    /// Describes an average computed over `extent`.
    public init(extent: Extent, average: AreaAverage) {
      self.extent = ExtentBox(extent, region: average.region)
      coverage = Theme.rounded(average.coverage)
      hex = average.linear?.hex
      linear = average.linear.map(Color.init)
      encoded = average.encoded.map(Color.init)
    }

    /// Writes every key, with `null` for missing colours (never omitted).
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(extent, forKey: .extent)
      try c.encode(coverage, forKey: .coverage)
      try c.encode(hex, forKey: .hex)
      try c.encode(linear, forKey: .linear)
      try c.encode(encoded, forKey: .encoded)
    }
  }

  /// The seed extent: the region and bytes the original app used for its card background.
  public struct Seed: Codable, Hashable, Sendable {
    /// The seed region (`CIVector(W/2, H/2, W/8, H/8)` in top-left coordinates).
    public var extent: ExtentBox
    /// How much of the region the sprite covers, 0 to 1.
    public var coverage: Double
    /// The 8-bit premultiplied `[r, g, b, a]` the original app passed to `UIColor`.
    public var premultiplied: SIMD4<Int>
    /// The straight encoded mean colour as `#rrggbb`, or `null` when the coverage is 0.
    public var hex: String?

    /// Describes the seed-extent average.
    public init(average: AreaAverage) {
      extent = ExtentBox(.seed, region: average.region)
      coverage = Theme.rounded(average.coverage)
      let p = average.premultiplied
      premultiplied = SIMD4(Int(p.r), Int(p.g), Int(p.b), Int(p.a))
      hex = average.encoded?.hex
    }

    /// Writes every key, with `null` for a missing colour (never omitted).
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(extent, forKey: .extent)
      try c.encode(coverage, forKey: .coverage)
      try c.encode(premultiplied, forKey: .premultiplied)
      try c.encode(hex, forKey: .hex)
    }
  }

  /// A thumbnail written beside the theme.
  public struct ThumbnailFile: Codable, Hashable, Sendable {
    /// The PNG's path relative to the output directory, e.g. `thumbs/bat-96.png`.
    public var path: String
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int
    /// The filter that made it: `area`, `nearest` or `lanczos3`.
    public var filter: String

    /// Describes a thumbnail file.
    public init(path: String, width: Int, height: Int, filter: String) {
      self.path = path
      self.width = width
      self.height = height
      self.filter = filter
    }

    /// The records of the thumbnails of `image` at `sizes` with `fit`, for the sprite `name`.
    package static func records(
      of image: RGBAImage, name: String, sizes: [Int], fit: Thumbnail.Fit
    ) -> [ThumbnailFile] {
      sizes.map { size in
        let thumbnail = Thumbnail(size: size, fit: fit)
        let dimensions = thumbnail.outputSize(width: image.width, height: image.height)
        return ThumbnailFile(
          path: "thumbs/\(name)-\(size).png", width: dimensions.width, height: dimensions.height,
          filter: thumbnail.resolvedFilter(width: image.width, height: image.height).rawValue)
      }
    }
  }

  /// Rounds a fraction to 6 decimals so documents stay short and stable.
  static func rounded(_ value: Double) -> Double {
    rounded(value, places: 6)
  }
}
