/// The 64-bit FNV-1a hash, the stable hash of `--shard I/N` (SPEC section 14).
///
/// FNV-1a as Fowler, Noll and Vo define it (IETF draft-eastlake-fnv, section 2, and
/// http://www.isthe.com/chongo/tech/comp/fnv/): start from the offset basis
/// 0xcbf29ce484222325, then for each byte XOR it in and multiply by the prime 0x100000001b3,
/// modulo 2^64. The same bytes give the same hash on every machine and in every run, unlike
/// Swift's `Hasher`, which is seeded per process.
///
/// ```swift
/// FNV1a64.hash(Array("a".utf8))   // 0xaf63dc4c8601ec8c
/// ```
public enum FNV1a64 {
  /// The offset basis: the hash of no bytes.
  public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The 64-bit FNV prime, 2^40 + 2^8 + 0xb3.
  public static let prime: UInt64 = 0x0000_0100_0000_01b3

  /// The hash of `bytes`.
  public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = offsetBasis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= prime
    }
    return hash
  }

  /// The hash of `text`'s UTF-8 bytes.
  public static func hash(_ text: String) -> UInt64 {
    hash(text.utf8)
  }
}
