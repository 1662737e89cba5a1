import SpriteCore

/// Resolves the tones and colours of a spec-2025 scheme (phone platform): material-color-utilities'
/// `ColorCalculationDelegateImpl2025` (`typescript/dynamiccolor/dynamic_color.ts`) over the roles
/// of `color_spec_2025.ts`, cross-read with materialyoucolor 3.0.4.
///
/// A role starts at its requested tone (often the tone of most chroma in its palette, bounded);
/// a role paired with another keeps its tone distance (`exact` or `farther`) from the other's
/// resolved tone; a role with a background is moved to meet its contrast curve (always, at
/// reduced contrast); fills avoid tones 50-64 (the fixed dims excepted). Colours are solved at the
/// palette's hue with its chroma times the role's multiplier. Tones are memoised per role.
struct SchemeResolver2025 {
  let variant: MaterialVariant
  let isDark: Bool
  let contrastLevel: Double
  let palettes: SchemePalettes
  /// The roles' constraints in this scheme.
  let specs: [RoleSpec2025]
  /// Resolved tones by role index; NaN for a role not resolved yet.
  private var tones: [Double]

  /// A resolver of one scheme; palettes are the spec-2025 palettes of the source for `isDark`.
  init(variant: MaterialVariant, isDark: Bool, contrastLevel: Double, palettes: SchemePalettes) {
    self.variant = variant
    self.isDark = isDark
    self.contrastLevel = contrastLevel
    self.palettes = palettes
    specs = RoleSpec2025.all(
      variant: variant, isDark: isDark, contrastLevel: contrastLevel,
      neutralHue: palettes.neutral.hue)
    tones = [Double](repeating: .nan, count: RoleSpec2025.count)
  }

  /// The colour of a role by index.
  mutating func color(_ index: Int) -> RGBA8 {
    let spec = specs[index]
    let palette = palettes[spec.palette]
    return HCT.solve(
      hue: palette.hue, chroma: palette.chroma * spec.chromaMultiplier, tone: tone(index))
  }

  /// The resolved tone of a role by index.
  mutating func tone(_ index: Int) -> Double {
    let known = tones[index]
    if !known.isNaN { return known }
    let tone = resolve(index)
    tones[index] = tone
    return tone
  }

  private mutating func resolve(_ index: Int) -> Double {
    let spec = specs[index]
    var answer = requestedTone(index)
    if let pair = spec.pair {
      let amA = index == pair.roleA
      let reference = tone(amA ? pair.roleB : pair.roleA)
      let lower = pair.darker || isDark
      let delta = (lower ? -pair.delta : pair.delta) * (amA ? 1 : -1)
      if pair.exact {
        answer = MaterialMath.clamp(0, 100, reference + delta)
      } else if delta > 0 {
        answer = MaterialMath.clamp(reference + delta, 100, answer)
      } else {
        answer = MaterialMath.clamp(0, reference + delta, answer)
      }
    }
    guard let background = spec.background, let curve = spec.curve else {
      return spec.pair == nil ? answer : avoidMiddle(answer, spec, index)
    }
    let bgTone = tone(background)
    let desired = curve.ratio(at: contrastLevel)
    if ToneContrast.ratio(bgTone, answer) < desired || contrastLevel < 0 {
      answer = ToneContrast.foregroundTone(background: bgTone, ratio: desired)
    }
    return avoidMiddle(answer, spec, index)
  }

  /// A fill's tone kept out of 50-64: tones from 57 up become 65 or more, lower ones 49 or less
  /// (not for the fixed dims, which follow their fixed fill exactly).
  private func avoidMiddle(_ tone: Double, _ spec: RoleSpec2025, _ index: Int) -> Double {
    guard spec.isBackground, !Self.fixedDims.contains(index) else { return tone }
    return tone >= 57 ? MaterialMath.clamp(65, 100, tone) : MaterialMath.clamp(0, 49, tone)
  }

  private static let fixedDims: Set<Int> = [
    MaterialRole.primaryFixedDim.rawValue, MaterialRole.secondaryFixedDim.rawValue,
    MaterialRole.tertiaryFixedDim.rawValue,
  ]
}

extension SchemePalettes {
  /// One of the six palettes.
  subscript(palette: RoleSpec.Palette) -> TonalPalette {
    switch palette {
    case .primary: primary
    case .secondary: secondary
    case .tertiary: tertiary
    case .neutral: neutral
    case .neutralVariant: neutralVariant
    case .error: error
    }
  }
}
