import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("The data of a Theme Builder export")
struct ThemeBuilderExportTests {
  /// Golden lines by source, variant, mode and contrast level.
  static let golden: [String: [String]] = Dictionary(
    uniqueKeysWithValues: MaterialGoldens.records("schemes.txt").map {
      ("\($0[0]) \($0[1]) \($0[2]) \($0[3])", $0[4...].map(String.init))
    })

  @Test("the six schemes are light and dark at contrast 0, 0.5 and 1, in the export's order")
  func schemeKeys() {
    let export = ThemeBuilderExport(source: RGBA8(r: 0x1D, g: 0x5B, b: 0xEE))
    #expect(
      export.schemes.map(\.key) == [
        "light", "light-medium-contrast", "light-high-contrast", "dark", "dark-medium-contrast",
        "dark-high-contrast",
      ])
    #expect(
      ThemeBuilderPalettes.names == [
        "primary", "secondary", "tertiary", "neutral", "neutral-variant", "error",
      ])
    #expect(export.palettes.colors.allSatisfy { $0.tones.count == 18 })
  }

  @Test("#1D5BEE reproduces the Theme Builder export quoted in ALGORITHMS.md")
  func verifiedSeed() throws {
    let export = ThemeBuilderExport(source: RGBA8(r: 0x1D, g: 0x5B, b: 0xEE))
    func hex(_ key: String, _ role: MaterialRole) -> String {
      MaterialGoldens.hex(export.schemes.first { $0.key == key }!.colors[role])
    }
    #expect(hex("light", .primary) == "4C5C92")
    #expect(hex("light", .primaryContainer) == "DCE1FF")
    #expect(hex("light", .onPrimaryContainer) == "344479")
    #expect(hex("light", .surface) == "FAF8FF")
    #expect(hex("light", .outline) == "767680")
    #expect(hex("dark", .primary) == "B5C4FF")
    #expect(hex("dark", .onPrimary) == "1C2D61")
    #expect(hex("light-medium-contrast", .primary) == "233367")
    #expect(hex("light-high-contrast", .primary) == "18295C")
    #expect(hex("dark-medium-contrast", .primary) == "D3DBFF")
    #expect(hex("dark-high-contrast", .primary) == "EEEFFF")
    let primary = try #require(export.palettes.colors.first { $0.name == "primary" })
    #expect(primary.tones.first { $0.tone == 40 }.map { MaterialGoldens.hex($0.color) } == "0050E3")
  }

  @Test("every export of every golden source and variant equals the golden schemes")
  func matchesGoldens() {
    for source in MaterialGoldens.schemeSources {
      for variant in MaterialVariant.allCases {
        let export = ThemeBuilderExport(source: source, variant: variant)
        for ((key, colors), spec) in zip(export.schemes, ThemeBuilderExport.schemeKeys) {
          let line =
            "\(MaterialGoldens.hex(source)) \(variant.rawValue) "
            + "\(spec.isDark ? "dark" : "light") \(spec.contrastLevel == 0 ? "0" : spec.contrastLevel == 1 ? "1" : "0.5")"
          #expect(colors.colors.map(MaterialGoldens.hex) == Self.golden[line], "\(line) \(key)")
        }
      }
    }
  }

  @Test("hexByRole lists the 49 camelCase names with upper-case #RRGGBB")
  func hexByRole() {
    let colors = DynamicScheme(source: HCT(RGBA8(r: 0x1D, g: 0x5B, b: 0xEE)), isDark: false).colors
    let pairs = colors.hexByRole
    #expect(pairs.count == 49)
    #expect(pairs.first! == ("primary", "#4C5C92"))
    #expect(pairs.last!.role == "surfaceContainerHighest")
    #expect(Set(pairs.map(\.role)).count == 49)
    #expect(pairs.allSatisfy { MaterialRole(name: $0.role) != nil })
  }
}
