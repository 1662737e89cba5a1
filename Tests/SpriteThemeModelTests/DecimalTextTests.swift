import Testing

@testable import SpriteThemeModel

/// The numbers the JSON writer prints itself must be the text Swift prints: `String(n)` for an
/// integer, `description` for a double (theme files are compared byte for byte).
@Suite("DecimalText")
struct DecimalTextTests {
  /// What ``DecimalText`` writes for `d`, or nil when it leaves `d` to `description`.
  private func written(_ d: Double) -> String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalText.maxDecimalLength) {
      let count = DecimalText.write(d, to: $0.baseAddress!)
      return count == 0
        ? nil : String(decoding: UnsafeBufferPointer(rebasing: $0[..<count]), as: UTF8.self)
    }
  }

  /// Doubles written otherwise than `description` writes them, as (description, written).
  private final class Mismatches {
    var found: [(String, String)] = []
  }

  /// Records `d` in `mismatches` unless it is written as `description` writes it, or left to
  /// it; returns whether it was written.
  @discardableResult
  private func check(_ d: Double, _ mismatches: Mismatches) -> Bool {
    guard let text = written(d) else { return false }
    if text != d.description { mismatches.found.append((d.description, text)) }
    return true
  }

  @Test("decimals of one to six places are written as description writes them")
  func roundedDecimals() {
    let mismatches = Mismatches()
    var scale = 1.0
    for _ in 1...6 {
      scale *= 10
      // Every small multiple, then a sparse sweep up to 10^9.
      for m in 0..<20_000 {
        check(Double(m) / scale, mismatches)
        check(-Double(m) / scale, mismatches)
      }
      for m in stride(from: 20_000, to: Int(1e9 * scale), by: Int(scale) * 7_919 + 13) {
        check(Double(m) / scale, mismatches)
      }
    }
    #expect(mismatches.found.isEmpty, "\(mismatches.found.prefix(10))")
  }

  @Test("the fractions a theme rounds (Theme.rounded) take the fast path and match description")
  func themeRounding() {
    let mismatches = Mismatches()
    var x = 0.0
    var fast = 0
    var total = 0
    while x < 400 {
      for places in [2, 3, 4, 6] {
        let d = Theme.rounded(x, places: places)
        total += 1
        if check(d, mismatches) { fast += 1 }
      }
      x += 0.000_123_456_7 * (1 + x)
    }
    #expect(mismatches.found.isEmpty, "\(mismatches.found.prefix(10))")
    // Only integral values and those under 0.001 are left to description.
    #expect(fast > total * 9 / 10)
  }

  @Test("other doubles are left to description or written exactly as it writes them")
  func anyDouble() {
    let mismatches = Mismatches()
    // A walk over bit patterns from 1e-5 to 1e10: most are not short decimals.
    var bits = (1e-5).bitPattern
    while Double(bitPattern: bits) < 1e10 {
      let d = Double(bitPattern: bits)
      check(d, mismatches)
      check(-d, mismatches)
      bits += 1_234_567_891_011
    }
    for d in [0.001, 0.000_999, 999_999_999.5, 999_999_999.999_999, 0.1 + 0.2, 1.0 / 3, 1e-7] {
      check(d, mismatches)
      check(-d, mismatches)
    }
    #expect(mismatches.found.isEmpty, "\(mismatches.found.prefix(10))")
    #expect(written(1e-7) == nil)
    #expect(written(2) == nil)
    #expect(written(1e9 + 0.5) == nil)
  }

  @Test("integers are written as String(n)")
  func integers() {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: DecimalText.maxIntegerLength)
    defer { buffer.deallocate() }
    var values = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.min + 1, 1_234_567_890_123]
    values += stride(from: -100_000, to: 100_000, by: 7)
    for n in values {
      let count = DecimalText.write(n, to: buffer)
      #expect(
        String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self)
          == String(n))
    }
  }
}
