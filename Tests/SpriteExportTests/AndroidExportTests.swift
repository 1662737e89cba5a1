import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("Android export: resource XML that parses, alpha first, every colour the theme's")
struct AndroidExportTests {
  @Test(
    "values/ and values-night/ parse with xml.etree and round-trip every colour", .externalTools)
  func colorsRoundTrip() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let day = catalogue.url(.android, "values/colors.xml").path
    let night = catalogue.url(.android, "values-night/colors.xml").path
    let result = try await PythonTools.runScript("parse_android.py", [day, night])
    try #require(result.status == 0, "\(result.stderr)")
    let parsed =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      as! [String: [String: String]]
    let dayColours = try #require(parsed[day])
    let nightColours = try #require(parsed[night])
    for (name, expected) in catalogue.samples {
      let prefix = name.replacingOccurrences(of: "-", with: "_")
      for (key, color) in expected.colors {
        #expect(dayColours["\(prefix)_\(Spell.snake(key))"] == color.hexWithAlpha, "\(name) \(key)")
      }
      for (role, color) in expected.light {
        #expect(
          dayColours["\(prefix)_\(Spell.snake(role))"] == color.hexWithAlpha, "\(name) \(role)")
      }
      for (role, color) in expected.dark {
        #expect(
          nightColours["\(prefix)_\(Spell.snake(role))"] == color.hexWithAlpha, "\(name) \(role)")
      }
    }
    let total = catalogue.expected.values.reduce(0) { $0 + $1.colors.count + $1.light.count }
    #expect(dayColours.count == total)
    #expect(nightColours.count == catalogue.expected.values.reduce(0) { $0 + $1.dark.count })
  }

  @Test("alpha comes first: a translucent text colour is #AARRGGBB")
  func alphaFirst() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let xml = try catalogue.text(.android, "values/colors.xml")
    let text = try #require(catalogue.samples["crawl-black-cat"]?.colors["cardText"])
    try #require(text.a != 255, "the fixture's card text should be translucent")
    let argb = [text.a, text.r, text.g, text.b].map { String(format: "%02X", $0) }.joined()
    #expect(xml.contains("<color name=\"crawl_black_cat_card_text\">#\(argb)</color>"))
  }
}
