import Testing

@testable import SpriteTheme

@Suite("SHA-256")
struct SHA256Tests {
  @Test("FIPS 180-4 / NIST example digests", arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func knownDigests(message: String, digest: String) {
    #expect(SHA256.hex(of: Array(message.utf8)) == digest)
  }

  @Test("a million 'a's (multi-block message)")
  func millionA() {
    let digest = SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000))
    #expect(digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("messages around the padding boundary differ and have 64 hex digits")
  func paddingBoundaries() {
    let digests = (54...66).map { SHA256.hex(of: [UInt8](repeating: 0x5A, count: $0)) }
    #expect(Set(digests).count == digests.count)
    #expect(digests.allSatisfy { $0.count == 64 })
  }
}
