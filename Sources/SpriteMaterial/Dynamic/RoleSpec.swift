/// How a role's tone is constrained in spec 2021: its palette, the background it must contrast
/// with and by how much, and the role it keeps a tone distance from (material-color-utilities
/// `typescript/dynamiccolor/material_dynamic_colors.ts` and `color_spec_2021.ts`, commit 6112292f).
struct RoleSpec {
  /// The six palettes of a scheme.
  enum Palette { case primary, secondary, tertiary, neutral, neutralVariant, error }

  let palette: Palette
  /// True for roles that other roles sit on (fills and surfaces).
  var isBackground = false
  var background: MaterialRole? = nil
  var secondBackground: MaterialRole? = nil
  var curve: ContrastCurve? = nil
  var pair: ToneDeltaPair? = nil
}

extension RoleSpec {
  static let accentCurve = ContrastCurve(3, 4.5, 7, 7)
  static let onAccentCurve = ContrastCurve(4.5, 7, 11, 21)
  static let containerCurve = ContrastCurve(1, 1, 3, 4.5)
  static let onContainerCurve = ContrastCurve(3, 4.5, 7, 11)

  /// Every role's constraints in a light scheme (highest surface surfaceDim), by raw value.
  static let light = MaterialRole.allCases.map { of($0, highest: .surfaceDim) }
  /// Every role's constraints in a dark scheme (highest surface surfaceBright), by raw value.
  static let dark = MaterialRole.allCases.map { of($0, highest: .surfaceBright) }

  /// The spec-2021 constraints of a role; `highest` is the highest surface (surfaceBright in
  /// dark themes, surfaceDim in light ones).
  static func of(_ role: MaterialRole, highest: MaterialRole) -> RoleSpec {
    switch role {
    case .background, .surface, .surfaceDim, .surfaceBright, .surfaceContainerLowest,
      .surfaceContainerLow, .surfaceContainer, .surfaceContainerHigh, .surfaceContainerHighest,
      .inverseSurface:
      return RoleSpec(palette: .neutral, isBackground: true)
    case .surfaceVariant:
      return RoleSpec(palette: .neutralVariant, isBackground: true)
    case .onBackground:
      return RoleSpec(
        palette: .neutral, background: .background, curve: ContrastCurve(3, 3, 4.5, 7))
    case .onSurface:
      return RoleSpec(palette: .neutral, background: highest, curve: onAccentCurve)
    case .onSurfaceVariant:
      return RoleSpec(palette: .neutralVariant, background: highest, curve: onContainerCurve)
    case .inverseOnSurface:
      return RoleSpec(palette: .neutral, background: .inverseSurface, curve: onAccentCurve)
    case .outline:
      return RoleSpec(
        palette: .neutralVariant, background: highest, curve: ContrastCurve(1.5, 3, 4.5, 7))
    case .outlineVariant:
      return RoleSpec(palette: .neutralVariant, background: highest, curve: containerCurve)
    case .shadow, .scrim:
      return RoleSpec(palette: .neutral)
    case .surfaceTint:
      return RoleSpec(palette: .primary, isBackground: true)
    case .inversePrimary:
      return RoleSpec(palette: .primary, background: .inverseSurface, curve: accentCurve)
    case .primary: return accent(.primary, .primaryContainer, .primary, highest)
    case .primaryContainer: return container(.primary, .primaryContainer, .primary, highest)
    case .onPrimary: return RoleSpec(palette: .primary, background: .primary, curve: onAccentCurve)
    case .onPrimaryContainer: return onContainer(.primary, .primaryContainer)
    case .secondary: return accent(.secondary, .secondaryContainer, .secondary, highest)
    case .secondaryContainer:
      return container(.secondary, .secondaryContainer, .secondary, highest)
    case .onSecondary:
      return RoleSpec(palette: .secondary, background: .secondary, curve: onAccentCurve)
    case .onSecondaryContainer: return onContainer(.secondary, .secondaryContainer)
    case .tertiary: return accent(.tertiary, .tertiaryContainer, .tertiary, highest)
    case .tertiaryContainer: return container(.tertiary, .tertiaryContainer, .tertiary, highest)
    case .onTertiary:
      return RoleSpec(palette: .tertiary, background: .tertiary, curve: onAccentCurve)
    case .onTertiaryContainer: return onContainer(.tertiary, .tertiaryContainer)
    case .error: return accent(.error, .errorContainer, .error, highest)
    case .errorContainer: return container(.error, .errorContainer, .error, highest)
    case .onError: return RoleSpec(palette: .error, background: .error, curve: onAccentCurve)
    case .onErrorContainer: return onContainer(.error, .errorContainer)
    case .primaryFixed, .primaryFixedDim:
      return fixed(.primary, .primaryFixed, .primaryFixedDim, highest)
    case .onPrimaryFixed: return onFixed(.primary, .primaryFixed, .primaryFixedDim, onAccentCurve)
    case .onPrimaryFixedVariant:
      return onFixed(.primary, .primaryFixed, .primaryFixedDim, onContainerCurve)
    case .secondaryFixed, .secondaryFixedDim:
      return fixed(.secondary, .secondaryFixed, .secondaryFixedDim, highest)
    case .onSecondaryFixed:
      return onFixed(.secondary, .secondaryFixed, .secondaryFixedDim, onAccentCurve)
    case .onSecondaryFixedVariant:
      return onFixed(.secondary, .secondaryFixed, .secondaryFixedDim, onContainerCurve)
    case .tertiaryFixed, .tertiaryFixedDim:
      return fixed(.tertiary, .tertiaryFixed, .tertiaryFixedDim, highest)
    case .onTertiaryFixed:
      return onFixed(.tertiary, .tertiaryFixed, .tertiaryFixedDim, onAccentCurve)
    case .onTertiaryFixedVariant:
      return onFixed(.tertiary, .tertiaryFixed, .tertiaryFixedDim, onContainerCurve)
    }
  }

