extension SchemeResolver2025 {
  /// The tone a role asks for before pairs and contrast, spec 2025 on the phone platform
  /// (material-color-utilities `typescript/dynamiccolor/color_spec_2025.ts`, the `tone` of each
  /// role; cross-read with materialyoucolor 3.0.4). A role without one of its own starts at its
  /// background's resolved tone.
  mutating func requestedTone(_ index: Int) -> Double {
    typealias R = MaterialRole
    let dark = isDark
    let yellow = HCT.isYellow(palettes.neutral.hue)
    let vibrant = variant == .vibrant
    // A surface tone: dark, else light (yellow neutral), vibrant, other.
    func surface(_ d: Double, _ y: Double, _ v: Double, _ other: Double) -> Double {
      dark ? d : (yellow ? y : (vibrant ? v : other))
    }
    let p = palettes.primary
    let s = palettes.secondary
    let t = palettes.tertiary
    let e = palettes.error
    if index >= MaterialRole.count {
      switch MaterialDimRole(rawValue: index - MaterialRole.count)! {
      case .primaryDim:
        return variant == .neutral
          ? 85 : (variant == .tonalSpot ? Self.maxChromaTone(p, 0, 90) : Self.maxChromaTone(p))
      case .secondaryDim:
        return variant == .neutral ? 85 : Self.maxChromaTone(s, 0, 90)
      case .tertiaryDim:
        return variant == .tonalSpot ? Self.maxChromaTone(t, 0, 90) : Self.maxChromaTone(t)
      case .errorDim:
        return Self.minChromaTone(e)
      }
    }
    let highest = (dark ? R.surfaceBright : R.surfaceDim).rawValue
    switch R(rawValue: index)! {
    case .surface, .background: return surface(4, 99, 97, 98)
    case .surfaceDim: return surface(4, 90, 85, 87)
    case .surfaceBright: return surface(18, 99, 97, 98)
    case .surfaceContainerLowest: return dark ? 0 : 100
    case .surfaceContainerLow: return surface(6, 98, 95, 96)
    case .surfaceContainer: return surface(9, 96, 92, 94)
    case .surfaceContainerHigh: return surface(12, 94, 90, 92)
    case .surfaceContainerHighest, .surfaceVariant: return surface(15, 92, 88, 90)
    case .onSurface:
      return vibrant ? Self.maxChromaTone(palettes.neutral, 0, 100, 1.1) : tone(highest)
    case .onBackground: return tone(R.onSurface.rawValue)
    case .onSurfaceVariant, .outline, .outlineVariant: return tone(highest)
    case .inverseSurface: return dark ? 98 : 4
    case .inverseOnSurface: return tone(R.inverseSurface.rawValue)
    case .shadow, .scrim: return 0
    case .primary, .surfaceTint:
      switch variant {
      case .neutral: return dark ? 80 : 40
      case .tonalSpot: return dark ? 80 : Self.maxChromaTone(p)
      case .expressive:
        if HCT.isYellow(p.hue) { return Self.maxChromaTone(p, 0, 25) }
        return Self.maxChromaTone(p, 0, HCT.isCyan(p.hue) ? 88 : 98)
      default: return Self.maxChromaTone(p, 0, HCT.isCyan(p.hue) ? 88 : 98)
      }
    case .inversePrimary: return Self.maxChromaTone(p)
    case .primaryContainer: return primaryContainerTone(isDark: dark)
    case .primaryFixed: return primaryContainerTone(isDark: false)
    case .secondary:
      switch variant {
      case .neutral: return dark ? Self.minChromaTone(s, 0, 98) : Self.maxChromaTone(s)
      case .vibrant: return Self.maxChromaTone(s, 0, dark ? 90 : 98)
      default: return dark ? 80 : Self.maxChromaTone(s)
      }
    case .secondaryContainer: return secondaryContainerTone(isDark: dark)
    case .secondaryFixed: return secondaryContainerTone(isDark: false)
    case .tertiary:
      switch variant {
      case .expressive, .vibrant:
        return Self.maxChromaTone(t, 0, HCT.isCyan(t.hue) ? 88 : (dark ? 98 : 100))
      default: return dark ? Self.maxChromaTone(t, 0, 98) : Self.maxChromaTone(t)
      }
    case .tertiaryContainer: return tertiaryContainerTone(isDark: dark)
    case .tertiaryFixed: return tertiaryContainerTone(isDark: false)
    case .error: return dark ? Self.minChromaTone(e, 0, 98) : Self.maxChromaTone(e)
    case .errorContainer:
      return dark ? Self.minChromaTone(e, 30, 93) : Self.maxChromaTone(e, 0, 90)
    case .primaryFixedDim: return tone(R.primaryFixed.rawValue)
    case .secondaryFixedDim: return tone(R.secondaryFixed.rawValue)
    case .tertiaryFixedDim: return tone(R.tertiaryFixed.rawValue)
    case .onPrimary, .onSecondary, .onTertiary, .onError, .onPrimaryContainer,
      .onSecondaryContainer, .onTertiaryContainer, .onErrorContainer, .onPrimaryFixed,
      .onPrimaryFixedVariant, .onSecondaryFixed, .onSecondaryFixedVariant, .onTertiaryFixed,
      .onTertiaryFixedVariant:
      return tone(specs[index].background!)
    }
  }

