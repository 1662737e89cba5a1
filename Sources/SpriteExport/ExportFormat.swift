/// The front-end formats of SPEC section 11, each written to `<dir>/<format>/`.
public enum ExportFormat: String, CaseIterable, Hashable, Sendable {
  /// Design Tokens Format Module 2025.10: `<name>.tokens.json` and `sprites.tokens.json`.
  case dtcg
  /// `sprites.css`: custom properties per sprite class, dark roles under
  /// `prefers-color-scheme: dark` and a dark ancestor, high contrast under `prefers-contrast`.
  case css
  /// `sprites.tailwind.css`: Tailwind v4 `@theme` variables, roles as `light-dark()` pairs.
  case tailwind
  /// `sprites.ts` and `sprites.json`: a typed module over a table, `spriteThemes` by name.
  case ts
  /// `_sprites.scss`: one map per sprite.
  case scss
  /// `values/colors.xml` and `values-night/colors.xml`, `#AARRGGBB`, and `themes.xml` styles.
  case android
  /// `Sprites.xcassets`: a namespace folder per sprite, a colour set per colour, with dark
  /// appearances.
  case ios
  /// `SpriteColors.swift` and a data file: `SpriteTheme.named(_:)`, colours that follow the
  /// appearance.
  case swiftui
  /// `SpriteColors.kt` and a data file: `SpriteColors.named`, `ColorScheme`s, `SpriteTheme { }`.
  case compose
  /// `sprite_colors.dart` and a data file: `SpriteTheme.named`, `ColorScheme`s.
  case flutter

  /// Parses a comma-separated list (`css,android`, or `all`); repeats are dropped and the
  /// result follows the order of ``allCases``.
  ///
  /// - Throws: ``UnknownFormat`` naming the first word that is not a format.
  public static func parseList(_ text: String) throws(UnknownFormat) -> [ExportFormat] {
    var chosen = Set<ExportFormat>()
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = word.trimmingCharacters(in: " ").lowercased()
      if name == "all" {
        chosen.formUnion(allCases)
      } else if let format = ExportFormat(rawValue: name) {
        chosen.insert(format)
      } else {
        throw UnknownFormat(name: String(word))
      }
    }
    return allCases.filter(chosen.contains)
  }

  /// The names, comma-separated, for help texts and errors.
  public static let names = allCases.map(\.rawValue).joined(separator: ", ")

  /// The writer of this format.
  var writer: any ExportWriter.Type {
    switch self {
    case .dtcg: DTCGExport.self
    case .css: CSSExport.self
    case .tailwind: TailwindExport.self
    case .ts: TypeScriptExport.self
    case .scss: SCSSExport.self
    case .android: AndroidExport.self
    case .ios: AssetCatalogExport.self
    case .swiftui: SwiftUIExport.self
    case .compose: ComposeExport.self
    case .flutter: FlutterExport.self
    }
  }
}

/// A format name that is not one of ``ExportFormat``.
public struct UnknownFormat: Error, Hashable, Sendable, CustomStringConvertible {
  /// The word as given.
  public var name: String

  /// The error for `name`.
  public init(name: String) { self.name = name }

  /// `unknown export format 'x' (known: dtcg, css, ...)`.
  public var description: String {
    "unknown export format '\(name)' (known: \(ExportFormat.names), or all)"
  }
}

extension StringProtocol {
  /// The text without leading and trailing `character`s.
  fileprivate func trimmingCharacters(in character: Character) -> String {
    String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
  }
}

/// One file of an export: its path relative to the format's folder and its bytes.
public struct ExportFile: Hashable, Sendable {
  /// `values/colors.xml`, `Sprites.xcassets/Cat/Primary.colorset/Contents.json`, ...
  public var path: String
  /// The file's contents.
  public var bytes: [UInt8]

  /// A file of text (UTF-8).
  public init(_ path: String, _ text: String) {
    self.path = path
    self.bytes = Array(text.utf8)
  }
}

/// Turns the themes of a catalogue (sorted by name) into one format's files.
protocol ExportWriter {
  /// Every file of the format, in a fixed order.
  static func files(for themes: [ExportTheme]) -> [ExportFile]
  /// Every file of the format as `options` shape it.
  static func files(for themes: [ExportTheme], options: ExportOptions) -> [ExportFile]
}

extension ExportWriter {
  /// The files of a format that has no options.
  static func files(for themes: [ExportTheme], options: ExportOptions) -> [ExportFile] {
    files(for: themes)
  }
}
