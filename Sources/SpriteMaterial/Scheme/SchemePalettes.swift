/// The styles of Material dynamic colour schemes (material-color-utilities `Variant`,
/// `typescript/dynamiccolor/variant.ts`, commit 6112292f), spelt as the CLI's `--variant` takes them.
public enum MaterialVariant: String, CaseIterable, Hashable, Sendable {
  /// Pastel tokens from the source hue, low chroma; Material's default.
  case tonalSpot
  /// Maximum chroma in the primary palette; the other palettes rotate the hue a little.
  case vibrant
  /// A playful scheme whose primary hue is far from the source's.
  case expressive
  /// The source colour itself as primaryContainer, even when it is not vivid.
  case fidelity
  /// Like fidelity, for content (album art, sprites): the source's chroma drives every palette.
  case content
  /// Nearly greyscale, a hint of the source hue.
  case neutral
  /// Greyscale.
  case monochrome
  /// A playful scheme: the source hue as primary, grey surfaces.
  case rainbow
  /// A playful scheme: primary and secondary rotated 50° from the source hue.
  case fruitSalad

  /// The variant of Material's default scheme.
  public static let `default` = MaterialVariant.tonalSpot
}

/// The six tonal palettes of a dynamic scheme, spec 2021: material-color-utilities' palette choice
/// per variant (`typescript/scheme/scheme_*.ts` and `dynamiccolor/dynamic_scheme.ts`, commit
/// 6112292f). In spec 2021 the palettes depend on the source and variant only, not on light or
/// dark or the contrast level.
public struct SchemePalettes: Hashable, Sendable {
  /// Primary accent palette.
  public let primary: TonalPalette
  /// Secondary accent palette.
  public let secondary: TonalPalette
  /// Tertiary accent palette.
  public let tertiary: TonalPalette
  /// Neutral palette (surfaces, text).
  public let neutral: TonalPalette
  /// Neutral-variant palette (surface variants, outlines).
  public let neutralVariant: TonalPalette
  /// Error palette (hue 25, chroma 84).
  public let error: TonalPalette

  /// The palettes of a source colour in a variant.
  public init(source s: HCT, variant: MaterialVariant) {
    let h = s.hue
    let c = s.chroma
    func p(_ hue: Double, _ chroma: Double) -> TonalPalette {
      TonalPalette(hue: hue, chroma: chroma)
    }
    let rotated: (Double) -> Double = MaterialMath.sanitizeDegrees
    error = .error
    switch variant {
    case .content, .fidelity:
      primary = p(h, c)
      secondary = p(h, max(c - 32.0, c * 0.5))
      let temperatures = TemperatureCache(s)
      tertiary = TonalPalette(
        DislikeAnalyzer.fixIfDisliked(
          variant == .content ? temperatures.analogousThirdOfSix() : temperatures.complement()))
      neutral = p(h, c / 8.0)
      neutralVariant = p(h, (c / 8.0) + 4.0)
    case .fruitSalad:
      primary = p(rotated(h - 50.0), 48.0)
      secondary = p(rotated(h - 50.0), 36.0)
      tertiary = p(h, 36.0)
      neutral = p(h, 10.0)
      neutralVariant = p(h, 16.0)
    case .monochrome:
      (primary, secondary, tertiary, neutral, neutralVariant) =
        (p(h, 0), p(h, 0), p(h, 0), p(h, 0), p(h, 0))
    case .neutral:
      (primary, secondary, tertiary, neutral, neutralVariant) =
        (p(h, 12.0), p(h, 8.0), p(h, 16.0), p(h, 2.0), p(h, 2.0))
    case .rainbow:
      (primary, secondary, tertiary, neutral, neutralVariant) =
        (p(h, 48.0), p(h, 16.0), p(rotated(h + 60.0), 24.0), p(h, 0), p(h, 0))
    case .tonalSpot:
      (primary, secondary, tertiary, neutral, neutralVariant) =
        (p(h, 36.0), p(h, 16.0), p(rotated(h + 60.0), 24.0), p(h, 6.0), p(h, 8.0))
    case .expressive:
      primary = p(rotated(h + 240), 40)
      secondary = p(
        Self.rotatedHue(
          h, breakpoints: [0, 21, 51, 121, 151, 191, 271, 321, 360],
          rotations: [45, 95, 45, 20, 45, 90, 45, 45, 45]), 24.0)
      tertiary = p(
        Self.rotatedHue(
          h, breakpoints: [0, 21, 51, 121, 151, 191, 271, 321, 360],
          rotations: [120, 120, 20, 45, 20, 15, 20, 120, 120]), 32.0)
      neutral = p(rotated(h + 15), 8)
      neutralVariant = p(rotated(h + 15), 12)
    case .vibrant:
      primary = p(h, 200.0)
      secondary = p(
        Self.rotatedHue(
          h, breakpoints: [0, 41, 61, 101, 131, 181, 251, 301, 360],
          rotations: [18, 15, 10, 12, 15, 18, 15, 12, 12]), 24.0)
      tertiary = p(
        Self.rotatedHue(
          h, breakpoints: [0, 41, 61, 101, 131, 181, 251, 301, 360],
          rotations: [35, 30, 20, 25, 30, 35, 30, 25, 25]), 32.0)
      neutral = p(h, 10)
      neutralVariant = p(h, 12)
    }
  }

  /// The source hue rotated by the amount of the hue range it falls in (MCU's
  /// `DynamicScheme.getRotatedHue`).
  static func rotatedHue(_ hue: Double, breakpoints: [Double], rotations: [Double]) -> Double {
    var rotation = hue
    let size = min(breakpoints.count - 1, rotations.count)
    for i in 0..<size where hue >= breakpoints[i] && hue < breakpoints[i + 1] {
      rotation = MaterialMath.sanitizeDegrees(rotations[i])
      break
    }
    if size <= 0 { rotation = 0 }
    return MaterialMath.sanitizeDegrees(hue + rotation)
  }
}
