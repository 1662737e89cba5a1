import SpriteCore
import SpriteThemeModel

/// One sprite as the page draws it: compact, so 10,000 of them make one data file of a few
/// megabytes. Colours are `#rrggbb` (or `#rrggbbaa` for translucent text); a Material scheme is
/// one string of 49 six-digit colours in ``MaterialRoles/names`` order.
struct ReportSprite: Encodable, Sendable {
  /// A swatch: colour, population, title text and contrast, body text and contrast; or the
  /// swatch's name alone when the image has none (the page shows an empty slot).
  struct Swatch: Encodable, Sendable {
    /// `vibrant`, `lightVibrant`, ...
    var name: String
    /// The swatch colour, nil when the image has no such swatch.
    var hex: String?
    /// Share of the opaque pixels.
    var population: Double?
    /// Title text colour.
    var title: String?
    /// Its WCAG 2 contrast.
    var titleContrast: Double?
    /// Body text colour.
    var body: String?
    /// Its WCAG 2 contrast.
    var bodyContrast: Double?
  }

  /// The sprite's name (its theme file's name).
  var name: String
  /// Where the sprite came from: its source path or URL as the theme records it (searched too).
  var path: String?
  /// The card background, nil for a fully transparent sprite.
  var card: String?
  /// The card text colour.
  var cardText: String?
  /// The card text's contrast.
  var cardContrast: Double?
  /// The picture: a URL relative to `report/` (a thumbnail, else the source PNG), or nil.
  var image: String?
  /// The picture's pixel width and height.
  var imageSize: [Int]?
  /// The source image's pixel size.
  var size: [Int]
  /// The palette as `[hex, population]` pairs, most common first.
  var palette: [[PaletteValue]]
  /// The six swatches in SPEC order (``SpriteCore/Swatches/Name/allCases``).
  var swatches: [Swatch]
  /// The accent colour.
  var accent: String?
  /// The Material source colour.
  var source: String?
  /// The Material variant.
  var variant: String?
  /// The Material contrast level.
  var contrastLevel: Double?
  /// The light scheme, packed (see ``MaterialRoles``).
  var light: String?
  /// The dark scheme, packed.
  var dark: String?
  /// OKLCH lightness of the card (or the average colour), for sorting.
  var lightness: Double
  /// OKLCH chroma, for sorting (greys after colours when sorting by hue).
  var chroma: Double
  /// OKLCH hue in degrees.
  var hue: Double
}

/// A palette pair's element: the hex text or the population.
enum PaletteValue: Encodable, Sendable {
  /// The colour.
  case hex(String)
  /// Its population.
  case population(Double)

  /// Encodes the bare value.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .hex(let text): try container.encode(text)
    case .population(let share): try container.encode(share)
    }
  }
}

extension ReportSprite {
  /// The record of a theme; `image` and its size are chosen by the caller (they need the file
  /// system). Throws a one-line reason when a colour in the theme is malformed.
  init(name: String, theme: Theme, image: ReportImage?) throws(ReportSprite.Malformed) {
    func color(_ text: String, _ field: String) throws(Malformed) -> HexColor {
      guard let color = HexColor(text) else { throw Malformed(field: field, value: text) }
      return color
    }
    self.name = name
    path = theme.source.path ?? theme.source.url
    if let card = theme.card {
      self.card = try color(card.background, "card.background").hex
      cardText = try color(card.text.hex, "card.text.hex").hex
      cardContrast = card.text.contrast
    }
    self.image = image?.url
    imageSize = image.map { [$0.width, $0.height] }
    size = [theme.source.width, theme.source.height]
    palette = try theme.palette.map { entry throws(Malformed) in
      [.hex(try color(entry.hex, "palette.hex").hex), .population(entry.population)]
    }
    swatches = try Swatches.Name.allCases.map { name throws(Malformed) in
      let swatchName = name.rawValue
      guard let swatch = theme.swatches[name] else { return Swatch(name: swatchName) }
      return Swatch(
        name: swatchName, hex: try color(swatch.hex, "swatches.\(swatchName).hex").hex,
        population: swatch.population,
        title: try color(swatch.titleText.hex, "swatches.\(swatchName).titleText").hex,
        titleContrast: swatch.titleText.contrast,
        body: try color(swatch.bodyText.hex, "swatches.\(swatchName).bodyText").hex,
        bodyContrast: swatch.bodyText.contrast)
    }
    accent = try theme.accent.map { accent throws(Malformed) in try color(accent.hex, "accent").hex
    }
    if let material = theme.material {
      source = try color(material.source, "material.source").hex
      variant = material.variant
      contrastLevel = material.contrastLevel
      light = try MaterialRoles.pack(material.schemes.light, "material.schemes.light")
      dark = try MaterialRoles.pack(material.schemes.dark, "material.schemes.dark")
    }
    let key =
      (theme.card?.background ?? theme.average.hex ?? theme.dominant?.hex)
      .flatMap(HexColor.init)?.oklch ?? (l: 0, c: 0, h: 0)
    lightness = (key.l * 10_000).rounded() / 10_000
    chroma = (key.c * 10_000).rounded() / 10_000
    hue = (key.h * 100).rounded() / 100
  }

  /// A colour field that is not `#rrggbb` or `#rrggbbaa`.
  struct Malformed: Error, CustomStringConvertible {
    /// The field's path in the theme file.
    var field: String
    /// What it held.
    var value: String
    /// `FIELD is not a colour: VALUE`.
    var description: String { "\(field) is not a colour: \(value)" }
  }
}

/// The picture a card shows: a URL relative to `report/index.html` and its pixel size.
struct ReportImage: Hashable, Sendable {
  /// Percent-encoded relative URL.
  var url: String
  /// Pixel width.
  var width: Int
  /// Pixel height.
  var height: Int
}
