import SpriteCore

/// Resolves the tones and colours of a scheme's roles, spec 2021: material-color-utilities'
/// `ColorCalculationDelegateImpl2021.getTone` (`typescript/dynamiccolor/color_spec_2021.ts` /
/// `dynamic_color.ts`, commit 6112292f).
///
/// A role's tone starts at its requested tone; a role with a background is moved until its
/// contrast curve's ratio against the background's resolved tone is met; pairs (an accent and its
/// container, a fixed fill and its dim one) keep their tone distance; fills avoid tones 50-59.
/// Tones are memoised per role and palette colours per tone, so each colour is solved once; one
/// resolver serves every scheme of a source and variant (light and dark, any contrast level),
/// which share palettes and so solved colours. A value type: its memos need no runtime
/// exclusivity checks.
struct SchemeResolver {
  let source: HCT
  let variant: MaterialVariant
  let palettes: SchemePalettes
  /// True when resolving the dark scheme.
  private(set) var isDark = false
  /// The contrast level being resolved.
  private(set) var contrastLevel = 0.0
  /// Solved tones of the six palettes, indexed by ``RoleSpec/Palette/index``.
  var caches: [ToneCache]
  /// Resolved tones by role; NaN for a role not resolved yet.
  private var tones: [Double]
  /// Requested tones before contrast adjustment by role, NaN for not yet (see `RoleTones.swift`).
  var requestedTones: [Double]
  /// The roles' constraints in this scheme (light or dark).
  private(set) var specs: [RoleSpec]

  /// A resolver for the schemes of a source in a variant; ``select(isDark:contrastLevel:)``
  /// picks the scheme (light at contrast 0 until then).
  init(source: HCT, variant: MaterialVariant, palettes: SchemePalettes) {
    self.source = source
    self.variant = variant
    self.palettes = palettes
    caches = [
      palettes.primary, palettes.secondary, palettes.tertiary, palettes.neutral,
      palettes.neutralVariant, palettes.error,
    ].map(ToneCache.init)
    tones = [Double](repeating: .nan, count: MaterialRole.count)
    requestedTones = tones
    specs = RoleSpec.light
  }

  /// Resolves the light or dark scheme at a contrast level from now on, keeping solved colours.
  mutating func select(isDark: Bool, contrastLevel: Double) {
    self.isDark = isDark
    self.contrastLevel = contrastLevel
    specs = isDark ? RoleSpec.dark : RoleSpec.light
    for i in tones.indices {
      tones[i] = .nan
      requestedTones[i] = .nan
    }
  }

  /// The colours of all 49 roles, in role order.
  mutating func colors() -> MaterialColors {
    var colors = [RGBA8]()
    colors.reserveCapacity(MaterialRole.count)
    for raw in 0..<MaterialRole.count {
      colors.append(color(MaterialRole(rawValue: raw)!))
    }
    return MaterialColors(colors)
  }

  /// The colour of a role.
  mutating func color(_ role: MaterialRole) -> RGBA8 {
    let tone = tone(role)
    return caches[specs[role.rawValue].palette.index].color(tone)
  }

  /// The resolved tone of a role.
  mutating func tone(_ role: MaterialRole) -> Double {
    let known = tones[role.rawValue]
    if !known.isNaN { return known }
    let tone = resolve(role)
    tones[role.rawValue] = tone
    return tone
  }

