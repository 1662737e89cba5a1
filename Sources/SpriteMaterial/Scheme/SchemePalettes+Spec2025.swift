extension SchemePalettes {
  /// The six palettes of one scheme.
  init(
    primary: TonalPalette, secondary: TonalPalette, tertiary: TonalPalette,
    neutral: TonalPalette, neutralVariant: TonalPalette, error: TonalPalette
  ) {
    self.primary = primary
    self.secondary = secondary
    self.tertiary = tertiary
    self.neutral = neutral
    self.neutralVariant = neutralVariant
    self.error = error
  }

  /// The spec-2025 palettes (phone platform) of a source in one of the four variants spec 2025
  /// defines: material-color-utilities' `ColorSpecDelegateImpl2025.getPrimaryPalette` and its
  /// siblings (`typescript/dynamiccolor/color_spec_2025.ts`), cross-read with materialyoucolor
  /// 3.0.4's `DynamicSchemePalettesDelegateImpl2025`. Unlike spec 2021 they differ between light
  /// and dark; nil for the variants that fall back to spec 2021.
  init?(spec2025 source: HCT, variant: MaterialVariant, isDark dark: Bool) {
    let h = source.hue
    func p(_ hue: Double, _ chroma: Double) -> TonalPalette {
      TonalPalette(hue: hue, chroma: chroma)
    }
    func rotated(_ breakpoints: [Double], _ rotations: [Double]) -> Double {
      Self.rotatedHue(h, breakpoints: breakpoints, rotations: rotations)
    }
    let errorHue = Self.piecewiseHue(
      h, breakpoints: [0, 3, 13, 23, 33, 43, 153, 273, 360],
      hues: [12, 22, 32, 12, 22, 32, 22, 12])
    switch variant {
    case .neutral:
      let blue = HCT.isBlue(h)
      self.init(
        primary: p(h, blue ? 12 : 8), secondary: p(h, blue ? 6 : 4),
        tertiary: p(
          rotated([0, 38, 105, 161, 204, 278, 333, 360], [-32, 26, 10, -39, 24, -15, -32]), 20),
        neutral: p(h, 1.4), neutralVariant: p(h, 1.4 * 2.2), error: p(errorHue, 50))
    case .tonalSpot:
      self.init(
        primary: p(h, dark ? 26 : 32), secondary: p(h, 16),
        tertiary: p(rotated([0, 20, 71, 161, 333, 360], [-40, 48, -32, 40, -32]), 28),
        neutral: p(h, 5), neutralVariant: p(h, 5 * 1.7), error: p(errorHue, 60))
    case .expressive:
      let neutralHue = rotated([0, 71, 124, 253, 278, 300, 360], [10, 0, 10, 0, 10, 0])
      let neutralChroma: Double = dark ? (HCT.isYellow(neutralHue) ? 6 : 14) : 18
      self.init(
        primary: p(h, dark ? 36 : 48),
        secondary: p(
          rotated(
            [0, 105, 140, 204, 253, 278, 300, 333, 360],
            [-160, 155, -100, 96, -96, -156, -165, -160]
          ), dark ? 16 : 24),
        tertiary: p(
          rotated(
            [0, 105, 140, 204, 253, 278, 300, 333, 360],
            [-165, 160, -105, 101, -101, -160, -170, -165]
          ), 48),
        neutral: p(neutralHue, neutralChroma),
        neutralVariant: p(
          neutralHue, neutralChroma * (neutralHue >= 105 && neutralHue < 125 ? 1.6 : 2.3)),
        error: p(errorHue, 64))
    case .vibrant:
      let neutralHue = rotated([0, 38, 105, 140, 333, 360], [-14, 10, -14, 10, -14])
      self.init(
        primary: p(h, 74), secondary: p(neutralHue, 56),
        tertiary: p(
          rotated([0, 38, 71, 105, 140, 161, 253, 333, 360], [-72, 35, 24, -24, 62, 50, 62, -72]),
          56),
        neutral: p(neutralHue, 28), neutralVariant: p(neutralHue, 28 * 1.29),
        error: p(errorHue, 80))
    default:
      return nil
    }
  }

  /// The hue of the range the source hue falls in, or the source hue when none (MCU's
  /// `DynamicScheme.getPiecewiseHue`).
  static func piecewiseHue(_ hue: Double, breakpoints: [Double], hues: [Double]) -> Double {
    let size = min(breakpoints.count - 1, hues.count)
    for i in 0..<size where hue >= breakpoints[i] && hue < breakpoints[i + 1] {
      return MaterialMath.sanitizeDegrees(hues[i])
    }
    return hue
  }
}
