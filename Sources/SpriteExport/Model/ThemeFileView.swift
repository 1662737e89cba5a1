/// The parts of a theme file (SPEC sections 6 and 10) that exports need, read with
/// `JSONDecoder`. Every other key is ignored, so a newer theme file still exports; `accent` and
/// `material` may be absent or `null`.
struct ThemeFileView: Decodable {
  /// `spritetheme/theme@1`.
  var schema: String
  /// `source.name`.
  var source: Source?
  /// `card.background` and `card.text.hex`.
  var card: Card?
  /// `average.hex`.
  var average: Hexed?
  /// `dominant.hex`.
  var dominant: Hexed?
  /// The most characteristic chromatic colour: a hex string or an object with `hex`.
  var accent: HexOrObject?
  /// The six swatches by name, each `null` or a colour with its title and body text.
  var swatches: [String: Swatch?]?
  /// The Material 3 block of SPEC section 10.
  var material: Material?

  /// `source`: only the name is read.
  struct Source: Decodable {
    /// The sprite's name.
    var name: String?
  }

  /// Any object with a `hex` member.
  struct Hexed: Decodable {
    /// `#rrggbb` or `#rrggbbaa`, or `null`.
    var hex: String?
  }

  /// `card`: background and text colour.
  struct Card: Decodable {
    /// The card's background, `#rrggbb`.
    var background: String?
    /// The text colour on it.
    var text: Hexed?
  }

  /// One swatch: its colour and the text colours for titles and body text on it.
  struct Swatch: Decodable {
    /// The swatch colour.
    var hex: String?
    /// Title text on the swatch.
    var titleText: Hexed?
    /// Body text on the swatch.
    var bodyText: Hexed?
  }

  /// `material`: source, variant, contrast level and the light and dark role colours.
  struct Material: Decodable {
    /// The source (seed) colour.
    var source: HexOrObject?
    /// The scheme variant (`tonalSpot`, ...).
    var variant: String?
    /// The contrast level, -1...1.
    var contrastLevel: Double?
    /// `light` and `dark`, each role name to `#rrggbb`.
    var schemes: [String: [String: String]]
  }

  /// A colour written either as a hex string or as an object with a `hex` member.
  struct HexOrObject: Decodable {
    /// The hex text, when there is one.
    var hex: String?

    /// Reads either form.
    init(from decoder: any Decoder) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        hex = text
      } else {
        hex = try Hexed(from: decoder).hex
      }
    }
  }
}
