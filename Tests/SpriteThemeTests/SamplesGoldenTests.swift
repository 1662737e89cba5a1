import Foundation
import SpriteTheme
import Testing
import _SpriteTestSupport

/// Every sample's theme against `samples/themes/<name>.json` (the README's demonstration data)
/// and against the shipped JSON Schema. `RECORD_GOLDENS=1` rewrites the golden files.
@Suite("Samples: golden themes and schema")
struct SamplesGoldenTests {
  static let files = Fixtures.sampleSpriteFiles()

  @Test("every sample's theme is valid against the schema and equals its golden file")
  func goldenThemes() throws {
    #expect(!Self.files.isEmpty)
    let goldens = Fixtures.packageRoot.appendingPathComponent("samples/themes")
    for url in Self.files {
      let relative = "samples/sprites/" + url.lastPathComponent
      let sprite = try ThemePipeline().analyze(
        bytes: Fixtures.bytes(of: url), name: ThemePipeline.spriteName(forPath: relative),
        path: relative)
      let json = Data(ThemeEncoder.encode(sprite.theme))
      Schemas.expectValid(json, against: Schemas.theme, relative)
      let name = SpriteNamer.sanitise(sprite.theme.source.name) + ".json"
      Golden.assertMatches(
        String(decoding: json, as: UTF8.self), file: goldens.appendingPathComponent(name))
    }
  }

  @Test("no golden file is left without its sample")
  func noOrphanGoldens() throws {
    let goldens = Fixtures.packageRoot.appendingPathComponent("samples/themes").path
    let names = try FileManager.default.contentsOfDirectory(atPath: goldens).filter {
      $0.hasSuffix(".json")
    }
    let expected = Self.files.map {
      SpriteNamer.sanitise(ThemePipeline.spriteName(forPath: $0.path)) + ".json"
    }
    #expect(Set(names) == Set(expected))
  }

  @Test("every reported text colour meets its contrast threshold, on every sample")
  func textContrast() throws {
    for url in Self.files {
      let theme = try ThemePipeline().analyze(fileAt: FilePath(url.path)).theme
      let swatches = [
        theme.swatches.vibrant, theme.swatches.lightVibrant, theme.swatches.darkVibrant,
        theme.swatches.muted, theme.swatches.lightMuted, theme.swatches.darkMuted,
      ].compactMap { $0 }
      for swatch in swatches {
        #expect(swatch.titleText.contrast >= 3.0, "\(url.lastPathComponent) \(swatch.hex)")
        #expect(swatch.bodyText.contrast >= 4.5, "\(url.lastPathComponent) \(swatch.hex)")
      }
      if let card = theme.card { #expect(card.text.contrast >= 4.5) }
      let total = theme.palette.reduce(0) { $0 + $1.population }
      #expect(theme.palette.isEmpty || abs(total - 1) <= 0.001, "\(url.lastPathComponent)")
      #expect(theme.palette.count <= 8)
      // Without a dark outline the dominant colour is the most populous; with one it is the
      // body's, a palette colour all the same (SPEC section 4).
      if theme.outline == nil {
        #expect(theme.dominant == theme.palette.first)
      } else {
        #expect(theme.dominant.map(theme.palette.contains) == true)
      }
    }
  }
}

/// The validator must be able to fail, or schema checks prove nothing.
@Suite("JSON Schema validator")
struct JSONSchemaValidatorTests {
  static func theme() throws -> [String: Any] {
    let url = try #require(Fixtures.sampleSpriteFiles().first)
    let json = Data(
      ThemeEncoder.encode(try ThemePipeline().analyze(fileAt: FilePath(url.path)).theme))
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
  }

  static func failures(_ object: [String: Any]) throws -> [JSONSchemaValidator.ValidationFailure] {
    let validator = try #require(Schemas.theme)
    return try validator.failures(of: JSONSerialization.data(withJSONObject: object))
  }

  @Test("a real theme passes")
  func validPasses() throws {
    #expect(try Self.failures(Self.theme()).isEmpty)
  }

  @Test("broken themes fail, each for its reason")
  func brokenFails() throws {
    var missing = try Self.theme()
    missing["palette"] = nil
    #expect(try Self.failures(missing).contains { $0.message.contains("palette") })

    var extra = try Self.theme()
    extra["timestamp"] = "2026-01-01"
    #expect(try Self.failures(extra).contains { $0.message.contains("timestamp") })

    var badHex = try Self.theme()
    var average = try #require(badHex["average"] as? [String: Any])
    average["hex"] = "#GGGGGG"
    badHex["average"] = average
    #expect(!(try Self.failures(badHex)).isEmpty)

    var badSchema = try Self.theme()
    badSchema["schema"] = "spritetheme/theme@1"
    #expect(!(try Self.failures(badSchema)).isEmpty)

    var lowContrast = try Self.theme()
    lowContrast["card"] = [
      "extent": ["name": "seed", "x": 0, "y": 0, "width": 1, "height": 1],
      "background": "#808080", "text": ["hex": "#000000", "contrast": 2.0, "apca": 30.0],
    ]
    #expect(!(try Self.failures(lowContrast)).isEmpty)
  }

  @Test(
    "broken accent and material blocks fail: a role missing or unknown, upper case, a bad variant")
  func brokenMaterialFails() throws {
    func withScheme(_ change: (inout [String: String]) -> Void) throws -> [String: Any] {
      var theme = try Self.theme()
      var material = try #require(theme["material"] as? [String: Any])
      var schemes = try #require(material["schemes"] as? [String: [String: String]])
      var light = try #require(schemes["light"])
      change(&light)
      schemes["light"] = light
      material["schemes"] = schemes
      theme["material"] = material
      return theme
    }
    #expect(try Self.failures(withScheme { _ in }).isEmpty)
    // Inside `anyOf` (the block or null) the validator reports the alternative, not the member.
    #expect(!(try Self.failures(withScheme { $0["onPrimary"] = nil })).isEmpty)
    #expect(!(try Self.failures(withScheme { $0["onPrimaryTint"] = "#000000" })).isEmpty)
    #expect(!(try Self.failures(withScheme { $0["primary"] = "#4C5C92" })).isEmpty)

    var variant = try Self.theme()
    var material = try #require(variant["material"] as? [String: Any])
    material["variant"] = "pastel"
    variant["material"] = material
    #expect(!(try Self.failures(variant)).isEmpty)
    material["variant"] = "vibrant"
    material["contrastLevel"] = 1.5
    variant["material"] = material
    #expect(!(try Self.failures(variant)).isEmpty)

    var accent = try Self.theme()
    accent["accent"] = ["hex": "#ff0000", "rgb": [255, 0, 0]]
    #expect(!(try Self.failures(accent)).isEmpty)
    var missing = try Self.theme()
    missing["material"] = nil
    #expect(try Self.failures(missing).contains { $0.message.contains("material") })
  }
}
