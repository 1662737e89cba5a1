import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("Dynamic schemes against materialyoucolor 3.0.4 (spec 2025, phone)")
struct SchemeGolden2025Tests {
  /// One golden line: source, variant, light or dark, contrast level and 53 colours.
  typealias Case = SchemeGoldenCase

  static let cases: [Case] = SchemeGoldenCase.cases("schemes-2025.txt")

  /// The 53 role names of the golden lines, in their order.
  static let roleNames =
    MaterialRole.allCases.map(\.name) + MaterialDimRole.allCases.map(\.name)

  @Test("the goldens cover 30+ sources x 9 variants x light/dark x contrast -1, 0, 0.5, 1")
  func coverage() {
    #expect(Set(Self.cases.map(\.source)).count >= 30)
    #expect(Set(Self.cases.map(\.variant)) == Set(MaterialVariant.allCases))
    #expect(Set(Self.cases.map(\.contrastLevel)) == [-1, 0, 0.5, 1])
    #expect(Self.cases.allSatisfy { $0.expected.count == Self.roleNames.count })
  }

  @Test(
    "every role of every golden scheme is exact, dim roles included",
    arguments: MaterialVariant.allCases)
  func everyRoleExact(variant: MaterialVariant) {
    var mismatches: [String] = []
    for c in Self.cases where c.variant == variant {
      let colors = DynamicScheme(
        source: HCT(c.source), variant: c.variant, isDark: c.isDark,
        contrastLevel: c.contrastLevel, spec: .spec2025
      ).colors
      let actual = colors.hexByRole.map { String($0.hex.dropFirst()) }
      for (index, name) in Self.roleNames.enumerated()
      where index >= actual.count || actual[index] != c.expected[index] {
        mismatches.append(
          "\(MaterialGoldens.hex(c.source)) \(c.isDark ? "dark" : "light") \(c.contrastLevel) "
            + "\(name): \(index < actual.count ? actual[index] : "none") != \(c.expected[index])")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20))")
  }

  @Test("light and dark from one resolver equal the schemes built one by one")
  func sharedResolver() {
    for source in MaterialGoldens.schemeSources.prefix(6) {
      for variant in MaterialVariant.allCases {
        let pair = DynamicScheme.lightAndDark(
          source: HCT(source), variant: variant, contrastLevel: 0.5, spec: .spec2025)
        let light = DynamicScheme(
          source: HCT(source), variant: variant, isDark: false, contrastLevel: 0.5,
          spec: .spec2025)
        #expect(pair.light == light.colors)
        #expect(pair.light.dims.count == MaterialDimRole.allCases.count)
      }
    }
  }

  @Test("spec 2021 has no dim roles, and its 49 roles are unchanged by the option")
  func spec2021HasNoDims() {
    let source = HCT(RGBA8(r: 0x1D, g: 0x5B, b: 0xEE))
    let colors = DynamicScheme(source: source, isDark: false, spec: .spec2021).colors
    #expect(colors.dims.isEmpty)
    #expect(colors[.primaryDim] == nil)
    #expect(colors == DynamicScheme(source: source, isDark: false).colors)
  }
}
