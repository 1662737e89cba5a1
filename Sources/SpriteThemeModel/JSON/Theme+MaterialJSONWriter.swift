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

  /// Writes the Material block: `contrastLevel`, `schemes` (`dark`, `light`), `source`, `spec`,
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
    key("spec")
    value(material.spec)
    key("variant")
    value(material.variant)
    endObject()
  }

  /// Writes a scheme's roles, names sorted as `JSONEncoder`'s `.sortedKeys` sorts them.
  private mutating func writeRoles(_ roles: Theme.Roles) {
    beginObject()
    let keys = Self.roleKeys
    keys.quoted.withUnsafeBufferPointer { quoted in
      for key in keys.roles {
        let value: String
        if key.role < roles.hex.count {
          value = roles.hex[key.role]
        } else if roles.dims.isEmpty {
          continue
        } else {
          value = roles.dims[key.role - roles.hex.count]
        }
        self.key(quoted: UnsafeBufferPointer(rebasing: quoted[key.start..<key.end]))
        self.value(value)
      }
    }
    endObject()
  }

  /// The 49 Material roles' keys and the four dim roles', sorted by name and quoted once, rather
  /// than a `String` per role and scheme escaped each time.
  private static let roleKeys = RoleKeys()
}

/// The Material roles (the dim roles numbered after the 49) sorted by name, with every name
/// quoted in one byte array.
private struct RoleKeys {
  /// One role's index (``SpriteMaterial/MaterialRole/rawValue``) and its quoted name's bytes.
  struct Key {
    /// The role's index in ``Theme/Roles/hex``, or 49 plus its index in ``Theme/Roles/dims``.
    let role: Int
    /// Where its quoted name starts in ``RoleKeys/quoted``.
    let start: Int
    /// Where it ends.
    let end: Int
  }

  /// The roles in name order.
  let roles: [Key]
  /// Every quoted name, one after the other.
  let quoted: [UInt8]

  init() {
    var roles = [Key]()
    var quoted = [UInt8]()
    let named =
      MaterialRole.allCases.map { ($0.name, $0.rawValue) }
      + MaterialDimRole.allCases.map { ($0.name, MaterialRole.allCases.count + $0.rawValue) }
    for (name, index) in named.sorted(by: { $0.0 < $1.0 }) {
      let start = quoted.count
      quoted.append(UInt8(ascii: "\""))
      quoted.append(contentsOf: name.utf8)
      quoted.append(UInt8(ascii: "\""))
      roles.append(Key(role: index, start: start, end: quoted.count))
    }
    self.roles = roles
    self.quoted = quoted
  }
}
