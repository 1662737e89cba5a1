/// The text of a JSON number, exactly as `Double.description` would give it but without a
/// `String` for the common values: integral ones and ones with a few decimals.
///
/// Integral values below 10^15 are written as integers (`1`, not `1.0`). Others are written in
/// Swift's shortest round-trip form (the fewest digits that read back as the same double, as
/// `Double.description` prints it, from the standard library's SwiftDtoa). The fast path finds that form
/// directly for values with at most ``maxFractionDigits`` decimals in a range where Swift prints
/// no exponent: for the smallest `k` such that `m / 10^k` (m = d·10^k rounded) reads back as `d`,
/// the digits of `m` with a point `k` places from the right are the shortest representation. The
/// check is exact: `m` and `10^k` are exact doubles, so `Double(m) / 10^k` is the correctly
/// rounded value of the decimal `m·10^-k`, which is what parsing it gives (IEEE 754, section 5.6).
/// Two different decimals of at most 8 fraction digits are at least 10^-8 apart, far more than
/// the spacing of doubles below 10^7, so the shortest form is unique and the same as Swift's.
/// Anything else goes through `description`.
enum JSONNumber {
  /// The most decimals the fast path tries.
  static let maxFractionDigits = 8

  /// Appends the text of `d` to `out`.
  static func append(_ d: Double, to out: inout [UInt8]) {
    guard d.isFinite else {
      return out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
    }
    let magnitude = abs(d)
    if d == d.rounded(), magnitude < 1e15 {
      return JSONWriter.appendInteger(Int(d), to: &out)
    }
    // Swift prints 0.0001 ... 2^53 without an exponent; stay well inside that range.
    if magnitude >= 1e-3, magnitude < 1e7 {
      var scale = 1.0
      for k in 1...maxFractionDigits {
        scale *= 10  // exact: powers of ten up to 10^22 are doubles
        let m = (magnitude * scale).rounded()
        if m / scale == magnitude {
          return appendFixed(UInt64(m), fractionDigits: k, negative: d < 0, to: &out)
        }
      }
    }
    out.append(contentsOf: d.description.utf8)
  }

  /// Appends `m·10^-k` as `[-]I.FFF`, with at least one integer digit.
  private static func appendFixed(
    _ m: UInt64, fractionDigits k: Int, negative: Bool, to out: inout [UInt8]
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      var rest = m
      var i = 32
      var written = 0
      // Fraction digits, then the point, then the integer part (at least "0").
      while written < k {
        i -= 1
        buffer[i] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
        rest /= 10
        written += 1
      }
      i -= 1
      buffer[i] = UInt8(ascii: ".")
      repeat {
        i -= 1
        buffer[i] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
        rest /= 10
      } while rest != 0
      if negative {
        i -= 1
        buffer[i] = UInt8(ascii: "-")
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<32]))
    }
  }
}
