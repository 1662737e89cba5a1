import Foundation
import Testing
import _SpriteTestSupport

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
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
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

  @Test("every length up to three blocks, and random messages, match a plain FIPS 180-4 reference")
  func matchesReference() {
    var rng = SeededRandom(seed: 11)
    var messages = (0...200).map { n in (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) } }
    for _ in 0..<20 {
      let n = Int.random(in: 0...5000, using: &rng)
      messages.append((0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) })
    }
    for message in messages {
      let expected = ReferenceSHA256.digest(of: message)
      #expect(SHA256.digest(of: message) == expected, "length \(message.count)")
      #expect(SHA256.hex(of: message) == expected.map { String(format: "%02x", $0) }.joined())
    }
  }

  @Test(
    "eight at a time (AVX2 lanes, then AVX-512VL where there is): groups of mixed lengths match the reference, in order",
    // Every variant this processor can run (without AVX2, the one-by-one fallback once).
    arguments: Array(1...max(1, SHA256.variants)))
  func lanesMatchReference(variant: Int) {
    var rng = SeededRandom(seed: 12)
    // Lengths around every padding boundary, empty messages, and long ones beside short ones,
    // in groups of 1 to 19 (full groups of eight and partial ones).
    var lengths = Array(0...200)
    lengths += [0, 5000, 1, 64, 119, 120, 4096, 55, 56, 63, 65, 1_000, 0, 0, 3000]
    var start = 0
    var groups = [[[UInt8]]]()
    while start < lengths.count {
      let size = Int.random(in: 1...19, using: &rng)
      groups.append(
        lengths[start..<min(start + size, lengths.count)].map { n in
          (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
        })
      start += size
    }
    var everything = [String]()
    for group in groups {
      let expected = group.map { ReferenceSHA256.digest(of: $0).map { String(format: "%02x", $0) }.joined() }
      #expect(SHA256.hex(ofEach: group, variant: variant) == expected, "lengths \(group.map(\.count))")
      everything += expected
    }
    // All at once: lanes take the next message as theirs end, long and short mixed.
    #expect(SHA256.hex(ofEach: groups.flatMap { $0 }, variant: variant) == everything)
    let nist = ["", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"].map { Array($0.utf8) }
    #expect(
      SHA256.hex(ofEach: nist, variant: variant) == [
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      ])
  }

  @Test("messages around the padding boundary differ and have 64 hex digits")
  func paddingBoundaries() {
    let digests = (54...66).map { SHA256.hex(of: [UInt8](repeating: 0x5A, count: $0)) }
    #expect(Set(digests).count == digests.count)
    #expect(digests.allSatisfy { $0.count == 64 })
  }
}

/// SHA-256 written as plainly as FIPS 180-4 section 6.2 reads: padded copy, one loop per round.
private enum ReferenceSHA256 {
  static let k: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]

  static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

  static func digest(of message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [
      0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    var padded = message + [0x80]
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) * 8
    padded += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
    for start in stride(from: 0, to: padded.count, by: 64) {
      var w = (0..<16).map { t in
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(padded[start + 4 * t + $1]) }
      }
      for t in 16..<64 {
        let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
        let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w.append(w[t - 16] &+ s0 &+ w[t - 7] &+ s1)
      }
      var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
      for t in 0..<64 {
        let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
        (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
      }
      for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] &+= v }
    }
    return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
  }
}
