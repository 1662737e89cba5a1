import Testing

@testable import SpriteCore

@Suite("LinearLight tables")
struct LinearLightTests {
  /// FNV-1a 64 over the little-endian bytes of each entry.
  static func fnv1a(_ values: [UInt64]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for value in values {
      for shift in stride(from: 0, to: 64, by: 8) {
        hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3
      }
    }
    return hash
  }

  @Test("the tables equal the 80-digit decimal computation on this platform")
  func pinnedTables() {
    let tables = LinearLight.shared
    // Hashes and spot values computed independently with Python's decimal module at 80 digits.
    #expect(Self.fnv1a(tables.decodeTable) == 0x9D22_A2C6_B9D1_EC97)
    #expect(Self.fnv1a(tables.thresholdTable) == 0xCCC8_ED81_CC21_0B6F)
    #expect(
      [1, 10, 11, 128, 254, 255].map { tables.decodeTable[$0] }
        == [1_303_638, 13_036_385, 14_373_262, 927_113_788, 4_256_751_094, 1 << 32])
    #expect(
      [1, 11, 128, 255].map { tables.thresholdTable[$0] }
        == [651_819, 13_693_648, 919_299_698, 4_275_834_289])
  }

  @Test("every 8-bit value survives decode then encode")
  func roundTrip() {
    let tables = LinearLight.shared
    for v in 0...255 {
      #expect(tables.encode(tables.decode[v]) == UInt8(v))
      let times255 = tables.decode[v].multipliedFullWidth(by: 255)
      #expect(tables.encode(high: times255.high, low: times255.low, over: 255) == UInt8(v))
    }
  }

  @Test("encoding agrees with SRGB.encode across the whole linear range")
  func agreesWithDouble() {
    let tables = LinearLight.shared
    var x: UInt64 = 0
    while x <= LinearLight.one {
      #expect(tables.encode(x) == SRGB.encode(Double(x) / 4_294_967_296), "x = \(x)")
      x += 99_991
    }
    #expect(tables.encode(.max) == 255)
    #expect(tables.encode(tables.thresholds[200] - 1) == 199)
    #expect(tables.encode(tables.thresholds[200]) == 200)
  }

  @Test("values one unit either side of every threshold encode to either side, in 128 bits")
  func thresholdsAreExact() {
    let tables = LinearLight.shared
    for d: UInt64 in [1, 3, 255, 65_535, 1 << 40, (1 << 52) - 7] {
      for k in 1...255 {
        let product = tables.thresholds[k].multipliedFullWidth(by: d)
        let (below, borrow) = product.low.subtractingReportingOverflow(1)
        let high = product.high - (borrow ? 1 : 0)
        #expect(tables.encode(high: product.high, low: product.low, over: d) == UInt8(k))
        #expect(tables.encode(high: high, low: below, over: d) == UInt8(k - 1), "k \(k), d \(d)")
      }
    }
  }

  @Test("the 128-bit path divides exactly")
  func wideProducts() {
    let tables = LinearLight.shared
    let value = tables.decode[100]
    // value · 2^40 / 2^40 and value · 255 · 2^32 / (255 · 2^32): products far above 64 bits.
    #expect(tables.encode(high: value >> 24, low: value << 40, over: 1 << 40) == 100)
    let scaled = (value * 255).multipliedFullWidth(by: 1 << 32)
    #expect(tables.encode(high: scaled.high, low: scaled.low, over: 255 << 32) == 100)
    #expect(tables.encode(high: 1 << 16, low: 0, over: 1) == 255)
  }
}