  /// primary, secondary, tertiary, error: on the highest surface, 10 tones from the container.
  private static func accent(
    _ palette: Palette, _ container: MaterialRole, _ accent: MaterialRole, _ highest: MaterialRole
  ) -> RoleSpec {
    RoleSpec(
      palette: palette, isBackground: true, background: highest, curve: accentCurve,
      pair: ToneDeltaPair(
        roleA: container, roleB: accent, delta: 10, polarity: .nearer, stayTogether: false))
  }

  /// The containers: on the highest surface, 10 tones from their accent.
  private static func container(
    _ palette: Palette, _ container: MaterialRole, _ accent: MaterialRole, _ highest: MaterialRole
  ) -> RoleSpec {
    RoleSpec(
      palette: palette, isBackground: true, background: highest, curve: containerCurve,
      pair: ToneDeltaPair(
        roleA: container, roleB: accent, delta: 10, polarity: .nearer, stayTogether: false))
  }

  private static func onContainer(_ palette: Palette, _ container: MaterialRole) -> RoleSpec {
    RoleSpec(palette: palette, background: container, curve: onContainerCurve)
  }

  /// The fixed fills: the same tones in light and dark, the dim one 10 tones darker.
  private static func fixed(
    _ palette: Palette, _ fixed: MaterialRole, _ dim: MaterialRole, _ highest: MaterialRole
  ) -> RoleSpec {
    RoleSpec(
      palette: palette, isBackground: true, background: highest, curve: containerCurve,
      pair: ToneDeltaPair(
        roleA: fixed, roleB: dim, delta: 10, polarity: .lighter, stayTogether: true))
  }

  private static func onFixed(
    _ palette: Palette, _ fixed: MaterialRole, _ dim: MaterialRole, _ curve: ContrastCurve
  ) -> RoleSpec {
    RoleSpec(palette: palette, background: dim, secondBackground: fixed, curve: curve)
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
