import Foundation
import SpriteCore
import SpriteExport
import SpriteMaterial
import Testing
import _SpriteTestSupport

@Suite(
  "SwiftUI, Compose, Flutter and TypeScript exports: code that compiles, with the theme's colours")
struct CodeExportTests {
  @Test("SpriteColors.swift type-checks against stubs of SwiftUI alone, with UIKit, with AppKit")
  func swiftTypeChecks() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let swiftc = try #require(ToolRun.find("swiftc"), "swiftc is not on PATH")
    let files = ["SpriteColors.swift", "SpriteColorData.swift"].map {
      catalogue.url(.swiftui, $0).path
    }
    #if canImport(SwiftUI)
      let check = try await ToolRun.run(swiftc, ["-typecheck", "-swift-version", "6"] + files)
      #expect(check.status == 0, "\(check.stderr.prefix(2000))")
    #else
      for platform in SwiftStubs.Platform.allCases {
        let stubs = try await SwiftStubs.build(platform, swiftc: swiftc)
        let check = try await ToolRun.run(
          swiftc, ["-typecheck", "-swift-version", "6", "-I", stubs.url.path] + files)
        #expect(check.status == 0, "\(platform): \(check.stderr.prefix(2000))")
      }
    #endif
  }

  @Test("SpriteTheme.named gives every sprite's colours and schemes as the theme has them")
  func swiftColours() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let swiftc = try #require(ToolRun.find("swiftc"), "swiftc is not on PATH")
    let stubs = try await SwiftStubs.build(.linux, swiftc: swiftc)
    let main = stubs.url.appendingPathComponent("main.swift")
    try Data(SwiftStubs.dumper.utf8).write(to: main)
    let app = stubs.url.appendingPathComponent("dump").path
    let files = ["SpriteColors.swift", "SpriteColorData.swift"].map {
      catalogue.url(.swiftui, $0).path
    }
    let build = try await ToolRun.run(
      swiftc,
      ["-I", stubs.url.path, "-L", stubs.url.path, "-lSwiftUI", "-o", app] + files + [main.path])
    try #require(build.status == 0, "\(build.stderr.prefix(2000))")
    let run = try await ToolRun.run(app, [])
    try #require(run.status == 0, "\(run.stderr.prefix(2000))")
    let dumped = try ColourDump(run.stdout, order: .rgba)
    try dumped.expectMatches(catalogue, schemeSuffix: "")
    // On Linux the appearance-following scheme is the light one.
    for (name, expected) in catalogue.expected where !expected.light.isEmpty {
      for (role, color) in expected.light {
        #expect(dumped.colors[name]?["scheme.\(role)"] == color, "\(name) scheme.\(role)")
      }
    }
  }

  @Test(
    "SpriteColors.kt compiles with kotlinc against Compose stubs, and SpriteColors.named gives the theme's colours",
    .externalTools)
  func composeCompilesAndRuns() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let kotlin = try await KotlinTools.compiler()
    let work = try TemporaryDirectory()
    let stubs = try KotlinTools.stubFiles.map { name, text in
      let url = work.url.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
    let main = work.url.appendingPathComponent("Main.kt")
    try Data(KotlinTools.dumper.utf8).write(to: main)
    let out = work.url.appendingPathComponent("classes").path
    let sources = ["SpriteColors.kt", "SpriteColorData.kt"].map { catalogue.url(.compose, $0).path }
    let compile = try await kotlin.compile(sources + stubs + [main.path], into: out)
    try #require(compile.status == 0, "\(compile.stderr.prefix(3000))")
    let run = try await kotlin.run(mainClass: "dump.MainKt", classes: out)
    try #require(run.status == 0, "\(run.stderr.prefix(2000))")
    let dumped = try ColourDump(run.stdout, order: .argb)
    try dumped.expectMatches(catalogue, schemeSuffix: "Scheme", roles: KotlinTools.schemeRoles)
    #expect(run.stdout.contains("SpriteTheme composed"))
  }

  @Test("sprite_colors.dart: each getter's slot in sprite_color_data.dart holds the theme's colour")
  func flutterColours() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let accessor = try catalogue.text(.flutter, "sprite_colors.dart")
    let data = try catalogue.text(.flutter, "sprite_color_data.dart")
    #expect(CodeText.balanced(accessor, "{", "}") && CodeText.balanced(accessor, "(", ")"))
    #expect(accessor.contains("import 'package:flutter/material.dart';"))
    // Where the accessor reads each colour: `get card => _color(0)`, `primary: role(0)`,
    // `get light => _scheme(0)`.
    let colors = CodeText.matches(#"get (\w+) => _color\((\d+)\)"#, in: accessor)
    let schemes = CodeText.matches(#"get (\w+) => _scheme\((\d+)\)"#, in: accessor)
    let roles = CodeText.matches(#"(\w+): role\((\d+)\)"#, in: accessor).map {
      ($0.0 == "onInverseSurface" ? "inverseOnSurface" : $0.0, $0.1)
    }
    #expect(roles.count == 46 && schemes.count == 6 && colors.count == 23)
    let table = try #require(data.range(of: "<String>["))
    let literals = CodeText.dartStrings(in: String(data[table.upperBound...]))
    #expect(literals.count == 2 * catalogue.expected.count)
    var dumped = [String: [String: RGBA8]]()
    for pair in stride(from: 0, to: literals.count, by: 2) {
      let packed = CodeText.packed(literals[pair + 1], order: .argb)
      var values = [String: RGBA8]()
      for (key, slot) in colors { values[key] = packed[slot] }
      for (scheme, index) in schemes {
        for (role, slot) in roles {
          values["\(scheme).\(role)"] = packed[safe: 23 + index * 49 + slot] ?? nil
        }
      }
      dumped[literals[pair]] = values
    }
    try ColourDump(dumped).expectMatches(catalogue, schemeSuffix: "", roles: Set(roles.map(\.0)))
  }

  @Test(
    "sprites.ts parses with tree-sitter-typescript; sprites.json holds the theme's colours",
    .externalTools)
  func typeScript() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let module = catalogue.url(.ts, "sprites.ts").path
    let parse = try await PythonTools.runScript("parse_typescript.py", [module])
    try #require(parse.status == 0, "\(parse.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(parse.stdout.utf8)) as! [String: Any]
    #expect(report["errors"] as? Int == 0, "\(report)")
    let exports = Set(report["exports"] as? [String] ?? [])
    #expect(
      exports.isSuperset(of: ["SpriteTheme", "SpriteScheme", "spriteThemes", "spriteScheme"]))
    #expect(report["spriteThemesType"] as? String == "Record<string, SpriteTheme>")
    // A syntax error is found: the check can fail.
    let broken = try TemporaryDirectory()
    let url = broken.url.appendingPathComponent("broken.ts")
    try Data(try catalogue.text(.ts, "sprites.ts").replacingOccurrences(of: "{", with: "").utf8)
      .write(to: url)
    let bad = try await PythonTools.runScript("parse_typescript.py", [url.path])
    let badReport = try JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as! [String: Any]
    #expect((badReport["errors"] as? Int ?? 0) > 0)
    // The data, read as JSON.
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: catalogue.url(.ts, "sprites.json"))) as! [String: [String: Any]]
    var dumped = [String: [String: RGBA8]]()
    for (name, theme) in json {
      var values = [String: RGBA8]()
      for (key, value) in theme {
        if let hex = value as? String {
          values[key] = RGBA8(hexText: hex)
        } else if let scheme = value as? [String: String] {
          for (role, hex) in scheme { values["\(key).\(role)"] = RGBA8(hexText: hex) }
        }
      }
      dumped[name] = values
    }
    try ColourDump(dumped).expectMatches(catalogue, schemeSuffix: "")
  }

  @Test("code per sprite is bounded: the accessors do not grow, the data a few lines a sprite")
  func sizePerSprite() throws {
    let data = try Data(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("samples/themes/crawl-black-cat.json")
    )
    var theme = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    MaterialFixture.add(to: &theme, index: 0)
    let json = try JSONSerialization.data(withJSONObject: theme)
    func themes(_ count: Int) throws -> [ExportTheme] {
      try (0..<count).map { try ExportTheme(json: json, name: "sprite-\($0)", path: "\($0).json") }
    }
    let (small, large) = (try themes(10), try themes(60))
    for format in [ExportFormat.swiftui, .compose, .flutter, .ts] {
      let few = ThemeExporter.files(format, for: small)
      let many = ThemeExporter.files(format, for: large)
      #expect(few.map(\.path) == many.map(\.path) && few.count == 2, "\(format)")
      func lines(_ file: ExportFile) -> Int { file.bytes.filter { $0 == 10 }.count }
      // The accessor: the same lines whatever the count.
      #expect(lines(few[0]) == lines(many[0]), "\(format) accessor")
      // The data: at most 4 lines a sprite more.
      let perSprite = Double(lines(many[1]) - lines(few[1])) / 50
      #expect(perSprite >= 1 && perSprite <= 4, "\(format): \(perSprite) lines a sprite")
    }
  }

  @Test("hostile names: quotes, backslashes, $, newlines and non-ASCII come back exactly")
  func hostileNames() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let data = try Data(contentsOf: catalogue.themeFiles[0])
    let names = ["a\"b", "c\\d", "$x ${y}", "new\nline", "é🙂", "*/", "a'b", "crawl-black-cat"]
    let themes = try names.map { try ExportTheme(json: data, name: $0, path: "\($0).json") }
    let dart = try #require(
      ThemeExporter.files(.flutter, for: themes).first { $0.path == "sprite_color_data.dart" })
    let text = String(decoding: dart.bytes, as: UTF8.self)
    let table = try #require(text.range(of: "<String>["))
    let literals = CodeText.dartStrings(in: String(text[table.upperBound...]))
    #expect(stride(from: 0, to: literals.count, by: 2).map { literals[$0] } == names)
    let ts = try #require(ThemeExporter.files(.ts, for: themes).first { $0.path == "sprites.json" })
    let json = try JSONSerialization.jsonObject(with: Data(ts.bytes)) as! [String: Any]
    #expect(Set(json.keys) == Set(names))
    // The Swift and Kotlin literals are checked by compiling them (swiftColours, the fixtures'
    // names); here each escape is one the language defines.
    let swift = try #require(
      ThemeExporter.files(.swiftui, for: themes).first { $0.path == "SpriteColorData.swift" })
    let swiftText = String(decoding: swift.bytes, as: UTF8.self)
    #expect(swiftText.contains(#""new\u{A}line""#) && swiftText.contains(#""\u{E9}\u{1F642}""#))
    let kotlin = try #require(
      ThemeExporter.files(.compose, for: themes).first { $0.path == "SpriteColorData.kt" })
    let kotlinText = String(decoding: kotlin.bytes, as: UTF8.self)
    #expect(kotlinText.contains(#""\$x \${y}""#) && kotlinText.contains(#""\u00E9\uD83D\uDE42""#))
  }

  /// `crawl-black-cat` → `CrawlBlackCat`.
  static func pascal(_ name: String) -> String {
    name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
