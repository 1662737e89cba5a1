/// How a role's tone is constrained in spec 2025 on the phone platform: its palette and chroma
/// multiplier, the background it must contrast with and by how much, and the role it keeps a
/// tone distance from (material-color-utilities `typescript/dynamiccolor/color_spec_2025.ts`,
/// cross-read with materialyoucolor 3.0.4's `color_spec_2025.py`). Roles are indexed by
/// ``MaterialRole/rawValue``, then the four ``MaterialDimRole``s from 49.
struct RoleSpec2025 {
  /// A tone distance between two roles (MCU's `ToneDeltaPair` with a `DeltaConstraint`).
  struct Pair {
    /// The first role of the pair.
    let roleA: Int
    /// The second role of the pair.
    let roleB: Int
    /// The tone distance.
    let delta: Double
    /// True for polarity `darker` (A below B); false for `relative_lighter` (A above B in light
    /// schemes, below in dark ones).
    let darker: Bool
    /// True for constraint `exact` (A is exactly the distance from B); false for `farther`.
    let exact: Bool
  }

  let palette: RoleSpec.Palette
  var chromaMultiplier = 1.0
  /// True for roles that other roles sit on (fills and surfaces).
  var isBackground = false
  var background: Int? = nil
  var curve: ContrastCurve? = nil
  var pair: Pair? = nil

  /// The number of roles: the 49 of spec 2021 and the four dim roles.
  static let count = MaterialRole.count + MaterialDimRole.allCases.count

  /// The index of a dim role.
  static func index(_ dim: MaterialDimRole) -> Int { MaterialRole.count + dim.rawValue }

  /// MCU's `getCurve(defaultContrast)` of spec 2025: the ratio at standard contrast (also at
  /// reduced contrast) and its medium and high steps.
  static func curve(_ standard: Double) -> ContrastCurve {
    switch standard {
    case 1.5: ContrastCurve(1.5, 1.5, 3, 5.5)
    case 3: ContrastCurve(3, 3, 4.5, 7)
    case 4.5: ContrastCurve(4.5, 4.5, 7, 11)
    case 6: ContrastCurve(6, 6, 7, 11)
    case 7: ContrastCurve(7, 7, 11, 21)
    case 9: ContrastCurve(9, 9, 11, 21)
    case 11: ContrastCurve(11, 11, 21, 21)
    case 21: ContrastCurve(21, 21, 21, 21)
    default: ContrastCurve(standard, standard, 7, 21)
    }
  }

