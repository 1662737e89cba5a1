/// The 49 colour roles of a Material Theme Builder export, in the order the report's data file
/// packs them: each scheme is one string of 49 six-digit hex colours in this order, which keeps
/// 10,000 sprites' schemes to a few megabytes.
enum MaterialRoles {
  /// Role names, camelCase as in the theme file's `material.schemes.light`.
  static let names: [String] = [
    "primary", "surfaceTint", "onPrimary", "primaryContainer", "onPrimaryContainer",
    "secondary", "onSecondary", "secondaryContainer", "onSecondaryContainer",
    "tertiary", "onTertiary", "tertiaryContainer", "onTertiaryContainer",
    "error", "onError", "errorContainer", "onErrorContainer",
    "background", "onBackground", "surface", "onSurface", "surfaceVariant", "onSurfaceVariant",
    "outline", "outlineVariant", "shadow", "scrim", "inverseSurface", "inverseOnSurface",
    "inversePrimary", "primaryFixed", "onPrimaryFixed", "primaryFixedDim",
    "onPrimaryFixedVariant", "secondaryFixed", "onSecondaryFixed", "secondaryFixedDim",
    "onSecondaryFixedVariant", "tertiaryFixed", "onTertiaryFixed", "tertiaryFixedDim",
    "onTertiaryFixedVariant", "surfaceDim", "surfaceBright", "surfaceContainerLowest",
    "surfaceContainerLow", "surfaceContainer", "surfaceContainerHigh", "surfaceContainerHighest",
  ]

  /// Packs a scheme (role → `#rrggbb`, either case) into 49 × 6 lower-case hex digits; nil when
  /// a role is missing or not a colour.
  static func pack(_ scheme: [String: String]) -> String? {
    var packed = ""
    packed.reserveCapacity(names.count * 6)
    for name in names {
      guard let hex = scheme[name], let color = HexColor(hex), color.alpha == 255 else {
        return nil
      }
      packed += color.hex.dropFirst()
    }
    return packed
  }
}
