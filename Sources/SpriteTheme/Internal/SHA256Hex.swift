import Crypto

/// SHA-256 digests as 64 lower-case hex digits, the form theme files record (`source.sha256`).
enum SHA256Hex {
  /// The digest of `bytes` (FIPS 180-4 SHA-256, from swift-crypto), as hex.
  static func of(_ bytes: [UInt8]) -> String {
    hex(of: SHA256.hash(data: bytes))
  }

  /// `digest` as hex.
  static func hex(of digest: SHA256.Digest) -> String {
    String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { hex in
      let digits: StaticString = "0123456789abcdef"
      var i = 0
      for byte in digest {
        hex[i] = digits.utf8Start[Int(byte >> 4)]
        hex[i + 1] = digits.utf8Start[Int(byte & 0x0F)]
        i += 2
      }
      return i
    }
  }
}
