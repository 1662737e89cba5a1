import SpriteCore

/// A Material 3 dynamic colour scheme: material-color-utilities' `DynamicScheme` with
/// `MaterialDynamicColors` (`typescript/dynamiccolor/dynamic_scheme.ts`, commit 6112292f; spec
/// 2025 from `color_spec_2025.ts`).
///
/// Built from a source colour, a variant, light or dark, a contrast level (-1 reduced, 0
/// standard, 0.5 medium, 1 high) and a specification; ``colors`` resolves the 49 roles of a
/// Theme Builder export (and, in spec 2025, the four dim roles). ``palettes`` are spec 2021's.
public struct DynamicScheme: Hashable, Sendable {
  /// The source (seed) colour.
  public let source: HCT
  /// The scheme's style.
  public let variant: MaterialVariant
  /// True for a dark theme.
  public let isDark: Bool
  /// The contrast level, clamped to -1...1.
  public let contrastLevel: Double
  /// The tonal palettes of spec 2021 (the roles' palettes unless the scheme is spec 2025's).
  public let palettes: SchemePalettes
  /// The specification the roles follow.
  public let spec: MaterialSpec

  /// A scheme of a source colour.
  public init(
    source: HCT, variant: MaterialVariant = .default, isDark: Bool, contrastLevel: Double = 0,
    spec: MaterialSpec = .default
  ) {
    self.init(
      source: source, variant: variant, isDark: isDark, contrastLevel: contrastLevel,
      palettes: SchemePalettes(source: source, variant: variant), spec: spec)
  }

  /// A scheme with palettes already computed for the source and variant (shared by the light and
  /// dark schemes of a source).
  public init(
    source: HCT, variant: MaterialVariant, isDark: Bool, contrastLevel: Double,
    palettes: SchemePalettes, spec: MaterialSpec = .default
  ) {
    self.spec = spec
    self.source = source
    self.variant = variant
    self.isDark = isDark
    self.contrastLevel = min(max(contrastLevel, -1), 1)
    self.palettes = palettes
  }

  /// The colours of all 49 roles (and the dim roles in spec 2025).
  public var colors: MaterialColors {
    var resolver = resolver()
    return resolver.colors(spec: spec)
  }

  /// The colour of one role.
  public func color(_ role: MaterialRole) -> RGBA8 { colors[role] }

  /// The resolved tone (L*) of one role in spec 2021.
  public func tone(_ role: MaterialRole) -> Double {
    var resolver = resolver()
    return resolver.tone(role)
  }

  /// The light and dark colours of a source at one contrast level, sharing palettes and solved
  /// tones: the cheap way to theme one sprite.
  public static func lightAndDark(
    source: HCT, variant: MaterialVariant = .default, contrastLevel: Double = 0,
    spec: MaterialSpec = .default
  ) -> (light: MaterialColors, dark: MaterialColors) {
    let level = min(max(contrastLevel, -1), 1)
    var resolver = SchemeResolver(
      source: source, variant: variant,
      palettes: SchemePalettes(source: source, variant: variant))
    resolver.select(isDark: false, contrastLevel: level)
    let light = resolver.colors(spec: spec)
    resolver.select(isDark: true, contrastLevel: level)
    return (light, resolver.colors(spec: spec))
  }

  /// A resolver of this scheme.
  private func resolver() -> SchemeResolver {
    var resolver = SchemeResolver(source: source, variant: variant, palettes: palettes)
    resolver.select(isDark: isDark, contrastLevel: contrastLevel)
    return resolver
  }
}
