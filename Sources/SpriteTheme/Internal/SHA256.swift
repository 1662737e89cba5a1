/// SHA-256 of a byte buffer, for the `source.sha256` field of theme files.
///
/// Source: NIST FIPS 180-4, "Secure Hash Standard", sections 4.1.2 (functions), 4.2.2 (constants),
/// 5.1.1 (padding), 5.3.3 (initial hash value) and 6.2.2 (computation). Written here so the theme
/// module needs no cryptography package for one checksum; kept fast in portable Swift: the 64
/// rounds are unrolled eight at a time with the working variables renamed rather than moved,
/// words are loaded big-endian with unaligned loads, nothing is allocated per block, and the
/// Σ/σ functions and Maj use the operation-saving forms of OpenSSL's x86-64 SHA-256 code
/// (`crypto/sha/asm/sha512-x86_64.pl`, which generates both SHA-256 and SHA-512).
enum SHA256 {
  /// The 64 round constants K (FIPS 180-4, 4.2.2).
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// The eight working words H0...H7.
  private struct State {
    var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372
    var h3: UInt32 = 0xa54f_f53a, h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c
    var h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19
  }

  /// The digest of `bytes` as 64 lower-case hex digits.
  static func hex(of bytes: [UInt8]) -> String {
    let state = hash(bytes)
    return String(unsafeUninitializedCapacity: 64) { out in
      let digits: StaticString = "0123456789abcdef"
      func put(_ word: UInt32, at position: Int) {
        for i in 0..<8 {
          out[position + i] = digits.utf8Start[Int((word >> UInt32(28 - 4 * i)) & 0xF)]
        }
      }
      put(state.h0, at: 0)
      put(state.h1, at: 8)
      put(state.h2, at: 16)
      put(state.h3, at: 24)
      put(state.h4, at: 32)
      put(state.h5, at: 40)
      put(state.h6, at: 48)
      put(state.h7, at: 56)
      return 64
    }
  }

  /// The 32-byte digest of `bytes`.
  static func digest(of bytes: [UInt8]) -> [UInt8] {
    let state = hash(bytes)
    let words = [state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7]
    return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
  }

  /// Pads `bytes` (FIPS 180-4, 5.1.1) and compresses every block.
  private static func hash(_ bytes: [UInt8]) -> State {
    var state = State()
    k.withUnsafeBufferPointer { k in
      let k = k.baseAddress!
      bytes.withUnsafeBytes { input in
        let wholeBlocks = input.count / 64
        if wholeBlocks > 0 {
          compress(&state, input.baseAddress!, blocks: wholeBlocks, k)
        }
        // The tail, 0x80, zeros and the 64-bit big-endian bit length: one or two blocks.
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
          let rest = input.count - wholeBlocks * 64
          tail.initializeMemory(as: UInt8.self, repeating: 0)
          if rest > 0 {
            tail.baseAddress!.copyMemory(from: input.baseAddress! + wholeBlocks * 64, byteCount: rest)
          }
          tail[rest] = 0x80
          let length = rest < 56 ? 64 : 128
          let bitLength = UInt64(input.count) &* 8
          tail.storeBytes(of: bitLength.bigEndian, toByteOffset: length - 8, as: UInt64.self)
          compress(&state, UnsafeRawPointer(tail.baseAddress!), blocks: length / 64, k)
        }
      }
    }
    return state
  }

  /// Runs the compression function (FIPS 180-4, 6.2.2) on `blocks` consecutive 64-byte blocks.
  private static func compress(
    _ state: inout State, _ input: UnsafeRawPointer, blocks: Int, _ k: UnsafePointer<UInt32>
  ) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      let w = schedule.baseAddress!
      var block = input
      for _ in 0..<blocks {
        // Message schedule W (6.2.2 step 1).
        for t in 0..<16 {
          w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
        }
        for t in 16..<64 {
          w[t] = sigma1(w[t - 2]) &+ w[t - 7] &+ sigma0(w[t - 15]) &+ w[t - 16]
        }
        // Steps 2-4: eight rounds per pass, the roles of a...h rotating by one each round.
        var a = state.h0, b = state.h1, c = state.h2, d = state.h3
        var e = state.h4, f = state.h5, g = state.h6, h = state.h7
        var bc = b ^ c
        var t = 0
        while t < 64 {
          round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t], &bc)
          round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1], &bc)
          round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2], &bc)
          round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3], &bc)
          round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4], &bc)
          round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5], &bc)
          round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6], &bc)
          round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7], &bc)
          t += 8
        }
        state.h0 &+= a
        state.h1 &+= b
        state.h2 &+= c
        state.h3 &+= d
        state.h4 &+= e
        state.h5 &+= f
        state.h6 &+= g
        state.h7 &+= h
        block += 64
      }
    }
  }

  /// One round: T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t], T2 = Σ0(a) + Maj(a, b, c); then
  /// d += T1 and h = T1 + T2, which the next round reads as its `a` (FIPS 180-4, 6.2.2 step 3).
  /// Σ0 and Σ1 are nested rotations, and Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)) with `bc`, this
  /// round's b ^ c, being the last round's a ^ b (both as in OpenSSL's x86-64 code).
  @inline(__always)
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32, _ bc: inout UInt32
  ) {
    let sigma1 = rotr(rotr(rotr(e, 14) ^ e, 5) ^ e, 6)
    let t1 = h &+ sigma1 &+ (g ^ (e & (f ^ g))) &+ kw
    let ab = a ^ b
    let sigma0 = rotr(rotr(rotr(a, 9) ^ a, 11) ^ a, 2)
    let t2 = sigma0 &+ (b ^ (ab & bc))
    bc = ab
    d &+= t1
    h = t1 &+ t2
  }

  /// σ0 (FIPS 180-4, 4.1.2, (4.6)): ROTR^7 ^ ROTR^18 ^ SHR^3, the rotations nested.
  @inline(__always)
  private static func sigma0(_ x: UInt32) -> UInt32 { rotr(rotr(x, 11) ^ x, 7) ^ (x >> 3) }

  /// σ1 (FIPS 180-4, 4.1.2, (4.7)): ROTR^17 ^ ROTR^19 ^ SHR^10, the rotations nested.
  @inline(__always)
  private static func sigma1(_ x: UInt32) -> UInt32 { rotr(rotr(x, 2) ^ x, 17) ^ (x >> 10) }

  /// ROTR^n (FIPS 180-4, 3.2).
  @inline(__always)
  private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
    (x >> n) | (x << (32 - n))
  }
}
