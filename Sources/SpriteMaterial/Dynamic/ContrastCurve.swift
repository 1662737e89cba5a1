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

/// Two roles that keep a minimum tone distance: material-color-utilities' `ToneDeltaPair`
/// (`typescript/dynamiccolor/tone_delta_pair.ts`, commit 6112292f).
struct ToneDeltaPair {
  /// Which of the pair stays nearer the background.
  enum Polarity { case nearer, lighter }
  let roleA: MaterialRole
  let roleB: MaterialRole
  let delta: Double
  let polarity: Polarity
  let stayTogether: Bool
}
