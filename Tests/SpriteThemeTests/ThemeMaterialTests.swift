import Foundation
import SpriteCore
import SpriteMaterial
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The theme's `accent` and `material` members (SPEC section 10).
@Suite("Theme: accent and Material schemes")
struct ThemeMaterialTests {
  /// The theme of `image` under `configuration`.
  static func theme(
    of image: RGBAImage, _ configuration: ThemePipeline.Configuration = .init()
  ) -> Theme {
    ThemePipeline(configuration: configuration).theme(
      of: image,
      source: Theme.Source(
        name: "t", path: "t.png", sha256: String(repeating: "0", count: 64), width: image.width,
        height: image.height, opaquePixels: image.visiblePixelCount))
  }

  /// The golden schemes of `source` (`RRGGBB`) in `variant`, mode and level, role to `#rrggbb`,
  /// from `Tests/SpriteMaterialTests/Goldens/schemes.txt` (materialyoucolor 3.0.4).
  static func golden(_ source: String, _ variant: String, _ mode: String, _ level: String) throws
    -> [String: String]
  {
    let url = Fixtures.packageRoot.appendingPathComponent(
      "Tests/SpriteMaterialTests/Goldens/schemes.txt")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    let roles = try #require(lines.dropFirst().first).split(separator: " ").dropFirst()
    let line = try #require(
      lines.first { $0.hasPrefix("\(source) \(variant) \(mode) \(level) ") },
      "\(source) \(variant) \(mode) \(level)")
    let hexes = line.split(separator: " ").dropFirst(4)
    #expect(roles.count == 49 && hexes.count == 49)
    return Dictionary(
      uniqueKeysWithValues: zip(roles.map(String.init), hexes.map { "#" + $0.lowercased() }))
  }

  @Test(
    "a one-colour sprite's schemes equal materialyoucolor's for that source colour",
    arguments: [
      ("B33B15", MaterialVariant.tonalSpot, 0.0, "0"), ("1D5BEE", .vibrant, 0.5, "0.5"),
      ("78C850", .fidelity, 1, "1"), ("808080", .tonalSpot, 0, "0"),
      ("F8D030", .expressive, -1, "-1"), ("000000", .monochrome, 0, "0"),
    ])
  func solidSpriteMatchesGoldens(
    source: String, variant: MaterialVariant, level: Double, levelText: String
  ) throws {
    let value = try #require(UInt32(source, radix: 16))
    let color = RGBA8(
      r: UInt8(truncatingIfNeeded: value >> 16), g: UInt8(truncatingIfNeeded: value >> 8),
      b: UInt8(truncatingIfNeeded: value))
    let image = SyntheticSprites.solid(color, width: 12, height: 12)
    let theme = Self.theme(of: image, .init(variant: variant, contrastLevel: level))
    let material = try #require(theme.material)
    #expect(material.source == "#" + source.lowercased())
    #expect(material.variant == variant.rawValue)
    #expect(material.contrastLevel == level)
    let variantName = variant.rawValue
    #expect(
      material.schemes.light.byName == (try Self.golden(source, variantName, "light", levelText)))
    #expect(
      material.schemes.dark.byName == (try Self.golden(source, variantName, "dark", levelText)))
  }

  @Test("a grey sprite has no accent but a scheme from its own colour; a chromatic one has both")
  func accent() throws {
    let grey = Self.theme(
      of: SyntheticSprites.solid(RGBA8(r: 90, g: 90, b: 90), width: 8, height: 8))
    #expect(grey.accent == nil)
    #expect(grey.material?.source == "#5a5a5a")
    let red = Self.theme(
      of: SyntheticSprites.solid(RGBA8(r: 200, g: 30, b: 40), width: 8, height: 8))
    #expect(red.accent?.hex == "#c81e28")
    #expect(red.accent?.rgb == SIMD3(200, 30, 40))
    #expect(red.accent?.oklch == red.dominant?.oklch)
    #expect(red.material?.source == "#c81e28")
  }

  @Test("a fully transparent sprite writes accent and material as null")
  func transparent() throws {
    let image = SyntheticSprites.solid(RGBA8(r: 9, g: 9, b: 9, a: 0), width: 8, height: 8)
    let theme = Self.theme(of: image)
    #expect(theme.accent == nil && theme.material == nil)
    let json = Data(ThemeEncoder.encode(theme))
    let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    #expect(object["accent"] is NSNull)
    #expect(object["material"] is NSNull)
    Schemas.expectValid(json, against: Schemas.theme, "transparent")
  }

  @Test("the material block is written with sorted keys, 49 lower-case roles per scheme")
  func writtenLayout() throws {
    let image = SyntheticSprites.noise(width: 16, height: 16, seed: 7)
    let theme = Self.theme(of: image, .init(variant: .rainbow, contrastLevel: 0.5))
    let text = String(decoding: ThemeEncoder.encode(theme), as: UTF8.self)
    let material = try #require(text.range(of: "\n  \"material\": {")).upperBound
    let block = text[material...]
    let keys = ["contrastLevel", "schemes", "source", "variant"].map {
      block.range(of: "\n    \"\($0)\": ")?.lowerBound
    }
    #expect(
      keys.allSatisfy { $0 != nil } && keys.compactMap { $0 } == keys.compactMap { $0 }.sorted())
    #expect(block.contains("\"contrastLevel\": 0.5,"))
    #expect(block.contains("\"variant\": \"rainbow\""))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let schemes = try #require(
      (object["material"] as? [String: Any])?["schemes"] as? [String: [String: String]])
    #expect(Set(schemes.keys) == ["light", "dark"])
    for (_, roles) in schemes {
      #expect(Set(roles.keys) == Set(MaterialRole.allCases.map(\.name)))
      #expect(roles.values.allSatisfy { $0.wholeMatch(of: /#[0-9a-f]{6}/) != nil })
    }
    // Role names in the light scheme appear sorted.
    let light = try #require(block.range(of: "\"light\": {")).upperBound
    let names = block[light...].prefix { $0 != "}" }.split(separator: "\n").compactMap {
      $0.split(separator: "\"").first { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
    }
    #expect(names.count == 49 && names == names.sorted())
  }

  @Test("the variant and contrast level are part of the configuration a re-run is keyed on")
  func configurationDescribesMaterial() {
    let plain = String(describing: ThemePipeline.Configuration())
    #expect(plain != String(describing: ThemePipeline.Configuration(variant: .vibrant)))
    #expect(plain != String(describing: ThemePipeline.Configuration(contrastLevel: 0.5)))
  }

  @Test("a scheme's roles read back from JSON; a missing or an unknown role is refused")
  func rolesDecoding() throws {
    let theme = Self.theme(
      of: SyntheticSprites.solid(RGBA8(r: 200, g: 40, b: 90), width: 8, height: 8))
    let roles = try #require(theme.material?.schemes.light)
    let json = try JSONEncoder().encode(roles)
    #expect(try JSONDecoder().decode(Theme.Roles.self, from: json) == roles)
    #expect(roles["primary"] == roles[.primary])
    var missing = roles.byName
    missing["onPrimary"] = nil
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Theme.Roles.self, from: JSONEncoder().encode(missing))
    }
    var extra = roles.byName
    extra["sparkle"] = "#ffffff"
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Theme.Roles.self, from: JSONEncoder().encode(extra))
    }
  }
}
