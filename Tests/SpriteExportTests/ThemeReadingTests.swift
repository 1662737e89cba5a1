import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("Reading theme files: optional accent and material, one-line errors naming the file")
struct ThemeReadingTests {
  /// The first sample theme as a JSON object.
  static func sample() throws -> [String: Any] {
    let url = Fixtures.packageRoot.appendingPathComponent("samples/themes/crawl-black-cat.json")
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

  @Test("accent as a string or an object, material roles in either case")
  func accentForms() throws {
    var theme = try Self.sample()
    ThemeFixtures.addMaterial(to: &theme, index: 3)
    theme["accent"] = "#A1B2C3"
    let fromString = try Self.read(theme)
    theme["accent"] = ["hex": "#a1b2c3", "rgb": [161, 178, 195]]
    let fromObject = try Self.read(theme)
    #expect(fromString == fromObject)
    #expect(
      fromString.colors.first { $0.key == "accent" }?.color == RGBA8(r: 0xA1, g: 0xB2, b: 0xC3))
    let material = try #require(fromObject.material)
    #expect(material.light.count == 49 && material.dark.count == 49)
    #expect(material.contrastLevel == -1)
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
    badColour["card"] = ["background": "#12345", "text": ["hex": "#ffffff"]]
    var notTheme = theme
    notTheme["schema"] = "spritetheme/index@1"
    let cases: [([String: Any], String)] = [
      (missingRole, "material.schemes.dark has no onSurface"),
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
