import Foundation
import SpriteCore
import SpriteMaterial
import SpriteTheme
import Testing
import _SpriteTestSupport

@testable import sprite_theme

/// `sprite-theme scheme`: its JSON against the materialyoucolor goldens of SpriteMaterial's tests
/// (`Tests/SpriteMaterialTests/Goldens`, see the README there), its table, and its errors.
@Suite("scheme: Theme Builder layout, table and errors")
struct SchemeCommandTests {
  /// The golden files' folder.
  static let goldens = Fixtures.packageRoot.appendingPathComponent(
    "Tests/SpriteMaterialTests/Goldens")

  /// The data lines of a golden file, split on spaces, and its comment lines.
  static func golden(_ name: String) throws -> (records: [[String]], comments: [String]) {
    let text = try String(
      contentsOf: goldens.appendingPathComponent(name), encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    return (
      lines.filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) },
      lines.filter { $0.hasPrefix("#") }
    )
  }

  /// The 49 role names in the order the scheme goldens list them.
  static func goldenRoleOrder() throws -> [String] {
    let header = try #require(golden("schemes.txt").comments.dropFirst().first)
    return header.dropFirst(2).split(separator: " ").map(String.init)
  }

  /// `scheme --json`'s document for `hex` in `variant`, parsed.
  static func export(_ hex: String, _ variant: MaterialVariant) throws -> [String: Any] {
    let color = try #require(SchemeCommand.color(hex))
    let bytes = ThemeEncoder.encode(ThemeBuilderExport(source: color, variant: variant))
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  /// The export's scheme key for a golden line's mode and contrast level; nil for contrast -1,
  /// which an export does not hold.
  static func schemeKey(mode: String, level: String) -> String? {
    switch level {
    case "0": mode
    case "0.5": mode + "-medium-contrast"
    case "1": mode + "-high-contrast"
    default: nil
    }
  }

  @Test(
    "every role of every scheme equals the goldens: all sources in tonal spot, three in every variant"
  )
  func schemesEqualGoldens() throws {
    let roles = try Self.goldenRoleOrder()
    #expect(roles.count == 49)
    let records = try Self.golden("schemes.txt").records
    let chosen: Set<String> = ["1D5BEE", "808080", "B33B15"]
    var exports: [String: [String: Any]] = [:]
    var compared = 0
    for record in records {
      let (source, variantName, mode, level) = (record[0], record[1], record[2], record[3])
      guard let key = Self.schemeKey(mode: mode, level: level),
        variantName == "tonalSpot" || chosen.contains(source)
      else { continue }
      let variant = try #require(MaterialVariant(rawValue: variantName))
      let id = source + " " + variantName
      if exports[id] == nil { exports[id] = try Self.export("#" + source, variant) }
      let document = try #require(exports[id])
      #expect(document["seed"] as? String == "#" + source)
      #expect(document["coreColors"] as? [String: String] == ["primary": "#" + source])
      #expect((document["extendedColors"] as? [Any])?.isEmpty == true)
      let description = try #require(document["description"] as? String)
      #expect(description.hasPrefix("TYPE: CUSTOM\n") && description.contains(variantName))
      #expect(document["variant"] as? String == variantName)
      let schemes = try #require(document["schemes"] as? [String: [String: String]])
      #expect(schemes.count == 6)
      let scheme = try #require(schemes[key], "\(id) \(key)")
      #expect(scheme.count == 49)
      for (role, hex) in zip(roles, record.dropFirst(4)) {
        #expect(scheme[role] == "#" + hex, "\(id) \(key) \(role)")
      }
      compared += 1
    }
    // 42 sources x 6 schemes in tonal spot, plus 3 sources x 8 more variants x 6.
    #expect(compared == 42 * 6 + 3 * 8 * 6)
  }

  @Test("the palettes equal the goldens' Theme Builder palettes at the export's 18 tones")
  func palettesEqualGoldens() throws {
    let tones = [
      "0", "5", "10", "15", "20", "25", "30", "35", "40", "50", "60", "70", "80", "90", "95", "98",
      "99", "100",
    ]
    var compared = 0
    for record in try Self.golden("palettes.txt").records where record[0] == "export" {
      let document = try Self.export(record[1], .tonalSpot)
      let palettes = try #require(document["palettes"] as? [String: [String: String]])
      #expect(palettes.count == 6)
      let palette = try #require(palettes[record[2]], "\(record[1]) \(record[2])")
      #expect(palette.count == 18)
      var expected = Array(record.dropFirst(3))
      // Tone 99 of a yellow palette: the mean of tones 98 and 100 with halves rounded up, as
      // every MCU port but the Python one does (Goldens/README.md, TonalPaletteTests).
      let color = try #require(SchemeCommand.color(record[1]))
      let index = try #require(ThemeBuilderPalettes.names.firstIndex(of: record[2]))
      if HCT.isYellow(ThemeBuilderPalettes(source: HCT(color)).palettes[index].hue) {
        let (a, b) = (expected[15], expected[17])
        expected[16] = stride(from: 0, to: 6, by: 2).map { i -> String in
          let start = a.index(a.startIndex, offsetBy: i)
          let x = Int(a[start...].prefix(2), radix: 16)!
          let y = Int(b[b.index(b.startIndex, offsetBy: i)...].prefix(2), radix: 16)!
          return String(format: "%02X", (x + y + 1) / 2)
        }.joined()
      }
      for (tone, hex) in zip(tones, expected) {
        #expect(palette[tone] == "#" + hex, "\(record[1]) \(record[2]) \(tone)")
      }
      compared += 1
    }
    #expect(compared == 42 * 6)
  }

  @Test("the JSON keeps Theme Builder's order: schemes, roles and tones")
  func keyOrder() throws {
    let color = try #require(SchemeCommand.color("1d5bee"))
    let text = String(
      decoding: ThemeEncoder.encode(ThemeBuilderExport(source: color)), as: UTF8.self)
    func position(_ needle: String) throws -> String.Index {
      try #require(text.range(of: needle), "\(needle)").lowerBound
    }
    let top = try [
      "\"description\"", "\"seed\"", "\"coreColors\"", "\"extendedColors\"", "\"variant\"",
      "\"schemes\"", "\"palettes\"",
    ].map(position)
    #expect(top == top.sorted())
    let schemes = try ThemeBuilderExport.schemeKeys.map { try position("\"\($0.key)\": {") }
    #expect(schemes == schemes.sorted())
    // The light scheme's members, in the file's order.
    let light = text[try position("\"light\": {")...].prefix { $0 != "}" }
    let names = light.split(separator: "\n").dropFirst().compactMap {
      $0.split(separator: "\"").dropFirst().first.map(String.init)
    }
    #expect(names == (try Self.goldenRoleOrder()))
    let primary = text[try position("\"primary\": {\n      \"0\"")...].prefix { $0 != "}" }
    let tones = primary.split(separator: "\n").dropFirst().compactMap {
      $0.split(separator: "\"").dropFirst().first.map(String.init)
    }
    #expect(tones == ThemeBuilderPalettes.tones.map(String.init))
  }

  @Test("the binary prints the same JSON for #RRGGBB and rrggbb, and a table without --json")
  func binary() async throws {
    let json = try await BuiltBinary.run(["scheme", "--source", "#1D5BEE", "--json"])
    #expect(json.status == 0 && json.stderr.isEmpty)
    let expected = ThemeEncoder.encode(
      ThemeBuilderExport(source: RGBA8(r: 0x1D, g: 0x5B, b: 0xEE), variant: .vibrant))
    let vibrant = try await BuiltBinary.run(
      ["scheme", "--source", "1d5bee", "--variant", "vibrant", "--json"])
    #expect(vibrant.stdout == String(decoding: expected, as: UTF8.self))
    #expect(json.stdout != vibrant.stdout)
    let table = try await BuiltBinary.run(["scheme", "--source", "1D5BEE"])
    #expect(table.status == 0)
    #expect(table.stdout.contains("  primary                 #4C5C92     #233367     #18295C"))
    #expect(!table.stdout.contains("\u{1B}["), "no colour codes when not a terminal")
  }

  @Test(
    "a bad source is a usage error: one message line, exit 2",
    arguments: ["zz", "#12345", "1234567", "#GGGGGG", "", "##123456"])
  func badSource(source: String) async throws {
    let result = try await BuiltBinary.run(["scheme", "--source", source])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let first = result.stderr.split(separator: "\n").first.map(String.init)
    #expect(first == "Error: --source must be a colour as #RRGGBB or RRGGBB, not '\(source)'.")
  }

  @Test(
    "the table fits 80 columns, lists every role light and dark, with swatches or without",
    arguments: [false, true])
  func table(colour: Bool) throws {
    for hex in ["#1D5BEE", "#000000", "#FFFFFF", "#B33B15"] {
      let export = ThemeBuilderExport(source: try #require(SchemeCommand.color(hex)))
      let lines = SchemeTable(export: export, colour: colour).lines
      for line in lines {
        #expect(SummaryTests.columns(line) <= 80, "\(hex): \(line)")
      }
      for role in MaterialRole.allCases {
        let label = "  " + role.name
        let padded = label + String(repeating: " ", count: SchemeTable.labelWidth - label.count)
        let rows = lines.filter { $0.hasPrefix(padded) }
        #expect(rows.count == 2, "\(hex) \(role.name)")
        for (row, keys) in zip(rows, [0..<3, 3..<6]) {
          for key in keys {
            #expect(row.contains(export.schemes[key].colors[role].hex.uppercased()), "\(row)")
          }
        }
      }
      #expect(lines.contains { $0.contains("\u{1B}[48;2;") } == colour)
      for name in ThemeBuilderPalettes.names {
        #expect(lines.contains { $0.hasPrefix("  \(name) ") }, "\(name)")
      }
    }
  }
}
