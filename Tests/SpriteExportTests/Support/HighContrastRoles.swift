import Foundation
import SpriteCore
import SpriteMaterial

/// The high-contrast Material roles a sprite's exports must carry, made independently of the
/// exporter: the theme file's `material.source` and `variant` (read with `JSONSerialization`)
/// through ``ThemeBuilderExport``, whose `light-high-contrast` and `dark-high-contrast` schemes
/// SpriteMaterial's tests hold to the materialyoucolor goldens.
struct HighContrastRoles {
  /// Light roles at contrast level 1, by name.
  var light: [String: RGBA8]
  /// Dark roles at contrast level 1, by name.
  var dark: [String: RGBA8]

  /// The roles of the theme at `url`; `nil` without a Material block.
  init?(themeAt url: URL) throws {
    let theme = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    guard let material = theme?["material"] as? [String: Any],
      let source = (material["source"] as? String).map(RGBA8.init(hexText:)),
      let variant = (material["variant"] as? String).flatMap(MaterialVariant.init(rawValue:))
    else { return nil }
    let schemes = Dictionary(
      uniqueKeysWithValues: ThemeBuilderExport(source: source, variant: variant).schemes.map {
        ($0.key, $0.colors)
      })
    func named(_ key: String) -> [String: RGBA8] {
      guard let colors = schemes[key] else { return [:] }
      return Dictionary(uniqueKeysWithValues: MaterialRole.allCases.map { ($0.name, colors[$0]) })
    }
    light = named("light-high-contrast")
    dark = named("dark-high-contrast")
  }
}
