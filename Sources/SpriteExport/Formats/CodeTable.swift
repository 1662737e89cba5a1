import SpriteCore
import SpriteMaterial
import Synchronization

/// The data table behind the code exports (`swiftui`, `compose`, `flutter`, `ts`): one row per
/// sprite with its lookup name, its fixed colours in ``colorKeys`` order and its Material 3
/// schemes in ``schemeNames`` order. The generated code is a fixed accessor over this table, so
/// it does not grow with the catalogue; only the table does, one row per sprite.
struct CodeTable: Sendable {
  /// One sprite's row.
  struct Row: Sendable {
    /// The name the sprite is looked up by (``LookupNames``).
    var name: String
    /// The fixed colours in ``CodeTable/colorKeys`` order, `nil` where the theme has none.
    var colors: [RGBA8?]
    /// The schemes in ``CodeTable/schemeNames`` order, each in ``CodeTable/roleNames`` order:
    /// none without a `material` block, light and dark alone when the contrast levels cannot
    /// be made (no source or an unknown variant), else all six.
    var schemes: [[RGBA8]]
  }

  /// The fixed colours every row has a place for (SPEC section 6), in the order
  /// ``ExportTheme`` reads them.
  static let colorKeys: [String] =
    ["card", "cardText", "average", "dominant", "accent"]
    + ExportTheme.swatchOrder.flatMap {
      [$0.rawValue, $0.rawValue + "Title", $0.rawValue + "Body"]
    }

  /// The Material 3 schemes of a row: the theme's own light and dark, then medium (0.5) and
  /// high (1) contrast made from its source and variant.
  static let schemeNames = [
    "light", "dark", "lightMediumContrast", "darkMediumContrast", "lightHighContrast",
    "darkHighContrast",
  ]

  /// The roles of a scheme, in Theme Builder's order.
  static let roleNames = MaterialRole.allCases.map(\.name)

  /// The rows, in the themes' order.
  let rows: [Row]

  /// The last table made and its themes: the four code formats of one export share it, so the
  /// contrast schemes are made once per sprite, not once per format.
  private static let last = Mutex<(themes: [ExportTheme], table: CodeTable)?>(nil)

  /// The table of `themes`, the last one again when the themes are the same.
  static func of(_ themes: [ExportTheme]) -> CodeTable {
    if let cached = last.withLock({ $0 }), cached.themes == themes { return cached.table }
    let table = CodeTable(themes)
    last.withLock { $0 = (themes, table) }
    return table
  }

  /// The table of `themes` (sorted by name).
  private init(_ themes: [ExportTheme]) {
    let names = LookupNames.names(for: themes.map(\.name))
    let slot = Dictionary(uniqueKeysWithValues: Self.colorKeys.enumerated().map { ($1, $0) })
    rows = zip(themes, names).map { theme, name in
      var colors = [RGBA8?](repeating: nil, count: Self.colorKeys.count)
      for token in theme.colors {
        if let index = slot[token.key] { colors[index] = token.color }
      }
      var schemes = [[RGBA8]]()
      if let material = theme.material {
        schemes = [material.light.map(\.color), material.dark.map(\.color)]
        if let medium = material.schemes(atContrast: 0.5),
          let high = material.highContrast ?? material.schemes(atContrast: 1)
        {
          schemes += [medium.light, medium.dark, high.light, high.dark]
        }
      }
      return Row(name: name, colors: colors, schemes: schemes)
    }
  }

  /// A row's colours as one string of 8 hex digits per colour (`spell` gives the digits in the
  /// platform's channel order): the fixed colours, `--------` for an absent one, then every
  /// scheme's roles. A reader splits it into groups of 8 and parses each as hex.
  static func packed(_ row: Row, _ spell: (RGBA8) -> String) -> String {
    var out = ""
    out.reserveCapacity(8 * (row.colors.count + row.schemes.count * roleNames.count))
    for color in row.colors { out += color.map(spell) ?? "--------" }
    for scheme in row.schemes {
      for color in scheme { out += spell(color) }
    }
    return out
  }
}
