import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("CSS, Tailwind and SCSS exports: parse, and say every colour the theme says")
struct CSSExportTests {
  /// The rules tinycss2 finds in the export's CSS files.
  struct Rule: Decodable {
    var at: String?
    var selector: String?
    var declarations: [String: String]
  }

  /// Parses the files with tinycss2; fails the test on a parse error.
  static func parse(_ urls: [URL]) async throws -> [String: [Rule]] {
    let result = try await PythonTools.runScript("parse_css.py", urls.map(\.path))
    try #require(result.status == 0, "\(result.stderr)")
    return try JSONDecoder().decode([String: [Rule]].self, from: Data(result.stdout.utf8))
  }

  @Test(
    "sprites.css: a class per sprite, --sprite-* and --md-sys-color-*, dark roles in the media query",
    .externalTools)
  func cssSaysTheTheme() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let rules = try #require(
      try await Self.parse([catalogue.url(.css, "sprites.css")])["sprites.css"])
    let light = Dictionary(
      rules.filter { $0.at == nil }.map { ($0.selector ?? "", $0.declarations) },
      uniquingKeysWith: { a, _ in
        Issue.record("a class twice")
        return a
      })
    let dark = Dictionary(
      rules.filter { $0.at == "@media (prefers-color-scheme: dark)" }
        .map { ($0.selector ?? "", $0.declarations) }, uniquingKeysWith: { a, _ in a })
    #expect(light.count == catalogue.expected.count)
    for (name, expected) in catalogue.samples {
      let block = try #require(light[".sprite-\(name)"], "\(name)")
      #expect(block.count == expected.colors.count + expected.light.count)
      for (key, color) in expected.colors {
        #expect(block["--sprite-\(Spell.kebab(key))"] == color.cssText, "\(name) \(key)")
      }
      for (role, color) in expected.light {
        #expect(block["--md-sys-color-\(Spell.kebab(role))"] == color.cssText, "\(name) \(role)")
      }
      let night = dark[".sprite-\(name)"] ?? [:]
      #expect(night.count == expected.dark.count)
      for (role, color) in expected.dark {
        #expect(night["--md-sys-color-\(Spell.kebab(role))"] == color.cssText, "\(name) \(role)")
      }
    }
  }

  @Test(
    "sprites.tailwind.css: one @theme block of --color-<sprite>-<colour>, dark overrides",
    .externalTools)
  func tailwindSaysTheTheme() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let file = catalogue.url(.tailwind, "sprites.tailwind.css")
    let rules = try #require(try await Self.parse([file])["sprites.tailwind.css"])
    let theme = rules.filter { $0.at == "@theme" }
    try #require(theme.count == 1)
    let dark = rules.filter {
      $0.at == "@media (prefers-color-scheme: dark)" && $0.selector == ":root"
    }
    try #require(dark.count == 1)
    for (name, expected) in catalogue.samples {
      for (key, color) in expected.colors.merging(expected.light, uniquingKeysWith: { a, _ in a }) {
        #expect(theme[0].declarations["--color-\(name)-\(Spell.kebab(key))"] == color.cssText)
      }
      for (role, color) in expected.dark {
        #expect(dark[0].declarations["--color-\(name)-\(Spell.kebab(role))"] == color.cssText)
      }
    }
    let total = catalogue.expected.values.reduce(0) { $0 + $1.colors.count + $1.light.count }
    #expect(theme[0].declarations.count == total)
  }

  @Test("_sprites.scss: one map per sprite with light and dark maps, and $sprites of them all")
  func scssMaps() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let text = try catalogue.text(.scss, "_sprites.scss")
    // Structure: balanced parentheses, every map closed with ");".
    var depth = 0
    for character in text {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      #expect(depth >= 0)
    }
    #expect(depth == 0)
    for (name, expected) in catalogue.samples {
      let start = try #require(text.range(of: "\n$sprite-\(name): (\n"), "\(name)")
      let end = try #require(text.range(of: "\n);\n", range: start.upperBound..<text.endIndex))
      let map = String(text[start.upperBound..<end.lowerBound])
      let lines = map.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      for (key, color) in expected.colors {
        #expect(lines.contains("\"\(Spell.kebab(key))\": \(color.cssText),"), "\(name) \(key)")
      }
      for (mode, roles) in [("light", expected.light), ("dark", expected.dark)] {
        let inner = try #require(map.range(of: "  \"\(mode)\": (\n"))
        let close = try #require(map.range(of: "\n  ),", range: inner.upperBound..<map.endIndex))
        let entries = Set(
          map[inner.upperBound..<close.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(entries.count == roles.count)
        for (role, color) in roles {
          #expect(
            entries.contains("\"\(Spell.kebab(role))\": \(color.cssText),"), "\(name) \(role)")
        }
      }
      #expect(text.contains("  \"\(name)\": $sprite-\(name),\n"))
    }
  }
}

extension RGBA8 {
  /// `#rrggbb`, or `#rrggbbaa` when translucent (what the CSS-like exports must write).
  var cssText: String { a == 255 ? hex : hexWithAlpha }
}
