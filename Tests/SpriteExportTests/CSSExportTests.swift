import Foundation
import SpriteCore
import SpriteExport
import SystemPackage
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
    "sprites.css: a class per sprite, dark roles under the media query and .dark, high contrast under prefers-contrast",
    .externalTools)
  func cssSaysTheTheme() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let rules = try #require(
      try await Self.parse([catalogue.url(.css, "sprites.css")])["sprites.css"])
    /// The blocks under `at` (nil: top level) whose selector is `prefix` then a sprite's class.
    func blocks(_ at: String?, _ prefix: String) -> [String: [String: String]] {
      Dictionary(
        rules.filter { $0.at == at && ($0.selector ?? "").hasPrefix(prefix + ".sprite-") }
          .map { (String(($0.selector ?? "").dropFirst(prefix.count)), $0.declarations) },
        uniquingKeysWith: { a, _ in
          Issue.record("a class twice under \(at ?? "-") \(prefix)")
          return a
        })
    }
    let light = blocks(nil, "")
    let more = "@media (prefers-contrast: more)"
    // Each scheme's blocks: media query or dark ancestor, and the scheme they must hold.
    let dark = [blocks("@media (prefers-color-scheme: dark)", ""), blocks(nil, ".dark ")]
    let highLight = blocks(more, "")
    let highDark = [
      blocks("\(more) and (prefers-color-scheme: dark)", ""), blocks(more, ".dark "),
    ]
    #expect(light.count == catalogue.expected.count)
    #expect(rules.count == light.count + 5 * dark[0].count)
    for (name, expected) in catalogue.samples {
      let block = try #require(light[".sprite-\(name)"], "\(name)")
      #expect(block.count == expected.colors.count + expected.light.count)
      for (key, color) in expected.colors {
        #expect(block["--sprite-\(Spell.kebab(key))"] == color.cssText, "\(name) \(key)")
      }
      for (role, color) in expected.light {
        #expect(block["--md-sys-color-\(Spell.kebab(role))"] == color.cssText, "\(name) \(role)")
      }
      guard !expected.dark.isEmpty else { continue }
      let high = try #require(
        try HighContrastRoles(themeAt: catalogue.themes.appendingPathComponent("\(name).json")))
      for (scheme, roles) in [
        ("dark", expected.dark), ("high", high.light), ("highDark", high.dark),
      ] {
        let found = scheme == "dark" ? dark : scheme == "high" ? [highLight] : highDark
        for night in found.map({ $0[".sprite-\(name)"] ?? [:] }) {
          #expect(night.count == roles.count, "\(name) \(scheme)")
          for (role, color) in roles {
            #expect(
              night["--md-sys-color-\(Spell.kebab(role))"] == color.cssText,
              "\(name) \(scheme) \(role)")
          }
        }
      }
    }
  }

  @Test("--css-dark attribute: the dark ancestor is [data-theme=dark] instead of .dark")
  func cssDarkAttribute() throws {
    let scratch = try TemporaryDirectory()
    let file = Fixtures.packageRoot.appendingPathComponent("samples/themes/crawl-blue-dragon.json")
    let (themes, failures) = ThemeExporter.load([FilePath(file.path)])
    try #require(failures.isEmpty && themes.first?.material != nil)
    try ThemeExporter.write(
      themes, formats: [.css], to: FilePath(scratch.url.path),
      options: ExportOptions(cssDark: .attribute))
    let css = try String(
      contentsOf: scratch.url.appendingPathComponent("css/sprites.css"), encoding: .utf8)
    #expect(css.contains("\n[data-theme=dark] .sprite-crawl-blue-dragon {\n"))
    #expect(css.contains("  [data-theme=dark] .sprite-crawl-blue-dragon {\n"))
    #expect(!css.contains(".dark "))
  }

  @Test(
    "sprites.tailwind.css: one @theme block of --color-<sprite>-<colour>, roles as light-dark()",
    .externalTools)
  func tailwindSaysTheTheme() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let file = catalogue.url(.tailwind, "sprites.tailwind.css")
    let rules = try #require(try await Self.parse([file])["sprites.tailwind.css"])
    let theme = rules.filter { $0.at == "@theme" }
    try #require(theme.count == 1)
    for (name, expected) in catalogue.samples {
      for (key, color) in expected.colors {
        #expect(theme[0].declarations["--color-\(name)-\(Spell.kebab(key))"] == color.cssText)
      }
      for (role, color) in expected.light {
        let dark = try #require(expected.dark[role])
        #expect(
          theme[0].declarations["--color-\(name)-\(Spell.kebab(role))"]
            == "light-dark(\(color.cssText), \(dark.cssText))", "\(name) \(role)")
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