  /// primaryContainer's requested tone, light or dark (primaryFixed asks for the light one).
  private func primaryContainerTone(isDark dark: Bool) -> Double {
    let p = palettes.primary
    let cyan = HCT.isCyan(p.hue)
    switch variant {
    case .neutral: return dark ? 30 : 90
    case .tonalSpot: return dark ? Self.minChromaTone(p, 35, 93) : Self.maxChromaTone(p, 0, 90)
    case .expressive:
      return dark ? Self.maxChromaTone(p, 30, 93) : Self.maxChromaTone(p, 78, cyan ? 88 : 90)
    default:
      return dark ? Self.minChromaTone(p, 66, 93) : Self.maxChromaTone(p, 66, cyan ? 88 : 93)
    }
  }

  /// secondaryContainer's requested tone, light or dark (secondaryFixed asks for the light one).
  private func secondaryContainerTone(isDark dark: Bool) -> Double {
    let s = palettes.secondary
    switch variant {
    case .vibrant: return dark ? Self.minChromaTone(s, 30, 40) : Self.maxChromaTone(s, 84, 90)
    case .expressive: return dark ? 15 : Self.maxChromaTone(s, 90, 95)
    default: return dark ? 25 : 90
    }
  }

  /// tertiaryContainer's requested tone, light or dark (tertiaryFixed asks for the light one).
  private func tertiaryContainerTone(isDark dark: Bool) -> Double {
    let t = palettes.tertiary
    switch variant {
    case .neutral: return Self.maxChromaTone(t, 0, dark ? 93 : 96)
    case .tonalSpot: return Self.maxChromaTone(t, 0, dark ? 93 : 100)
    case .expressive:
      return Self.maxChromaTone(t, 75, HCT.isCyan(t.hue) ? 88 : (dark ? 93 : 100))
    default: return Self.maxChromaTone(t, dark ? 0 : 72, dark ? 93 : 100)
    }
  }

  /// MCU's `tMaxC`: the lightest tone of most chroma (searching down from 100), bounded.
  static func maxChromaTone(
    _ palette: TonalPalette, _ lower: Double = 0, _ upper: Double = 100,
    _ chromaMultiplier: Double = 1
  ) -> Double {
    let tone = bestToneForChroma(
      hue: palette.hue, chroma: palette.chroma * chromaMultiplier, from: 100, decreasing: true)
    return MaterialMath.clamp(lower, upper, tone)
  }

  /// MCU's `tMinC`: the darkest tone of most chroma (searching up from 0), bounded.
  static func minChromaTone(_ palette: TonalPalette, _ lower: Double = 0, _ upper: Double = 100)
    -> Double
  {
    let tone = bestToneForChroma(
      hue: palette.hue, chroma: palette.chroma, from: 0, decreasing: false)
    return MaterialMath.clamp(lower, upper, tone)
  }

  /// MCU's `findBestToneForChroma`: from `start`, stepping by 1, the first tone whose colour has
  /// the most chroma seen, stopping once the chroma is reached or past tones 0-100.
  static func bestToneForChroma(hue: Double, chroma: Double, from start: Double, decreasing: Bool)
    -> Double
  {
    var tone = start
    var answer = tone
    var best = HCT(hue: hue, chroma: chroma, tone: tone).chroma
    while best < chroma {
      if tone < 0 || tone > 100 { break }
      tone += decreasing ? -1 : 1
      let candidate = HCT(hue: hue, chroma: chroma, tone: tone).chroma
      if best < candidate {
        best = candidate
        answer = tone
      }
    }
    return answer
  }
}
