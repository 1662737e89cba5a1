import Crypto

/// SHA-256 digests as 64 lower-case hex digits, the form theme files record (`source.sha256`).
enum SHA256Hex {
  /// The hex digits, by value.
  private static let digits = Array("0123456789abcdef".utf8)

  /// The digest of `bytes` (FIPS 180-4 SHA-256, from swift-crypto), as hex.
  static func of(_ bytes: [UInt8]) -> String {
    hex(of: SHA256.hash(data: bytes))
  }

  /// `digest` as hex.
  static func hex(of digest: SHA256.Digest) -> String {
    var hex = [UInt8]()
    hex.reserveCapacity(2 * SHA256.byteCount)
    for byte in digest {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}
