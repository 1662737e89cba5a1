import Foundation
import SpriteCore
import SpriteMaterial
import SpriteThemeModel

/// Gives a theme document (parsed JSON) a `material` block and an `accent`, made with
/// SpriteMaterial from the theme's palette: fixtures for readers of theme files (exports, the
/// report) that must handle every variant and contrast level.
public enum MaterialFixture {
  /// Adds `material` (variant and contrast level chosen by `index`, roles upper-case as Theme
  /// Builder writes them, so readers must accept either case) and `accent` (an object with `hex`
  /// and `rgb`); both `null` when the palette has no colour.
  public static func add(to theme: inout [String: Any], index: Int) {
    let entries = (theme["palette"] as? [[String: Any]] ?? []).map { entry in
      let population = entry["population"] as! Double
      let rgb = entry["rgb"] as! [Int]
      return Palette.Entry(
        color: RGBA8(r: UInt8(rgb[0]), g: UInt8(rgb[1]), b: UInt8(rgb[2])),
        weight: Int((population * 1_000_000).rounded()), population: population)
    }
    guard let source = MaterialSource(entries: entries) else {
      theme["accent"] = NSNull()
      theme["material"] = NSNull()
      return
    }
    let variant = MaterialVariant.allCases[index % MaterialVariant.allCases.count]
    let contrast = [0, 0.5, 1, -1][index % 4]
    let (light, dark) = DynamicScheme.lightAndDark(
      source: HCT(source.source), variant: variant, contrastLevel: contrast)
    func scheme(_ colors: MaterialColors) -> [String: String] {
      Dictionary(uniqueKeysWithValues: colors.hexByRole.map { ($0.role, $0.hex) })
    }
    theme["accent"] =
      source.accent.map { color -> [String: Any] in
        let accent = Theme.Accent(color)
        return [
          "hex": accent.hex, "rgb": [accent.rgb.x, accent.rgb.y, accent.rgb.z],
          "oklch": [accent.oklch.x, accent.oklch.y, accent.oklch.z],
        ]
      } ?? NSNull()
    theme["material"] = [
      "source": source.source.hex, "variant": variant.rawValue, "contrastLevel": contrast,
      "spec": "2021",
      "schemes": ["light": scheme(light), "dark": scheme(dark)],
    ]
  }
}
