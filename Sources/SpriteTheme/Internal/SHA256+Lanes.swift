import CSpriteSHA256

extension SHA256 {
  /// How many messages `CSpriteSHA256` hashes at once here: 8 with AVX2, else 0 (one by one).
  static let lanes = Int(CSpriteSHA256_lanes())

  /// The digests of `messages` as 64 lower-case hex digits each, in order: eight at a time in
  /// the lanes of one AVX2 register where the processor has it (`CSpriteSHA256`; a lane whose
  /// message ends takes the next), else one by one with ``hex(of:)``. Same results either way.
  static func hex(ofEach messages: [[UInt8]]) -> [String] {
    hex(ofEach: messages, variant: 0)
  }

  /// The code variants ``hex(ofEach:variant:)`` can use here: 0 without AVX2, 1 with AVX2, 2 with
  /// AVX-512VL's rotate and three-input logic as well (same 256-bit lanes).
  static let variants = Int(CSpriteSHA256_variants())

  /// ``hex(ofEach:)`` with the lane code of `variant` (1 or 2, at most ``variants``; 0 for the
  /// best there is), so that tests run each one.
  static func hex(ofEach messages: [[UInt8]], variant: Int) -> [String] {
    guard lanes > 1, messages.count > 1 else { return messages.map { hex(of: $0) } }
    var digests = [UInt8](repeating: 0, count: 32 * messages.count)
    let lengths = messages.map { $0.count }
    withBaseAddresses(of: messages[...]) { pointers in
      digests.withUnsafeMutableBufferPointer { out in
        CSpriteSHA256_hashManyWith(
          Int32(variant), pointers, lengths, messages.count, out.baseAddress!)
      }
    }
    return (0..<messages.count).map { hex(digest: digests[(32 * $0)..<(32 * $0 + 32)]) }
  }

  /// Calls `body` with the first byte of each message, all valid for the whole call (nil for an
  /// empty message, which the C code never reads).
  private static func withBaseAddresses<R>(
    of messages: ArraySlice<[UInt8]>, collected: [UnsafePointer<UInt8>?] = [],
    _ body: ([UnsafePointer<UInt8>?]) -> R
  ) -> R {
    guard let first = messages.first else { return body(collected) }
    return first.withUnsafeBufferPointer { buffer in
      withBaseAddresses(
        of: messages.dropFirst(), collected: collected + [buffer.baseAddress], body)
    }
  }

  /// A 32-byte digest as 64 lower-case hex digits.
  private static func hex(digest: ArraySlice<UInt8>) -> String {
    String(unsafeUninitializedCapacity: 64) { out in
      let digits: StaticString = "0123456789abcdef"
      for (offset, byte) in digest.enumerated() {
        out[2 * offset] = digits.utf8Start[Int(byte >> 4)]
        out[2 * offset + 1] = digits.utf8Start[Int(byte & 0xF)]
      }
      return 64
    }
  }
}
