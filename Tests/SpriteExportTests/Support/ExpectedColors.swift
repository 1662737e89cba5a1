import Foundation
import SpriteCore
import SpriteMaterial

/// What every export must say, read from the theme files with `JSONSerialization` (not the
/// module's reader): per sprite, its colour keys in camelCase with their colours, and the light
/// and dark Material roles.
struct ExpectedColors {
  /// The sprite's name (the file's name without `.json`).
  var name: String
  /// Colours that do not change with the scheme, by camelCase key.
  var colors: [String: RGBA8]
  /// Light roles by name (empty without `material`).
  var light: [String: RGBA8]
  /// Dark roles by name.
  var dark: [String: RGBA8]
  /// The Material source colour (`nil` without `material`).
  var source: RGBA8?
  /// The Material variant.
  var variant: MaterialVariant?

  /// Reads one theme file.
  init(themeAt url: URL) throws {
    let theme = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    name = String(url.lastPathComponent.dropLast(5))
    colors = [:]
    func hex(_ value: Any?) -> String? {
      (value as? String) ?? ((value as? [String: Any])?["hex"] as? String)
    }
    let card = theme["card"] as? [String: Any]
    colors["card"] = hex(card?["background"]).map(RGBA8.init(hexText:))
    colors["cardText"] = hex(card?["text"]).map(RGBA8.init(hexText:))
    colors["average"] = hex(theme["average"]).map(RGBA8.init(hexText:))
    colors["dominant"] = hex(theme["dominant"]).map(RGBA8.init(hexText:))
    colors["accent"] = hex(theme["accent"]).map(RGBA8.init(hexText:))
    for (swatch, value) in theme["swatches"] as? [String: Any] ?? [:] {
      guard let value = value as? [String: Any] else { continue }
      colors[swatch] = hex(value).map(RGBA8.init(hexText:))
      colors[swatch + "Title"] = hex(value["titleText"]).map(RGBA8.init(hexText:))
      colors[swatch + "Body"] = hex(value["bodyText"]).map(RGBA8.init(hexText:))
    }
    let material = theme["material"] as? [String: Any]
    source = (material?["source"] as? String).map(RGBA8.init(hexText:))
    variant = (material?["variant"] as? String).flatMap(MaterialVariant.init(rawValue:))
    let schemes = material?["schemes"] as? [String: [String: String]]
    light = (schemes?["light"] ?? [:]).mapValues(RGBA8.init(hexText:))
    dark = (schemes?["dark"] ?? [:]).mapValues(RGBA8.init(hexText:))
  }

  /// Every theme of a folder, by sprite name.
  static func all(_ urls: [URL]) throws -> [String: ExpectedColors] {
    Dictionary(
      uniqueKeysWithValues: try urls.map { url in
        let colors = try ExpectedColors(themeAt: url)
        return (colors.name, colors)
      })
  }
}

/// Splits camelCase and joins words for the tests, written apart from the module's code.
enum Spell {
  /// `surfaceContainerHigh` → `surface`, `container`, `high`.
  static func words(_ key: String) -> [String] {
    var words = [String]()
    for character in key {
      if character.isUppercase || words.isEmpty { words.append("") }
      words[words.count - 1].append(Character(character.lowercased()))
    }
    return words
  }
  /// kebab-case.
  static func kebab(_ key: String) -> String { words(key).joined(separator: "-") }
  /// snake_case.
  static func snake(_ key: String) -> String { words(key).joined(separator: "_") }
  /// PascalCase.
  static func pascal(_ key: String) -> String { words(key).map(\.capitalized).joined() }
}
