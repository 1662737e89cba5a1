import Foundation
import SpriteCore
import SpriteMaterial
import SpriteThemeModel

/// One sprite's colours as the exports see them: the colours that are the same in light and
/// dark mode (card, average, dominant, accent, swatches and their text) and, when the theme has
/// a `material` block, the 49 Material 3 roles in light and dark.
public struct ExportTheme: Hashable, Sendable {
  /// The sprite's name: the theme file's name without `.json` (the unique name `batch` gave it).
  public var name: String
  /// The theme file it was read from, as given.
  public var path: String
  /// Colours that do not change with the colour scheme, in a fixed order.
  public var colors: [ExportToken]
  /// The Material 3 schemes, or `nil` when the theme has none.
  public var material: MaterialTokens?

  /// Creates a theme from its parts.
  public init(name: String, path: String, colors: [ExportToken], material: MaterialTokens?) {
    self.name = name
    self.path = path
    self.colors = colors
    self.material = material
  }

  /// The six swatches in the order the exports list them: each hue's medium, dark, light.
  static let swatchOrder: [Swatches.Name] = [
    .vibrant, .darkVibrant, .lightVibrant, .muted, .darkMuted, .lightMuted,
  ]

  /// Reads a theme file's bytes (SPEC section 6, with the `material` block of section 10).
  ///
  /// - Throws: ``ThemeReadError`` naming what is wrong: not JSON, not a theme, a bad colour, a
  ///   missing Material role.
  public init(json data: Data, name: String, path: String) throws(ThemeReadError) {
    let theme: Theme
    do {
      theme = try JSONDecoder().decode(Theme.self, from: data)
    } catch let error as DecodingError {
      throw .invalid(Self.describe(error))
    } catch {
      throw .invalid("not a JSON theme file")
    }
    guard Theme.readableSchemaIdentifiers.contains(theme.schema) else {
      throw .invalid(
        "schema is \"\(theme.schema)\", expected \"\(Theme.schemaIdentifier)\" or theme@1")
    }
    var colors = [ExportToken]()
    func add(_ key: String, _ hex: String?) throws(ThemeReadError) {
      guard let hex else { return }
      guard let color = RGBA8(themeHex: hex) else {
        throw .invalid("\(key) is not a colour: \(hex)")
      }
      colors.append(ExportToken(key, color))
    }
    try add("card", theme.card?.background)
    try add("cardText", theme.card?.text.hex)
    try add("average", theme.average.hex)
    try add("dominant", theme.dominant?.hex)
    try add("accent", theme.accent?.hex)
    for swatch in Self.swatchOrder {
      guard let value = theme.swatches[swatch] else { continue }
      try add(swatch.rawValue, value.hex)
      try add(swatch.rawValue + "Title", value.titleText.hex)
      try add(swatch.rawValue + "Body", value.bodyText.hex)
    }
    self.init(
      name: name, path: path, colors: colors,
      material: try theme.material.map { m throws(ThemeReadError) in try MaterialTokens(m) })
  }

  /// One line for a decoding error: where in the file and what.
  private static func describe(_ error: DecodingError) -> String {
    func at(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return path.isEmpty ? "" : " at " + path.joined(separator: ".")
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "not valid JSON"
    case .dataCorrupted(let context):
      return "invalid value\(at(context)) (\(context.debugDescription))"
    case .keyNotFound(let key, let context):
      return "missing key \(key.stringValue)\(at(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "unexpected value\(at(context))"
    @unknown default:
      return "not a theme file"
    }
  }
}

/// One named colour of a sprite; the key is camelCase (`cardText`, `primaryContainer`) and each
/// platform spells it in its own convention from ``words``.
public struct ExportToken: Hashable, Sendable {
  /// The camelCase key.
  public var key: String
  /// The key's words in lower case (`["card", "text"]`).
  public var words: [String]
  /// The colour, exactly as the theme gives it.
  public var color: RGBA8

