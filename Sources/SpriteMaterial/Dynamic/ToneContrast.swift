/// WCAG contrast between tones (L*), as material-color-utilities computes it
/// (`typescript/contrast/contrast.ts`, commit 6112292f).
///
/// Luminances are Y on a 0-100 scale, so the WCAG ratio is (Y_light + 5)/(Y_dark + 5).
public enum ToneContrast {
  /// The contrast ratio (1-21) of two tones, each clamped to 0-100.
  public static func ratio(_ toneA: Double, _ toneB: Double) -> Double {
    let a = MaterialMath.clamp(0.0, 100.0, toneA)
    let b = MaterialMath.clamp(0.0, 100.0, toneB)
    return ratioOfYs(MaterialColorSpace.y(fromLstar: a), MaterialColorSpace.y(fromLstar: b))
  }

  /// The contrast ratio of two relative luminances Y (0-100).
  static func ratioOfYs(_ y1: Double, _ y2: Double) -> Double {
    let lighter = max(y1, y2)
    let darker = lighter == y2 ? y1 : y2
    return (lighter + 5.0) / (darker + 5.0)
  }

  /// A tone at least `ratio` lighter than `tone` (with 0.4 of margin), or -1 if none exists.
  public static func lighter(_ tone: Double, ratio: Double) -> Double {
    if tone < 0.0 || tone > 100.0 { return -1.0 }
    let darkY = MaterialColorSpace.y(fromLstar: tone)
    let lightY = ratio * (darkY + 5.0) - 5.0
    let realContrast = ratioOfYs(lightY, darkY)
    let delta = abs(realContrast - ratio)
    if realContrast < ratio && delta > 0.04 { return -1.0 }
    let value = MaterialColorSpace.lstar(fromY: lightY) + 0.4
    if value < 0 || value > 100 { return -1.0 }
    return value
  }

  /// A tone at least `ratio` darker than `tone` (with 0.4 of margin), or -1 if none exists.
  public static func darker(_ tone: Double, ratio: Double) -> Double {
    if tone < 0.0 || tone > 100.0 { return -1.0 }
    let lightY = MaterialColorSpace.y(fromLstar: tone)
    let darkY = ((lightY + 5.0) / ratio) - 5.0
    let realContrast = ratioOfYs(lightY, darkY)
    let delta = abs(realContrast - ratio)
    if realContrast < ratio && delta > 0.04 { return -1.0 }
    let value = MaterialColorSpace.lstar(fromY: darkY) - 0.4
    if value < 0.0 || value > 100.0 { return -1.0 }
    return value
  }

  /// ``lighter(_:ratio:)``, or 100 when no lighter tone reaches the ratio.
  public static func lighterUnsafe(_ tone: Double, ratio: Double) -> Double {
    let safe = lighter(tone, ratio: ratio)
    return safe < 0.0 ? 100.0 : safe
  }

  /// ``darker(_:ratio:)``, or 0 when no darker tone reaches the ratio.
  public static func darkerUnsafe(_ tone: Double, ratio: Double) -> Double {
    let safe = darker(tone, ratio: ratio)
    return safe < 0.0 ? 0.0 : safe
  }

  /// The tone of a foreground on a background tone that reaches `ratio` if possible, preferring
  /// light text on tones below 60 (MCU's `DynamicColor.foregroundTone`).
  public static func foregroundTone(background bgTone: Double, ratio: Double) -> Double {
    let lighterTone = lighterUnsafe(bgTone, ratio: ratio)
    let darkerTone = darkerUnsafe(bgTone, ratio: ratio)
    let lighterRatio = self.ratio(lighterTone, bgTone)
    let darkerRatio = self.ratio(darkerTone, bgTone)
    if prefersLightForeground(bgTone) {
      let negligibleDifference =
        abs(lighterRatio - darkerRatio) < 0.1 && lighterRatio < ratio && darkerRatio < ratio
      return lighterRatio >= ratio || lighterRatio >= darkerRatio || negligibleDifference
        ? lighterTone : darkerTone
    }
    return darkerRatio >= ratio || darkerRatio >= lighterRatio ? darkerTone : lighterTone
  }

  /// True when light text suits a background tone (its rounded tone is below 60).
  public static func prefersLightForeground(_ tone: Double) -> Bool {
    MaterialMath.round(tone) < 60.0
  }
}

/// The contrast ratio a colour needs at each contrast level: material-color-utilities'
/// `ContrastCurve` (`typescript/dynamiccolor/contrast_curve.ts`, commit 6112292f).
///
/// Ratios at levels -1, 0, 0.5 and 1, linear in between and constant beyond.
public struct ContrastCurve: Hashable, Sendable {
  /// The ratio at contrast level -1 (reduced).
  public let low: Double
  /// The ratio at contrast level 0 (standard).
  public let normal: Double
  /// The ratio at contrast level 0.5 (medium).
  public let medium: Double
  /// The ratio at contrast level 1 (high).
  public let high: Double

  /// A curve through four ratios.
  public init(_ low: Double, _ normal: Double, _ medium: Double, _ high: Double) {
    self.low = low
    self.normal = normal
    self.medium = medium
    self.high = high
  }

  /// The ratio at a contrast level.
  public func ratio(at level: Double) -> Double {
    if level <= -1.0 { return low }
    if level < 0.0 { return MaterialMath.lerp(low, normal, (level - (-1)) / 1) }
    if level < 0.5 { return MaterialMath.lerp(normal, medium, (level - 0) / 0.5) }
    if level < 1.0 { return MaterialMath.lerp(medium, high, (level - 0.5) / 0.5) }
    return high
  }
}
