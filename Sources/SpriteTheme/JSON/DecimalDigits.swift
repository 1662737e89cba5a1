/// Decimal digits of unsigned integers, two at a time: the text of every number in the JSON
/// files, so it is on the batch's hot path.
///
/// Each step divides by 100 (a multiplication, for a constant divisor) and copies the two digits
/// of the remainder from a 200-byte table, halving the divisions of a digit-at-a-time loop; the
/// method of `std::to_chars` implementations and of Andrei Alexandrescu's "Three Optimization
/// Tips for C++" (2012).
enum DecimalDigits {
  /// The two digits of 0, 1, ..., 99, one after the other.
  private static let pairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// The number of decimal digits of `value` (1 for 0).
  ///
  /// ⌊log₁₀⌋ estimated from the bit length (1233/4096 ≈ log₁₀ 2) and corrected by one comparison
  /// with a power of ten, instead of a loop of divisions: the method of Sean Eron Anderson's
  /// "Bit Twiddling Hacks" ("Find integer log base 10 of an integer").
  @inline(__always)
  static func count(_ value: UInt64) -> Int {
    let v = value | 1
    let estimate = ((64 &- v.leadingZeroBitCount) &* 1233) >> 12
    return v < powerOfTen(estimate) ? estimate : estimate &+ 1
  }

  /// 10^`exponent` for `exponent` in 0...19 (0 otherwise). A `switch` of constants, which the
  /// optimiser turns into one load from a table in read-only data.
  @inline(__always)
  static func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    case 19: 10_000_000_000_000_000_000
    default: 0
    }
  }

  /// Writes the lowest `count` decimal digits of `value` (leading zeros included) into the
  /// `count` bytes before `end`, and divides `value` by 10^count.
  @inline(__always)
  static func write(_ value: inout UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
    let table = pairs.utf8Start
    var i = count
    while i >= 2 {
      let quotient = value / 100
      let pair = Int(truncatingIfNeeded: value &- quotient &* 100) &* 2
      i &-= 2
      end[i &- count] = table[pair]
      end[i &- count &+ 1] = table[pair &+ 1]
      value = quotient
    }
    if i == 1 {
      let quotient = value / 10
      end[-count] = UInt8(truncatingIfNeeded: value &- quotient &* 10) &+ 0x30
      value = quotient
    }
  }
}
