/// The tone each role asks for before contrast adjustment, spec 2021 (material-color-utilities
/// `typescript/dynamiccolor/material_dynamic_colors.ts` and `color_spec_2021.ts`, commit
/// 6112292f). Surfaces move with the contrast level; monochrome and the content variants
/// (fidelity, content) have their own tones for the accent families.
extension SchemeResolver {
  /// The tone a role asks for (memoised: the content variants' tones solve colours).
  mutating func requestedTone(_ role: MaterialRole) -> Double {
    let known = requestedTones[role.rawValue]
    if !known.isNaN { return known }
    let tone = computeRequestedTone(role)
    requestedTones[role.rawValue] = tone
    return tone
  }

  private mutating func computeRequestedTone(_ role: MaterialRole) -> Double {
    let dark = isDark
    let level = contrastLevel
    func pick(_ darkTone: Double, _ lightTone: Double) -> Double { dark ? darkTone : lightTone }
    func curve(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
      ContrastCurve(a, b, c, d).ratio(at: level)
    }
    let mono = variant == .monochrome
    let fidelity = variant == .fidelity || variant == .content
    switch role {
    case .background, .surface: return pick(6, 98)
    case .onBackground, .onSurface: return pick(90, 10)
    case .surfaceDim: return dark ? 6 : curve(87, 87, 80, 75)
    case .surfaceBright: return dark ? curve(24, 24, 29, 34) : 98
    case .surfaceContainerLowest: return dark ? curve(4, 4, 2, 0) : 100
    case .surfaceContainerLow: return dark ? curve(10, 10, 11, 12) : curve(96, 96, 96, 95)
    case .surfaceContainer: return dark ? curve(12, 12, 16, 20) : curve(94, 94, 92, 90)
    case .surfaceContainerHigh: return dark ? curve(17, 17, 21, 25) : curve(92, 92, 88, 85)
    case .surfaceContainerHighest: return dark ? curve(22, 22, 26, 30) : curve(90, 90, 84, 80)
    case .surfaceVariant: return pick(30, 90)
    case .onSurfaceVariant: return pick(80, 30)
    case .inverseSurface: return pick(90, 20)
    case .inverseOnSurface: return pick(20, 95)
    case .outline: return pick(60, 50)
    case .outlineVariant: return pick(30, 80)
    case .shadow, .scrim: return 0
    case .surfaceTint: return pick(80, 40)
    case .primary: return mono ? pick(100, 0) : pick(80, 40)
    case .onPrimary: return mono ? pick(10, 90) : pick(20, 100)
    case .primaryContainer:
      return fidelity ? source.tone : (mono ? pick(85, 25) : pick(30, 90))
    case .onPrimaryContainer:
      return fidelity
        ? ToneContrast.foregroundTone(background: requestedTone(.primaryContainer), ratio: 4.5)
        : (mono ? pick(0, 100) : pick(90, 30))
    case .inversePrimary: return pick(40, 80)
    case .secondary: return pick(80, 40)
    case .onSecondary: return mono ? pick(10, 100) : pick(20, 100)
    case .secondaryContainer:
      if mono { return pick(30, 85) }
      guard fidelity else { return pick(30, 90) }
      return desiredChromaTone(palettes.secondary, tone: pick(30, 90), decreasing: !dark)
    case .onSecondaryContainer:
      if mono { return pick(90, 10) }
      return fidelity
        ? ToneContrast.foregroundTone(background: requestedTone(.secondaryContainer), ratio: 4.5)
        : pick(90, 30)
    case .tertiary: return mono ? pick(90, 25) : pick(80, 40)
    case .onTertiary: return mono ? pick(10, 90) : pick(20, 100)
    case .tertiaryContainer:
      if mono { return pick(60, 49) }
      guard fidelity else { return pick(30, 90) }
      let proposed = HCT(caches[RoleSpec.Palette.tertiary.index].color(source.tone))
      return DislikeAnalyzer.fixIfDisliked(proposed).tone
    case .onTertiaryContainer:
      if mono { return pick(0, 100) }
      return fidelity
        ? ToneContrast.foregroundTone(background: requestedTone(.tertiaryContainer), ratio: 4.5)
        : pick(90, 30)
    case .error: return pick(80, 40)
    case .onError: return pick(20, 100)
    case .errorContainer: return pick(30, 90)
    case .onErrorContainer: return mono ? pick(90, 10) : pick(90, 30)
    case .primaryFixed, .tertiaryFixed: return mono ? 40 : 90
    case .primaryFixedDim, .tertiaryFixedDim: return mono ? 30 : 80
    case .onPrimaryFixed, .onTertiaryFixed: return mono ? 100 : 10
    case .onPrimaryFixedVariant, .onTertiaryFixedVariant: return mono ? 90 : 30
    case .secondaryFixed: return mono ? 80 : 90
    case .secondaryFixedDim: return mono ? 70 : 80
    case .onSecondaryFixed: return 10
    case .onSecondaryFixedVariant: return mono ? 25 : 30
    }
  }

  /// From `tone`, the tone (stepping by 1 up or down) where the palette's colour first comes
  /// within 0.4 of its chroma or stops gaining chroma (MCU's `findDesiredChromaByTone`).
  private func desiredChromaTone(_ palette: TonalPalette, tone: Double, decreasing: Bool)
    -> Double
  {
    var answer = tone
    var closest = HCT(hue: palette.hue, chroma: palette.chroma, tone: tone)
    guard closest.chroma < palette.chroma else { return answer }
    var chromaPeak = closest.chroma
    while closest.chroma < palette.chroma {
      answer += decreasing ? -1.0 : 1.0
      let candidate = HCT(hue: palette.hue, chroma: palette.chroma, tone: answer)
      if chromaPeak > candidate.chroma { break }
      if abs(candidate.chroma - palette.chroma) < 0.4 { break }
      if abs(candidate.chroma - palette.chroma) < abs(closest.chroma - palette.chroma) {
        closest = candidate
      }
      chromaPeak = max(chromaPeak, candidate.chroma)
    }
    return answer
  }
}
