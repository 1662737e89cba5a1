import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("Dynamic schemes against materialyoucolor 3.0.4 (spec 2021)")
struct SchemeGoldenTests {
  /// One golden line: source, variant, light or dark, contrast level and 49 colours.
  typealias Case = SchemeGoldenCase

  static let cases: [Case] = SchemeGoldenCase.cases("schemes.txt")

  @Test("the goldens cover 30+ sources x 9 variants x light/dark x contrast -1, 0, 0.5, 1")
  func coverage() {
    #expect(Set(Self.cases.map(\.source)).count >= 30)
    #expect(Set(Self.cases.map(\.variant)) == Set(MaterialVariant.allCases))
    #expect(Set(Self.cases.map(\.contrastLevel)) == [-1, 0, 0.5, 1])
    #expect(Self.cases.allSatisfy { $0.expected.count == MaterialRole.allCases.count })
  }

  @Test("every role of every golden scheme is exact", arguments: MaterialVariant.allCases)
  func everyRoleExact(variant: MaterialVariant) {
    var mismatches: [String] = []
    for c in Self.cases where c.variant == variant {
      let scheme = DynamicScheme(
        source: HCT(c.source), variant: c.variant, isDark: c.isDark,
        contrastLevel: c.contrastLevel)
      let colors = scheme.colors
      for role in MaterialRole.allCases {
        let actual = MaterialGoldens.hex(colors[role])
        let expected = c.expected[role.rawValue]
        if actual != expected {
          mismatches.append(
            "\(MaterialGoldens.hex(c.source)) \(c.isDark ? "dark" : "light") \(c.contrastLevel) "
              + "\(role.name): \(actual) != \(expected)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20))")
  }

  @Test("light and dark from shared palettes equal the schemes built one by one")
  func sharedPalettes() {
    for source in MaterialGoldens.schemeSources.prefix(8) {
      for variant in MaterialVariant.allCases {
        let pair = DynamicScheme.lightAndDark(source: HCT(source), variant: variant)
        #expect(
          pair.light == DynamicScheme(source: HCT(source), variant: variant, isDark: false).colors)
        #expect(
          pair.dark == DynamicScheme(source: HCT(source), variant: variant, isDark: true).colors)
      }
    }
  }
}