  private mutating func resolve(_ role: MaterialRole) -> Double {
    let spec = specs[role.rawValue]
    if let pair = spec.pair { return resolvePair(role, spec, pair) }
    var answer = requestedTone(role)
    guard let background = spec.background, let curve = spec.curve else { return answer }
    let bgTone = tone(background)
    let desired = curve.ratio(at: contrastLevel)
    if ToneContrast.ratio(bgTone, answer) < desired {
      answer = ToneContrast.foregroundTone(background: bgTone, ratio: desired)
    }
    if contrastLevel < 0 {
      answer = ToneContrast.foregroundTone(background: bgTone, ratio: desired)
    }
    if spec.isBackground && 50 <= answer && answer < 60 {
      answer = ToneContrast.ratio(49, bgTone) >= desired ? 49 : 60
    }
    guard let second = spec.secondBackground else { return answer }
    // On two backgrounds (the fixed fills): meet the ratio against both, else pick a side.
    let bgTone1 = bgTone
    let bgTone2 = tone(second)
    let upper = max(bgTone1, bgTone2)
    let lower = min(bgTone1, bgTone2)
    if ToneContrast.ratio(upper, answer) >= desired && ToneContrast.ratio(lower, answer) >= desired
    {
      return answer
    }
    let lightOption = ToneContrast.lighter(upper, ratio: desired)
    let darkOption = ToneContrast.darker(lower, ratio: desired)
    var available: [Double] = []
    if lightOption != -1 { available.append(lightOption) }
    if darkOption != -1 { available.append(darkOption) }
    if ToneContrast.prefersLightForeground(bgTone1) || ToneContrast.prefersLightForeground(bgTone2)
    {
      return lightOption < 0 ? 100 : lightOption
    }
    if available.count == 1 { return available[0] }
    return darkOption < 0 ? 0 : darkOption
  }

  private mutating func resolvePair(
    _ role: MaterialRole, _ spec: RoleSpec, _ pair: ToneDeltaPair
  )
    -> Double
  {
    let aIsNearer = pair.polarity == .nearer || !isDark
    let nearer = aIsNearer ? pair.roleA : pair.roleB
    let farther = aIsNearer ? pair.roleB : pair.roleA
    let amNearer = role == nearer
    let expansion: Double = isDark ? 1 : -1
    var nTone = requestedTone(nearer)
    var fTone = requestedTone(farther)
    let delta = pair.delta
    if let background = spec.background,
      let nCurve = specs[nearer.rawValue].curve,
      let fCurve = specs[farther.rawValue].curve
    {
      let bgTone = tone(background)
      let nContrast = nCurve.ratio(at: contrastLevel)
      let fContrast = fCurve.ratio(at: contrastLevel)
      if ToneContrast.ratio(bgTone, nTone) < nContrast {
        nTone = ToneContrast.foregroundTone(background: bgTone, ratio: nContrast)
      }
      if ToneContrast.ratio(bgTone, fTone) < fContrast {
        fTone = ToneContrast.foregroundTone(background: bgTone, ratio: fContrast)
      }
      if contrastLevel < 0 {
        nTone = ToneContrast.foregroundTone(background: bgTone, ratio: nContrast)
        fTone = ToneContrast.foregroundTone(background: bgTone, ratio: fContrast)
      }
    }
    if (fTone - nTone) * expansion < delta {
      fTone = MaterialMath.clamp(0, 100, nTone + delta * expansion)
      if (fTone - nTone) * expansion < delta {
        nTone = MaterialMath.clamp(0, 100, fTone - delta * expansion)
      }
    }
    if 50 <= nTone && nTone < 60 {
      nTone = expansion > 0 ? 60 : 49
      fTone =
        expansion > 0
        ? max(fTone, nTone + delta * expansion) : min(fTone, nTone + delta * expansion)
    } else if 50 <= fTone && fTone < 60 {
      if pair.stayTogether {
        nTone = expansion > 0 ? 60 : 49
        fTone =
          expansion > 0
          ? max(fTone, nTone + delta * expansion) : min(fTone, nTone + delta * expansion)
      } else {
        fTone = expansion > 0 ? 60 : 49
      }
    }
    return amNearer ? nTone : fTone
  }
}

extension RoleSpec.Palette {
  /// The palette's position in a resolver's caches.
  var index: Int {
    switch self {
    case .primary: 0
    case .secondary: 1
    case .tertiary: 2
    case .neutral: 3
    case .neutralVariant: 4
    case .error: 5
    }
  }
}
