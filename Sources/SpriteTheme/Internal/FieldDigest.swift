import Crypto

/// SHA-256 over a list of fields, each preceded by its length in decimal and a colon (`3:abc`),
/// so that no two different lists hash the same bytes. Fields are hashed as they are added, and
/// a digest can be copied to share the hashing of a common first field.
///
/// `@unchecked Sendable`: swift-crypto's `SHA256` is a value whose state is copied on write (its
/// `update` copies a shared context first), so copies in different tasks never share a mutation;
/// the package does not mark it `Sendable`.
struct FieldDigest: @unchecked Sendable {
  private var hasher = SHA256()

  /// Adds one field.
  mutating func add(_ bytes: [UInt8]) {
    hasher.update(data: Array("\(bytes.count):".utf8))
    hasher.update(data: bytes)
  }

  /// Adds one field, the UTF-8 bytes of `text`.
  mutating func add(_ text: String) {
    add(Array(text.utf8))
  }

  /// The digest of the fields added, as hex.
  var hex: String {
    SHA256Hex.hex(of: hasher.finalize())
  }
}
