import SpriteMaterial
import SpriteThemeModel

/// The 49 colour roles of a Material Theme Builder export, in the order the report's data file
/// packs them: each scheme is one string of 49 six-digit hex colours in this order, which keeps
/// 10,000 sprites' schemes to a few megabytes.
enum MaterialRoles {
  /// Role names, camelCase as in the theme file's `material.schemes.light`, in Theme Builder's
  /// order (SpriteMaterial's `MaterialRole`).
  static let names: [String] = MaterialRole.allCases.map(\.name)

  /// Packs a scheme's roles (`#rrggbb`, either case) into 49 × 6 lower-case hex digits.
  ///
  /// - Throws: ``ReportSprite/Malformed`` naming the first role that is not an opaque colour,
  ///   under `field` (`material.schemes.light`).
  static func pack(_ roles: Theme.Roles, _ field: String) throws(ReportSprite.Malformed) -> String {
    var packed = ""
    packed.reserveCapacity(names.count * 6)
    for role in MaterialRole.allCases {
      guard let color = HexColor(roles[role]), color.alpha == 255 else {
        throw ReportSprite.Malformed(field: "\(field).\(role.name)", value: roles[role])
      }
      packed += color.hex.dropFirst()
    }
    return packed
  }
}