  /// A token for `key`.
  public init(_ key: String, _ color: RGBA8) {
    self.key = key
    self.words = IdentifierWords.split(camelCase: key)
    self.color = color
  }
}

/// The `material` block of a theme: source, variant, contrast and the light and dark roles in
/// `MaterialRole` order.
public struct MaterialTokens: Hashable, Sendable {
  /// The source colour, when the theme names one.
  public var source: RGBA8?
  /// The variant name (`tonalSpot`, ...).
  public var variant: String
  /// The contrast level the schemes were made for.
  public var contrastLevel: Double
  /// The colour specification the schemes follow (the high-contrast ones are made in it).
  public var spec: MaterialSpec = .default
  /// The 49 roles in the light scheme.
  public var light: [ExportToken]
  /// The 49 roles in the dark scheme.
  public var dark: [ExportToken]
  /// The light and dark roles at high contrast (level 1), when asked for
  /// (``withHighContrast()``), for platforms that have a high-contrast appearance.
  public var highContrast: (light: [RGBA8], dark: [RGBA8])?

  /// Equal blocks have equal roles (the high-contrast roles follow from them).
  public static func == (a: Self, b: Self) -> Bool {
    a.source == b.source && a.variant == b.variant && a.contrastLevel == b.contrastLevel
      && a.light == b.light && a.dark == b.dark
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(variant)
    hasher.combine(contrastLevel)
    hasher.combine(light)
    hasher.combine(dark)
  }

  /// The block with ``highContrast`` made from its source and variant at contrast level 1, as
  /// `sprite-theme scheme` makes `light-high-contrast` and `dark-high-contrast`; unchanged when
  /// the theme names no source or an unknown variant.
  public func withHighContrast() -> MaterialTokens {
    var copy = self
    copy.highContrast = schemes(atContrast: 1) ?? highContrast
    return copy
  }

  /// The light and dark roles (in `MaterialRole` order) made from the source and variant at
  /// contrast `level`, as `sprite-theme scheme` makes them; `nil` when the theme names no
  /// source or an unknown variant.
  public func schemes(atContrast level: Double) -> (light: [RGBA8], dark: [RGBA8])? {
    guard let source, let variant = MaterialVariant(rawValue: variant) else { return nil }
    let colors = DynamicScheme.lightAndDark(
      source: HCT(RGBA8(r: source.r, g: source.g, b: source.b)), variant: variant,
      contrastLevel: level, spec: spec)
    return (
      MaterialRole.allCases.map { colors.light[$0] }, MaterialRole.allCases.map { colors.dark[$0] }
    )
  }

  /// Reads and checks the block: every role a colour (the model has every role in both
  /// schemes).
  init(_ material: Theme.Material) throws(ThemeReadError) {
    guard let source = RGBA8(themeHex: material.source) else {
      throw .invalid("material.source is not a colour: \(material.source)")
    }
    self.source = source
    variant = material.variant
    contrastLevel = material.contrastLevel
    spec = MaterialSpec(rawValue: material.spec) ?? .default
    func roles(_ roles: Theme.Roles, _ scheme: String) throws(ThemeReadError) -> [ExportToken] {
      var tokens = [ExportToken]()
      tokens.reserveCapacity(MaterialRole.allCases.count)
      for role in MaterialRole.allCases {
        guard let color = RGBA8(themeHex: roles[role]) else {
          throw .invalid("material.schemes.\(scheme).\(role.name) is not a colour: \(roles[role])")
        }
        tokens.append(ExportToken(role.name, color))
      }
      return tokens
    }
    light = try roles(material.schemes.light, "light")
    dark = try roles(material.schemes.dark, "dark")
  }
}

/// Why a theme file cannot be exported.
public enum ThemeReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read (the system's reason).
  case unreadable(String)
  /// The file is not a valid theme file (what is wrong).
  case invalid(String)

  /// The reason, one phrase.
  public var description: String {
    switch self {
    case .unreadable(let reason): "cannot read: \(reason)"
    case .invalid(let reason): "invalid theme: \(reason)"
    }
  }
}
