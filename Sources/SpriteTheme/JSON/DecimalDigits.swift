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
  @inline(__always)
  static func count(_ value: UInt64) -> Int {
    var digits = 1
    var rest = value
    while rest >= 100 {
      rest /= 100
      digits &+= 2
    }
    return rest >= 10 ? digits &+ 1 : digits
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
