/// The parts of a theme file (SPEC section 6) the report shows, read with `JSONDecoder`. Keys it
/// does not show are ignored; `accent` and `material` (SPEC section 10) are optional, so themes
/// written before them still show.
struct ThemeFileView: Decodable {
  /// The schema identifier a theme file must carry.
  static let schemaIdentifier = "spritetheme/theme@1"

  /// A colour with the contrast of text drawn over it.
  struct Text: Decodable {
    /// `#rrggbb` or `#rrggbbaa`.
    var hex: String
    /// WCAG 2 contrast ratio over its background.
    var contrast: Double
  }

  /// Where the sprite came from.
  struct Source: Decodable {
    /// The sprite's name.
    var name: String
    /// The file as given to `batch` (relative to where it ran), for local sprites.
    var path: String?
    /// Pixel width.
    var width: Int
    /// Pixel height.
    var height: Int
  }

  /// The card: background and text.
  struct Card: Decodable {
    /// The card's background, `#rrggbb`.
    var background: String
    /// The card text and its contrast.
    var text: Text
  }

  /// One palette entry.
  struct PaletteEntry: Decodable {
    /// The colour.
    var hex: String
    /// Its share of the opaque pixels, 0-1.
    var population: Double
  }

  /// One of the six swatches.
  struct Swatch: Decodable {
    /// The swatch colour.
    var hex: String
    /// Its share of the opaque pixels.
    var population: Double
    /// Title text over it (WCAG 3:1).
    var titleText: Text
    /// Body text over it (WCAG 4.5:1).
    var bodyText: Text
  }

  /// A colour object with at least `hex`.
  struct Colour: Decodable {
    /// `#rrggbb`.
    var hex: String?
  }

  /// A thumbnail written beside the theme.
  struct Thumbnail: Decodable {
    /// Relative to the output directory: `thumbs/<name>-<size>.png`.
    var path: String
    /// Pixel width.
    var width: Int
    /// Pixel height.
    var height: Int
  }

  /// The Material 3 block.
  struct Material: Decodable {
    /// The source colour.
    var source: String
    /// The scheme variant (`tonalSpot`, ...).
    var variant: String
    /// The contrast level, -1 to 1.
    var contrastLevel: Double
    /// `light` and `dark`: role → `#rrggbb`.
    var schemes: [String: [String: String]]
  }

  /// Always ``schemaIdentifier``.
  var schema: String
  /// The sprite's source.
  var source: Source
  /// The card, nil for a fully transparent sprite.
  var card: Card?
  /// The palette, most common first.
  var palette: [PaletteEntry]
  /// The six swatches by name; a swatch the image lacks is `null`.
  var swatches: [String: Swatch?]
  /// The headline average colour.
  var average: Colour?
  /// The dominant colour.
  var dominant: Colour?
  /// The thumbnails.
  var thumbnails: [Thumbnail]
  /// The accent colour, when the theme has one.
  var accent: Colour?
  /// The Material schemes, when the theme has them.
  var material: Material?
}
