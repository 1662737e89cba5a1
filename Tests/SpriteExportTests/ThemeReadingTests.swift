import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("Reading theme files: optional accent and material, one-line errors naming the field")
struct ThemeReadingTests {
  /// A sample theme as a JSON object (the first, a grey cat without an accent, by default).
  static func sample(_ name: String = "crawl-black-cat") throws -> [String: Any] {
    let url = Fixtures.packageRoot.appendingPathComponent("samples/themes/\(name).json")
    return try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
  }

  static func read(_ object: [String: Any]) throws(ThemeReadError) -> ExportTheme {
    let data = try! JSONSerialization.data(withJSONObject: object)
    return try ExportTheme(json: data, name: "cat", path: "cat.json")
  }

  @Test("a theme without accent and material, and one with them null, read the same")
  func optionalBlocks() throws {
    var theme = try Self.sample()
    theme["accent"] = nil
    theme["material"] = nil
    let absent = try Self.read(theme)
    theme["accent"] = NSNull()
    theme["material"] = NSNull()
    #expect(try Self.read(theme) == absent)
    #expect(absent.material == nil)
    #expect(!absent.colors.contains { $0.key == "accent" })
    #expect(absent.colors.first?.key == "card")
  }

  @Test("accent and material as the theme model writes them; colours in either case")
  func accentForms() throws {
    var theme = try Self.sample("crawl-red-devil")
    ThemeFixtures.addMaterial(to: &theme, index: 3)
    let lower = try Self.read(theme)
    var accent = try #require(theme["accent"] as? [String: Any])
    accent["hex"] = (accent["hex"] as! String).uppercased()
    theme["accent"] = accent
    let upper = try Self.read(theme)
    #expect(lower == upper)
    let hex = try #require(accent["hex"] as? String)
    #expect(upper.colors.first { $0.key == "accent" }?.color == RGBA8(themeHex: hex))
    let material = try #require(upper.material)
    #expect(material.light.count == 49 && material.dark.count == 49)
    #expect(material.contrastLevel == -1)
  }

  @Test("an accent that is not the model's object is refused, in one line naming it")
  func accentAsText() throws {
    var theme = try Self.sample()
    theme["accent"] = "#A1B2C3"
    #expect(throws: ThemeReadError.invalid("unexpected value at accent")) {
      try Self.read(theme)
    }
  }

  @Test("a theme@1 file (no outline) reads as theme@2 does; theme@3 is refused")
  func earlierSchema() throws {
    var theme = try Self.sample()
    let current = try Self.read(theme)
    theme["schema"] = "spritetheme/theme@1"
    theme["outline"] = nil
    #expect(try Self.read(theme) == current)
    theme["schema"] = "spritetheme/theme@3"
    #expect(throws: ThemeReadError.self) { try Self.read(theme) }
  }

  @Test("bad input: each reason is one line")
  func errors() throws {
    var theme = try Self.sample()
    ThemeFixtures.addMaterial(to: &theme, index: 0)
    var missingRole = theme
    var material = missingRole["material"] as! [String: Any]
    var schemes = material["schemes"] as! [String: [String: String]]
    schemes["dark"]?["onSurface"] = nil
    material["schemes"] = schemes
    missingRole["material"] = material
    var badColour = theme
    var card = theme["card"] as! [String: Any]
    card["background"] = "#12345"
    badColour["card"] = card
    var notTheme = theme
    notTheme["schema"] = "spritetheme/index@1"
    let cases: [([String: Any], String)] = [
      (missingRole, "material.schemes.dark (no role onSurface)"),
      (badColour, "card is not a colour: #12345"),
      (notTheme, "schema is \"spritetheme/index@1\""),
    ]
    for (object, reason) in cases {
      #expect {
        _ = try Self.read(object)
      } throws: { error in
        "\(error)".contains(reason) && !"\(error)".contains("\n")
      }
    }
    #expect(throws: ThemeReadError.invalid("not valid JSON")) {
      try ExportTheme(json: Data("{".utf8), name: "x", path: "x.json")
    }
  }
}
