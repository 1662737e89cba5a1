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
    bytes.withUnsafeBytes { add($0) }
  }

  /// Adds one field, the UTF-8 bytes of `text`.
  mutating func add(_ text: String) {
    add(label: "", text)
  }

  /// Adds one field, the UTF-8 bytes of `label` then those of `text` (`label` is a literal such
  /// as `"path "`): the field `label + text`, without making that string.
  mutating func add(label: StaticString, _ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      label.withUTF8Buffer { label in
        addLength(label.count + utf8.count)
        hasher.update(bufferPointer: UnsafeRawBufferPointer(label))
      }
      hasher.update(bufferPointer: UnsafeRawBufferPointer(utf8))
    }
  }

  /// Adds one field.
  private mutating func add(_ bytes: UnsafeRawBufferPointer) {
    addLength(bytes.count)
    hasher.update(bufferPointer: bytes)
  }

  /// Hashes a field's length prefix, `count` in decimal and a colon.
  private mutating func addLength(_ count: Int) {
    // 20 digits at most, then the colon, written from the end.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
      var start = 20
      buffer[20] = UInt8(ascii: ":")
      var rest = count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      hasher.update(
        bufferPointer: UnsafeRawBufferPointer(
          UnsafeMutableBufferPointer(rebasing: buffer[start...])))
    }
  }

  /// The digest of the fields added, as hex.
  var hex: String {
    SHA256Hex.hex(of: hasher.finalize())
  }
}
