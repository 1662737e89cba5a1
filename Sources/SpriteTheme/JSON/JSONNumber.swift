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

  /// The most bytes ``write(_:to:)`` writes.
  static let maxFastLength = 32

  /// Appends the text of `d` to `out`.
  static func append(_ d: Double, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxFastLength) { buffer in
      if let n = write(d, to: buffer.baseAddress!) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
      } else {
        out.append(contentsOf: d.description.utf8)
      }
    }
  }

  /// Writes the text of `d` at `out` (room for ``maxFastLength`` bytes) and returns its length,
  /// or returns `nil` when only `d.description` gives it.
  static func write(_ d: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
    guard d.isFinite else {
      out[0] = UInt8(ascii: "n")
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "l")
      out[3] = UInt8(ascii: "l")
      return 4
    }
    let magnitude = abs(d)
    // Integral test and rounding by conversion to Int64 rather than `rounded()`, which is a call
    // into libm on baseline x86-64. Exact below 10^15 (< 2^50).
    if magnitude < 1e15 {
      let integer = Int64(d)
      if Double(integer) == d { return JSONWriter.writeInteger(Int(integer), to: out) }
    }
    // Swift prints 0.0001 ... 2^53 without an exponent; stay well inside that range.
    guard magnitude >= 1e-3, magnitude < 1e7 else { return nil }
    // The nearest decimal with `maxFractionDigits` decimals, its trailing zeros dropped, is the
    // only candidate: if some m/10^k with k <= 8 reads back as `magnitude`, then magnitude·10^8
    // is within 0.22 of m·10^(8-k) (two half-ulp errors below 10^15), so it rounds to exactly
    // that, and the fewest decimals of that decimal are its digits without trailing zeros. One
    // exact test then replaces one per candidate k.
    var m = UInt64(magnitude * 1e8 + 0.5)
    var k = maxFractionDigits
    // Trailing zeros off four, two and one at a time: three tests instead of up to eight. (Seven
    // at most come off; a value with eight is integral after rounding and fails the check.)
    if m % 10_000 == 0 {
      m /= 10_000
      k -= 4
    }
    if m % 100 == 0 {
      m /= 100
      k -= 2
    }
    if m % 10 == 0 {
      m /= 10
      k -= 1
    }
    // Exact: powers of ten up to 10^22 are doubles.
    let scale = Double(DecimalDigits.powerOfTen(k))
    guard Double(m) / scale == magnitude else { return nil }
    return writeFixed(m, fractionDigits: k, negative: d < 0, to: out)
  }

  /// Writes `m·10^-k` as `[-]I.FFF`, with at least one integer digit, and returns its length.
  private static func writeFixed(
    _ m: UInt64, fractionDigits k: Int, negative: Bool, to out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    // All the digits of m, with zeros in front when it has no more than k (0.0012 is m = 12).
    let digits = Swift.max(DecimalDigits.count(m), k + 1)
    let sign = negative ? 1 : 0
    if negative { out[0] = UInt8(ascii: "-") }
    let point = out + sign + digits - k
    var rest = m
    DecimalDigits.write(&rest, count: k, endingAt: point + 1 + k)
    point.pointee = UInt8(ascii: ".")
    DecimalDigits.write(&rest, count: digits - k, endingAt: point)
    return sign + digits + 1
  }
}
