import Testing

@testable import SpriteCore

/// `Array(filled:count:)`, the allocation helper of the palette and decoder, is
/// `Array(repeating:count:)`.
@Suite("Array(filled:count:)")
struct ArrayFilledTests {
  @Test("gives the same array as init(repeating:count:)", arguments: [0, 1, 2, 7, 64, 1000, 65_537])
  func sameAsRepeating(count: Int) {
    #expect([Int32](filled: -1, count: count) == [Int32](repeating: -1, count: count))
    #expect([UInt64](filled: 0, count: count) == [UInt64](repeating: 0, count: count))
    #expect([Bool](filled: true, count: count) == [Bool](repeating: true, count: count))
    #expect(
      [SIMD4<Double>](filled: SIMD4(1, 2, 3, 4), count: count)
        == [SIMD4<Double>](repeating: SIMD4(1, 2, 3, 4), count: count))
    #expect([String](filled: "sprite", count: count) == [String](repeating: "sprite", count: count))
    var filled = [Int](filled: 5, count: count)
    filled.append(6)
    #expect(filled.count == count + 1 && filled.last == 6)
  }
}
