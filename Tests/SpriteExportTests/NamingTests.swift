import Foundation
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("Names: each platform's convention, unique in a file, never a keyword or a digit first")
struct NamingTests {
  @Test("camelCase keys split into words; sprite names split at every non-alphanumeric")
  func words() {
    #expect(
      IdentifierWords.split(camelCase: "surfaceContainerHighest") == [
        "surface", "container", "highest",
      ])
    #expect(IdentifierWords.split(camelCase: "card") == ["card"])
    #expect(IdentifierWords.split(name: "crawl-black.cat_2") == ["crawl", "black", "cat", "2"])
    #expect(IdentifierWords.split(name: "--") == [])
    #expect(CaseConvention.camel.join(["on", "primary", "container"]) == "onPrimaryContainer")
    #expect(CaseConvention.pascal.join(["on", "primary"]) == "OnPrimary")
    #expect(CaseConvention.snake.join(["a", "2"]) == "a_2")
  }

  @Test("clashing spellings get 2, 3, ... in the order given, and never reuse a taken name")
  func clashes() {
    var namer = UniqueNames(.kebab)
    #expect(
      ["a-b", "a.b", "a_b-2", "a.b"].map { namer.name(for: $0) } == [
        "a-b", "a-b-2", "a-b-2-2", "a-b-3",
      ])
  }

  @Test("a leading digit, no letters at all, or a keyword gets 'sprite' in front")
  func prefixes() {
    var swift = UniqueNames(.pascal, reserved: ReservedWords.swift)
    #expect(swift.name(for: "25-pikachu") == "Sprite25Pikachu")
    #expect(swift.name(for: "self") == "SpriteSelf")
    #expect(swift.name(for: "color") == "SpriteColor")
    #expect(swift.name(for: "_") == "Sprite")
    #expect(swift.name(for: "") == "Sprite2")
    var kotlin = UniqueNames(.camel, reserved: ReservedWords.kotlin)
    #expect(kotlin.name(for: "object") == "spriteObject")
    var dart = UniqueNames(.camel, reserved: ReservedWords.dart)
    #expect(dart.name(for: "class") == "spriteClass")
    var android = UniqueNames(.snake, reserved: ReservedWords.java)
    #expect(android.name(for: "default") == "sprite_default")
  }

  @Test("a sprite whose name joined with a colour equals another's is renamed (on + primary)")
  func joinedClashes() {
    var namer = UniqueNames(.snake)
    let tokens = [["primary"], ["on", "primary"]]
    #expect(namer.name(for: "on", joined: tokens) == "on")
    // "on_primary" + "primary" is fine, but "on_primary" alone was produced by "on" + "primary".
    #expect(namer.name(for: "on-primary", joined: tokens) == "on_primary_2")
  }

  @Test("keyword lists hold the words that break each language")
  func keywordLists() {
    for word in ["default", "class", "self", "Type", "Self", "protocol", "init"] {
      #expect(ReservedWords.swift.contains(word))
    }
    for word in ["object", "fun", "val", "when"] { #expect(ReservedWords.kotlin.contains(word)) }
    for word in ["class", "late", "required", "Function"] {
      #expect(ReservedWords.dart.contains(word))
    }
  }

  @Test("format lists: names, all, repeats; an unknown name is named in the error")
  func formatLists() throws {
    #expect(try ExportFormat.parseList("css,android") == [.css, .android])
    #expect(try ExportFormat.parseList("android, css,css") == [.css, .android])
    #expect(try ExportFormat.parseList("all") == ExportFormat.allCases)
    #expect(throws: UnknownFormat(name: "xml")) { try ExportFormat.parseList("css,xml") }
    #expect(UnknownFormat(name: "xml").description.contains("'xml'"))
  }

  @Test("a long sprite name is cut to maxLength bytes, and cut names that clash get numbers")
  func longNames() {
    for convention in [CaseConvention.kebab, .snake, .camel, .pascal] {
      var namer = UniqueNames(convention)
      let long = String(repeating: "abcdefghij-", count: 21)  // 230 characters
      let first = namer.name(for: long + "one")
      let second = namer.name(for: long + "two")
      #expect(first.utf8.count == UniqueNames.maxLength, "\(convention) \(first)")
      #expect(second.utf8.count <= UniqueNames.maxLength + 2 && second != first)
      #expect(namer.name(for: "short-name") == convention.join(["short", "name"]))
    }
  }

  @Test("every format's file names fit 255 bytes when sprites have 230-character names")
  func longNamesFitFileNames() throws {
    let data = try Data(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("samples/themes/crawl-black-cat.json")
    )
    let themes = try ["a", "b"].map { suffix in
      try ExportTheme(
        json: data, name: String(repeating: "x", count: 229) + suffix, path: "\(suffix).json")
    }
    for format in ExportFormat.allCases {
      let files = ThemeExporter.files(format, for: themes)
      #expect(Set(files.map(\.path)).count == files.count, "\(format): unique paths")
      for file in files {
        for component in file.path.split(separator: "/") {
          #expect(component.utf8.count <= 255, "\(format): \(component)")
        }
      }
    }
  }
}
