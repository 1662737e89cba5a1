import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The digests themes record: swift-crypto's SHA-256, written as hex.
@Suite("SHA-256 hex digests")
struct SHA256HexTests {
  @Test(
    "FIPS 180-4 / NIST example digests",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
    ])
  func knownDigests(message: String, digest: String) {
    #expect(SHA256Hex.of(Array(message.utf8)) == digest)
  }

  @Test("a million 'a's (multi-block message)")
  func millionA() {
    let digest = SHA256Hex.of([UInt8](repeating: 0x61, count: 1_000_000))
    #expect(digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
