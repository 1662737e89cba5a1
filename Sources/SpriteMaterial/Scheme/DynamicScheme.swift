import SpriteCore

/// A Material 3 dynamic colour scheme, spec 2021: material-color-utilities' `DynamicScheme` with
/// `MaterialDynamicColors` (`typescript/dynamiccolor/dynamic_scheme.ts`, commit 6112292f).
///
/// Built from a source colour, a variant, light or dark and a contrast level (-1 reduced, 0
/// standard, 0.5 medium, 1 high); ``colors`` resolves the 49 roles of a Theme Builder export.
public struct DynamicScheme: Hashable, Sendable {
  /// The source (seed) colour.
  public let source: HCT
  /// The scheme's style.
  public let variant: MaterialVariant
  /// True for a dark theme.
  public let isDark: Bool
  /// The contrast level, clamped to -1...1.
  public let contrastLevel: Double
  /// The tonal palettes the roles take their colours from.
  public let palettes: SchemePalettes

  /// A scheme of a source colour.
  public init(
    source: HCT, variant: MaterialVariant = .default, isDark: Bool, contrastLevel: Double = 0
  ) {
    self.init(
      source: source, variant: variant, isDark: isDark, contrastLevel: contrastLevel,
      palettes: SchemePalettes(source: source, variant: variant))
  }

  /// A scheme with palettes already computed for the source and variant (shared by the light and
  /// dark schemes of a source).
  public init(
    source: HCT, variant: MaterialVariant, isDark: Bool, contrastLevel: Double,
    palettes: SchemePalettes
  ) {
    self.source = source
    self.variant = variant
    self.isDark = isDark
    self.contrastLevel = min(max(contrastLevel, -1), 1)
    self.palettes = palettes
  }

  /// The colours of all 49 roles.
  public var colors: MaterialColors {
    var resolver = resolver()
    return resolver.colors()
  }

  /// The colour of one role.
  public func color(_ role: MaterialRole) -> RGBA8 {
    var resolver = resolver()
    return resolver.color(role)
  }

  /// The resolved tone (L*) of one role.
  public func tone(_ role: MaterialRole) -> Double {
    var resolver = resolver()
    return resolver.tone(role)
  }

  /// The light and dark colours of a source at one contrast level, sharing palettes and solved
  /// tones: the cheap way to theme one sprite.
  public static func lightAndDark(
    source: HCT, variant: MaterialVariant = .default, contrastLevel: Double = 0
  ) -> (light: MaterialColors, dark: MaterialColors) {
    let level = min(max(contrastLevel, -1), 1)
    var resolver = SchemeResolver(
      source: source, variant: variant,
      palettes: SchemePalettes(source: source, variant: variant))
    resolver.select(isDark: false, contrastLevel: level)
    let light = resolver.colors()
    resolver.select(isDark: true, contrastLevel: level)
    return (light, resolver.colors())
  }

  /// A resolver of this scheme.
  private func resolver() -> SchemeResolver {
    var resolver = SchemeResolver(source: source, variant: variant, palettes: palettes)
    resolver.select(isDark: isDark, contrastLevel: contrastLevel)
    return resolver
  }
}