  /// The spec-2025 constraints of every role in a scheme, by index.
  static func all(
    variant: MaterialVariant, isDark dark: Bool, contrastLevel: Double, neutralHue: Double
  ) -> [RoleSpec2025] {
    typealias R = MaterialRole
    let yellow = HCT.isYellow(neutralHue)
    let highest = (dark ? R.surfaceBright : R.surfaceDim).rawValue
    // Chroma multipliers of the surfaces by variant (neutral, tonalSpot, expressive, vibrant).
    func surface(_ n: Double, _ t: Double, _ e: Double, _ eYellow: Double, _ v: Double) -> Double {
      switch variant {
      case .neutral: n
      case .tonalSpot: t
      case .expressive: yellow ? eYellow : e
      case .vibrant: v
      default: 1
      }
    }
    // The multiplier of text and outlines on surfaces (none in vibrant).
    let onSurfaceChroma: Double =
      variant == .vibrant
      ? 1 : surface(2.2, 1.7, 1.6, yellow && dark ? 3.0 : 2.3, 1)
    let containerCurve: ContrastCurve? = contrastLevel > 0 ? curve(1.5) : nil

    func accent(_ palette: RoleSpec.Palette, container: R, dim: MaterialDimRole) -> RoleSpec2025 {
      RoleSpec2025(
        palette: palette, isBackground: true, background: highest, curve: curve(4.5),
        pair: Pair(
          roleA: container.rawValue, roleB: dim.accent.rawValue, delta: 5, darker: false,
          exact: false))
    }
    func fill(_ palette: RoleSpec.Palette) -> RoleSpec2025 {
      RoleSpec2025(
        palette: palette, isBackground: true, background: highest, curve: containerCurve)
    }
    func on(_ palette: RoleSpec.Palette, _ background: R, _ ratio: Double) -> RoleSpec2025 {
      RoleSpec2025(palette: palette, background: background.rawValue, curve: curve(ratio))
    }
    func fixedDim(_ palette: RoleSpec.Palette, _ role: R, _ fixed: R) -> RoleSpec2025 {
      RoleSpec2025(
        palette: palette, isBackground: true,
        pair: Pair(
          roleA: role.rawValue, roleB: fixed.rawValue, delta: 5, darker: true, exact: true))
    }
    func neutralSurface(_ multiplier: Double = 1) -> RoleSpec2025 {
      RoleSpec2025(palette: .neutral, chromaMultiplier: multiplier, isBackground: true)
    }
    let onSurface = RoleSpec2025(
      palette: .neutral, chromaMultiplier: onSurfaceChroma, background: highest,
      curve: curve(dark ? 11 : 9))
    let containerHighest = neutralSurface(surface(2.2, 1.7, 1.6, 2.3, 1.29))
    let primary = accent(.primary, container: .primaryContainer, dim: .primaryDim)

    var specs: [RoleSpec2025] = R.allCases.map { role in
      switch role {
      case .background, .surface: neutralSurface()
      case .surfaceDim: neutralSurface(dark ? 1 : surface(2.5, 1.7, 1.75, 2.7, 1.36))
      case .surfaceBright: neutralSurface(dark ? surface(2.5, 1.7, 1.75, 2.7, 1.36) : 1)
      case .surfaceContainerLowest, .inverseSurface: neutralSurface()
      case .surfaceContainerLow: neutralSurface(surface(1.3, 1.25, 1.15, 1.3, 1.08))
      case .surfaceContainer: neutralSurface(surface(1.6, 1.4, 1.3, 1.6, 1.15))
      case .surfaceContainerHigh: neutralSurface(surface(1.9, 1.5, 1.45, 1.95, 1.22))
      case .surfaceContainerHighest, .surfaceVariant: containerHighest
      case .onSurface, .onBackground: onSurface
      case .onSurfaceVariant:
        RoleSpec2025(
          palette: .neutral, chromaMultiplier: onSurfaceChroma, background: highest,
          curve: curve(dark ? 6 : 4.5))
      case .outline:
        RoleSpec2025(
          palette: .neutral, chromaMultiplier: onSurfaceChroma, background: highest,
          curve: curve(3))
      case .outlineVariant:
        RoleSpec2025(
          palette: .neutral, chromaMultiplier: onSurfaceChroma, background: highest,
          curve: curve(1.5))
      case .shadow, .scrim: RoleSpec2025(palette: .neutral)
      case .inverseOnSurface: on(.neutral, .inverseSurface, 7)
      case .primary, .surfaceTint: primary
      case .secondary: accent(.secondary, container: .secondaryContainer, dim: .secondaryDim)
      case .tertiary: accent(.tertiary, container: .tertiaryContainer, dim: .tertiaryDim)
      case .error: accent(.error, container: .errorContainer, dim: .errorDim)
      case .inversePrimary: on(.primary, .inverseSurface, 6)
      case .onPrimary: on(.primary, .primary, 6)
      case .onSecondary: on(.secondary, .secondary, 6)
      case .onTertiary: on(.tertiary, .tertiary, 6)
      case .onError: on(.error, .error, 6)
      case .primaryContainer, .primaryFixed: fill(.primary)
      case .secondaryContainer, .secondaryFixed: fill(.secondary)
      case .tertiaryContainer, .tertiaryFixed: fill(.tertiary)
      case .errorContainer: fill(.error)
      case .onPrimaryContainer: on(.primary, .primaryContainer, 6)
      case .onSecondaryContainer: on(.secondary, .secondaryContainer, 6)
      case .onTertiaryContainer: on(.tertiary, .tertiaryContainer, 6)
      case .onErrorContainer: on(.error, .errorContainer, 4.5)
      case .primaryFixedDim: fixedDim(.primary, .primaryFixedDim, .primaryFixed)
      case .secondaryFixedDim: fixedDim(.secondary, .secondaryFixedDim, .secondaryFixed)
      case .tertiaryFixedDim: fixedDim(.tertiary, .tertiaryFixedDim, .tertiaryFixed)
      case .onPrimaryFixed: on(.primary, .primaryFixedDim, 7)
      case .onPrimaryFixedVariant: on(.primary, .primaryFixedDim, 4.5)
      case .onSecondaryFixed: on(.secondary, .secondaryFixedDim, 7)
      case .onSecondaryFixedVariant: on(.secondary, .secondaryFixedDim, 4.5)
      case .onTertiaryFixed: on(.tertiary, .tertiaryFixedDim, 7)
      case .onTertiaryFixedVariant: on(.tertiary, .tertiaryFixedDim, 4.5)
      }
    }
    for dim in MaterialDimRole.allCases {
      specs.append(
        RoleSpec2025(
          palette: dim.palette, isBackground: true, background: R.surfaceContainerHigh.rawValue,
          curve: curve(4.5),
          pair: Pair(
            roleA: index(dim), roleB: dim.accent.rawValue, delta: 5, darker: true, exact: false)))
    }
    return specs
  }
}
