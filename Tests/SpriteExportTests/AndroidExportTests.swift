import Foundation
import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpriteExport

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

@Suite("Android export: a sprite's name inside an XML comment")
struct AndroidCommentTests {
  /// True when `text` may stand between `<!--` and `-->` (XML 1.0: only `Char`s, no `--`, not
  /// ending in `-`).
  static func isCommentText(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    let allowed = scalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
      default: false
      }
    }
    let doubleHyphen = zip(scalars, scalars.dropFirst()).contains { $0 == "-" && $1 == "-" }
    return allowed && !doubleHyphen && scalars.last != "-"
  }

  @Test(
    "names the outside campaign found breaking colors.xml are made valid",
    arguments: [
      "a\u{01}b", "a\u{0B}b", "a\u{0C}b", "a\u{FFFF}b", "a--\u{0301}b", "-\u{0301}-",
      "end-\u{0301}", "---", "a<!--b-->", "tab\there", "\u{FFFE}", "",
    ])
  func hostileNames(name: String) {
    let comment = AndroidExport.comment(name)
    #expect(Self.isCommentText(comment), "\(Array(comment.unicodeScalars))")
  }

  @Test("ordinary names are kept as they are")
  func ordinaryNames() {
    for name in ["crawl-black-cat", "Mr. Mime", "Flabébé", "ポケモン", "a - b"] {
      #expect(AndroidExport.comment(name) == name)
    }
  }

  @Test("random names always give valid comment text")
  func randomNames() {
    var random = SeededRandom(seed: 32)
    let pool: [Unicode.Scalar] = [
      "-", "-", "a", " ", "<", ">", "&", "\u{0301}", "\u{01}", "\u{0B}", "\u{FFFF}", "\u{FFFE}",
      "\u{1F600}", "\t", "\n",
    ]
    for _ in 0..<2000 {
      var name = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        name.append(pool[Int.random(in: 0..<pool.count, using: &random)])
      }
      let comment = AndroidExport.comment(String(name))
      #expect(Self.isCommentText(comment), "\(Array(String(name).unicodeScalars))")
    }
  }
}
