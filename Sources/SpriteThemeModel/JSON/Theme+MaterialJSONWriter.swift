import SpriteMaterial

/// The theme's `accent` and `material` members, written as their `Codable` forms with keys in
/// sorted order.
extension JSONWriter {
  /// Writes an accent colour: `hex`, `oklch`, `rgb`.
  mutating func write(_ accent: Theme.Accent) {
    beginObject()
    key("hex")
    value(accent.hex)
    key("oklch")
    value(accent.oklch)
    key("rgb")
    value(accent.rgb)
    endObject()
  }

  /// Writes the Material block: `contrastLevel`, `schemes` (`dark`, `light`), `source`,
  /// `variant`.
  mutating func write(_ material: Theme.Material) {
    beginObject()
    key("contrastLevel")
    value(material.contrastLevel)
    key("schemes")
    beginObject()
    key("dark")
    writeRoles(material.schemes.dark)
    key("light")
    writeRoles(material.schemes.light)
    endObject()
    key("source")
    value(material.source)
    key("variant")
    value(material.variant)
    endObject()
  }

  /// Writes a scheme's roles, names sorted as `JSONEncoder`'s `.sortedKeys` sorts them.
  private mutating func writeRoles(_ roles: Theme.Roles) {
    beginObject()
    for role in Self.rolesByName {
      key(named: role.name)
      value(roles[role])
    }
    endObject()
  }

  /// The 49 Material roles, sorted by name.
  private static let rolesByName = MaterialRole.allCases.sorted { $0.name < $1.name }
}
