import SpriteCore

extension SchemeResolver {
  /// The colour of a dim role in a scheme whose variant spec 2025 leaves to spec 2021
  /// (monochrome, fidelity, content, rainbow, fruitSalad): material-color-utilities resolves the
  /// 2025 definition of the role (`color_spec_2025.ts`: 5 tones darker than its accent, 4.5:1 on
  /// surfaceContainerHigh) with the 2021 calculation (`ColorCalculationDelegateImpl2021`), as a
  /// `darker` tone-delta pair with the accent's 2021 tone and contrast curve.
  mutating func color(_ dim: MaterialDimRole) -> RGBA8 {
    let palette = dim.palette
    let accent = dim.accent
    let dimTone: Double =
      switch dim {
      case .primaryDim: SchemeResolver2025.maxChromaTone(palettes.primary)
      case .secondaryDim: SchemeResolver2025.maxChromaTone(palettes.secondary, 0, 90)
      case .tertiaryDim: SchemeResolver2025.maxChromaTone(palettes.tertiary)
      case .errorDim: SchemeResolver2025.minChromaTone(palettes.error)
      }
    let dimCurve = RoleSpec2025.curve(4.5)
    // Polarity darker: the dim role is the nearer one in dark schemes, the accent in light ones.
    let dimIsNearer = isDark
    var nTone = dimIsNearer ? dimTone : requestedTone(accent)
    var fTone = dimIsNearer ? requestedTone(accent) : dimTone
    if let accentCurve = specs[accent.rawValue].curve {
      let bgTone = tone(.surfaceContainerHigh)
      let nContrast = (dimIsNearer ? dimCurve : accentCurve).ratio(at: contrastLevel)
      let fContrast = (dimIsNearer ? accentCurve : dimCurve).ratio(at: contrastLevel)
      if ToneContrast.ratio(bgTone, nTone) < nContrast || contrastLevel < 0 {
        nTone = ToneContrast.foregroundTone(background: bgTone, ratio: nContrast)
      }
      if ToneContrast.ratio(bgTone, fTone) < fContrast || contrastLevel < 0 {
        fTone = ToneContrast.foregroundTone(background: bgTone, ratio: fContrast)
      }
    }
    let delta = 5.0
    let expansion: Double = isDark ? 1 : -1
    if (fTone - nTone) * expansion < delta {
      fTone = MaterialMath.clamp(0, 100, nTone + delta * expansion)
      if (fTone - nTone) * expansion < delta {
        nTone = MaterialMath.clamp(0, 100, fTone - delta * expansion)
      }
    }
    if (50 <= nTone && nTone < 60) || (50 <= fTone && fTone < 60) {
      // Both roles stay together: the nearer one leaves 50-59 and the farther keeps the distance.
      nTone = expansion > 0 ? 60 : 49
      fTone =
        expansion > 0
        ? max(fTone, nTone + delta * expansion) : min(fTone, nTone + delta * expansion)
    }
    return caches[palette.index].color(dimIsNearer ? nTone : fTone)
  }
}
