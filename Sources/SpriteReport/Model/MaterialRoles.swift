import SpriteMaterial

/// The 49 colour roles of a Material Theme Builder export, in the order the report's data file
/// packs them: each scheme is one string of 49 six-digit hex colours in this order, which keeps
/// 10,000 sprites' schemes to a few megabytes.
enum MaterialRoles {
  /// Role names, camelCase as in the theme file's `material.schemes.light`, in Theme Builder's
  /// order (SpriteMaterial's `MaterialRole`).
  static let names: [String] = MaterialRole.allCases.map(\.name)

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
