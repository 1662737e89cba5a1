import SpriteCore
import Testing

@testable import SpriteMaterial

/// Every `on*` role reaches its contrast curve's WCAG ratio against the role it sits on, at every
/// contrast level, recomputed from the 8-bit colours with SpriteCore's WCAG contrast.
@Suite("On-roles meet their contrast against their backgrounds")
struct ContrastGuaranteeTests {
  /// Every surface: onSurface and onSurfaceVariant are solved against the highest surface
  /// (surfaceDim in light themes, surfaceBright in dark ones), so they meet their ratio on all of
  /// them. (MCU does not promise it on surfaceVariant: dark onSurfaceVariant gets about 2.5 at
  /// contrast -1 there.)
  static let surfaces: [MaterialRole] = [
    .surface, .background, .surfaceDim, .surfaceBright, .surfaceContainerLowest,
    .surfaceContainerLow, .surfaceContainer, .surfaceContainerHigh, .surfaceContainerHighest,
  ]

  /// Each on-role, the role it is named after (or sits on), and its contrast curve (MCU spec
  /// 2021).
  static let pairs: [(on: MaterialRole, background: MaterialRole, curve: ContrastCurve)] =
    surfaces.flatMap {
      [
        (.onSurface, $0, RoleSpec.onAccentCurve),
        (.onSurfaceVariant, $0, RoleSpec.onContainerCurve),
      ]
    } + [
      (.onPrimary, .primary, RoleSpec.onAccentCurve),
      (.onPrimaryContainer, .primaryContainer, RoleSpec.onContainerCurve),
      (.onSecondary, .secondary, RoleSpec.onAccentCurve),
      (.onSecondaryContainer, .secondaryContainer, RoleSpec.onContainerCurve),
      (.onTertiary, .tertiary, RoleSpec.onAccentCurve),
      (.onTertiaryContainer, .tertiaryContainer, RoleSpec.onContainerCurve),
      (.onError, .error, RoleSpec.onAccentCurve),
      (.onErrorContainer, .errorContainer, RoleSpec.onContainerCurve),
      (.onBackground, .background, ContrastCurve(3, 3, 4.5, 7)),
      (.inverseOnSurface, .inverseSurface, RoleSpec.onAccentCurve),
      (.onPrimaryFixed, .primaryFixed, RoleSpec.onAccentCurve),
      (.onPrimaryFixed, .primaryFixedDim, RoleSpec.onAccentCurve),
      (.onPrimaryFixedVariant, .primaryFixed, RoleSpec.onContainerCurve),
      (.onPrimaryFixedVariant, .primaryFixedDim, RoleSpec.onContainerCurve),
      (.onSecondaryFixed, .secondaryFixed, RoleSpec.onAccentCurve),
      (.onSecondaryFixed, .secondaryFixedDim, RoleSpec.onAccentCurve),
      (.onSecondaryFixedVariant, .secondaryFixed, RoleSpec.onContainerCurve),
      (.onSecondaryFixedVariant, .secondaryFixedDim, RoleSpec.onContainerCurve),
      (.onTertiaryFixed, .tertiaryFixed, RoleSpec.onAccentCurve),
      (.onTertiaryFixed, .tertiaryFixedDim, RoleSpec.onAccentCurve),
      (.onTertiaryFixedVariant, .tertiaryFixed, RoleSpec.onContainerCurve),
      (.onTertiaryFixedVariant, .tertiaryFixedDim, RoleSpec.onContainerCurve),
    ]

  /// The most contrast any colour can have against `color`: black or white on it.
  static func achievable(_ color: RGBA8) -> Double {
    max(
      Contrast.contrastRatio(color, RGBA8(r: 0, g: 0, b: 0)),
      Contrast.contrastRatio(color, RGBA8(r: 255, g: 255, b: 255)))
  }

  @Test(
    "the ratio is met (or the most achievable is reached) for every source, variant, level",
    arguments: [-1.0, -0.5, 0.0, 0.5, 1.0])
  func onRolesMeetTheirCurves(level: Double) {
    var failures: [String] = []
    for source in MaterialGoldens.schemeSources {
      for variant in MaterialVariant.allCases {
        let pair = DynamicScheme.lightAndDark(
          source: HCT(source), variant: variant, contrastLevel: level)
        for (mode, colors) in [("light", pair.light), ("dark", pair.dark)] {
          for (on, background, curve) in Self.pairs {
            let ratio = Contrast.contrastRatio(colors[on], colors[background])
            // MCU solves tones with a 0.4 L* margin, so 8-bit rounding can cost at most 1%;
            // where the curve asks more than black or white can give, the best is required.
            let required = min(curve.ratio(at: level), Self.achievable(colors[background])) * 0.99
            if ratio < required {
              failures.append(
                "\(source.hex) \(variant) \(mode) \(on.name)/\(background.name) \(ratio) < \(required)"
              )
            }
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(12))")
  }
}
