import SpriteCore

extension SchemeResolver {
  /// The colours of the selected scheme in a specification: spec 2021's 49 roles, or spec
  /// 2025's 49 and four dim roles (the 2021 roles with the 2025 dim roles for the variants spec
  /// 2025 leaves to spec 2021, as MCU's `maybeFallbackSpecVersion` does).
  mutating func colors(spec: MaterialSpec) -> MaterialColors {
    guard spec == .spec2025 else { return colors() }
    guard spec.resolved(for: variant) == .spec2025,
      let palettes = SchemePalettes(spec2025: source, variant: variant, isDark: isDark)
    else {
      return MaterialColors(colors().colors, dims: MaterialDimRole.allCases.map { color($0) })
    }
    var resolver = SchemeResolver2025(
      variant: variant, isDark: isDark, contrastLevel: contrastLevel, palettes: palettes)
    let all = (0..<RoleSpec2025.count).map { resolver.color($0) }
    return MaterialColors(
      Array(all[..<MaterialRole.count]), dims: Array(all[MaterialRole.count...]))
  }
}
