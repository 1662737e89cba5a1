import Foundation
import SpriteCore
import SpriteExport
import SpriteMaterial
import SystemPackage
import Testing
import _SpriteTestSupport

@Suite("iOS export: an asset catalog, a namespace folder per sprite, colours with dark appearances")
struct AssetCatalogExportTests {
  /// One colour of a colour set, read back from its `Contents.json`.
  static func color(_ entry: [String: Any]) throws -> RGBA8 {
    let color = try #require(entry["color"] as? [String: Any])
    #expect(color["color-space"] as? String == "srgb")
    let components = try #require(color["components"] as? [String: String])
    #expect(Set(components.keys) == ["red", "green", "blue", "alpha"])
    func byte(_ key: String) throws -> UInt8 {
      let text = try #require(components[key])
      try #require(text.hasPrefix("0x") && text.count == 4, "\(key) = \(text)")
      return try #require(UInt8(text.dropFirst(2), radix: 16))
    }
    let alpha = try #require(Double(components["alpha"] ?? ""))
    #expect((0...1).contains(alpha))
    return RGBA8(
      r: try byte("red"), g: try byte("green"), b: try byte("blue"),
      a: UInt8((alpha * 255).rounded()))
  }

  @Test("the catalog and every colour set are valid asset-catalog JSON with the theme's colours")
  func colourSets() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let folder = catalogue.url(.ios, "Sprites.xcassets")
    let root =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("Contents.json"))) as! [String: Any]
    let info = try #require(root["info"] as? [String: Any])
    #expect(info["author"] as? String == "xcode" && info["version"] as? Int == 1)
    // A folder per sprite that provides a namespace, holding only colour sets.
    let sprites = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0 != "Contents.json" }
    #expect(sprites.count == catalogue.expected.count)
    var sets = 0
    for sprite in sprites {
      let url = folder.appendingPathComponent(sprite)
      let json =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: url.appendingPathComponent("Contents.json"))) as! [String: Any]
      let properties = try #require(json["properties"] as? [String: Any], "\(sprite)")
      #expect(properties["provides-namespace"] as? Bool == true, "\(sprite)")
      let entries = try FileManager.default.contentsOfDirectory(atPath: url.path)
        .filter { $0 != "Contents.json" }
      #expect(entries.allSatisfy { $0.hasSuffix(".colorset") }, "\(sprite)")
      sets += entries.count
    }
    let total = catalogue.expected.values.reduce(0) { $0 + $1.colors.count + $1.light.count }
    #expect(sets == total)
    for (name, expected) in catalogue.samples {
      let sprite = AndroidThemesTests.pascal(name)
      func read(_ key: String) throws -> [[String: Any]] {
        let url = folder.appendingPathComponent(
          "\(sprite)/\(Spell.pascal(key)).colorset/Contents.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        #expect(Set(json.keys) == ["colors", "info"])
        let colors = try #require(json["colors"] as? [[String: Any]])
        for entry in colors { #expect(entry["idiom"] as? String == "universal") }
        return colors
      }
      for (key, color) in expected.colors {
        let colors = try read(key)
        try #require(colors.count == 1)
        #expect(colors[0]["appearances"] == nil)
        #expect(try Self.color(colors[0]) == color, "\(name) \(key)")
      }
      for (role, color) in expected.light {
        let colors = try read(role)
        try #require(colors.count == 2)
        #expect(try Self.color(colors[0]) == color, "\(name) \(role)")
        let appearances = try #require(colors[1]["appearances"] as? [[String: String]])
        #expect(appearances == [["appearance": "luminosity", "value": "dark"]])
        #expect(try Self.color(colors[1]) == expected.dark[role], "\(name) dark \(role)")
      }
    }
  }

  @Test(
    "asked for high contrast, Material colour sets add the light and dark high-contrast roles of the theme's source"
  )
  func highContrast() throws {
    let scratch = try TemporaryDirectory()
    let files = ["crawl-blue-dragon", "crawl-red-devil", "made-grey-ghost"].map {
      Fixtures.packageRoot.appendingPathComponent("samples/themes/\($0).json").path
    }
    var (themes, failures) = ThemeExporter.load(
      files.filter { FileManager.default.fileExists(atPath: $0) }.map { FilePath($0) })
    try #require(failures.isEmpty && themes.count >= 2)
    for i in themes.indices { themes[i].material = themes[i].material?.withHighContrast() }
    try ThemeExporter.write(themes, formats: [.ios], to: FilePath(scratch.url.path))
    for theme in themes {
      let material = try #require(theme.material)
      let source = try #require(material.source)
      // Independent of the export: the schemes `sprite-theme scheme` prints, held to the
      // materialyoucolor goldens by SpriteMaterial's tests.
      let builder = ThemeBuilderExport(
        source: source, variant: try #require(MaterialVariant(rawValue: material.variant)))
      let schemes = Dictionary(uniqueKeysWithValues: builder.schemes.map { ($0.key, $0.colors) })
      let highLight = try #require(schemes["light-high-contrast"])
      let highDark = try #require(schemes["dark-high-contrast"])
      for role in [MaterialRole.primary, .onPrimary, .surfaceContainerHighest] {
        let set = scratch.url.appendingPathComponent(
          "ios/Sprites.xcassets/\(AndroidThemesTests.pascal(theme.name))/\(Spell.pascal(role.name)).colorset/Contents.json"
        )
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: set)) as! [String: Any]
        let colors = try #require(json["colors"] as? [[String: Any]])
        try #require(colors.count == 4, "\(theme.name) \(role.name)")
        #expect(
          colors[2]["appearances"] as? [[String: String]] == [
            ["appearance": "contrast", "value": "high"]
          ])
        #expect(
          colors[3]["appearances"] as? [[String: String]]
            == [
              ["appearance": "luminosity", "value": "dark"],
              ["appearance": "contrast", "value": "high"],
            ])
        #expect(try Self.color(colors[2]) == highLight[role], "\(theme.name) \(role.name)")
        #expect(try Self.color(colors[3]) == highDark[role], "\(theme.name) dark \(role.name)")
      }
    }
  }
}
