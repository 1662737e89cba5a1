/// Numbers printed as Swift prints them, straight into a byte buffer: integers as `String(n)`
/// does, and the decimals a theme holds as `Double.description` does, without making a `String`.
///
/// A theme's fractions are rounded to at most six places (`Theme.rounded`), so each is the double
/// nearest some decimal `m / 10^j` with `j <= 6`. For such a value `description` (the shortest
/// text that reads back as the same double) is that decimal, `m / 10^j` with its trailing zeros
/// cut: it reads back as the value, a shorter decimal would have fewer places and would have been
/// found first, and no other decimal of as many places lies within half a unit in the last place
/// (those are 10^-6 apart at least, and a unit in the last place is under 10^-6 below 10^9). From
/// 0.001 up `description` writes no exponent. Anything else is left to `description`.
enum DecimalText {
  /// The most bytes ``write(_:to:)-(Int,_)`` writes: a sign and 19 digits.
  static let maxIntegerLength = 20

  /// The most bytes ``write(_:to:)-(Double,_)`` writes: a sign, 9 digits, a point and 6 digits.
  static let maxDecimalLength = 17

  /// Writes `n` in decimal at `target` (room for ``maxIntegerLength`` bytes) and returns how
  /// many bytes that took.
  @inline(__always)
  static func write(_ n: Int, to target: UnsafeMutablePointer<UInt8>) -> Int {
    var length = 0
    if n < 0 {
      target[0] = UInt8(ascii: "-")
      length = 1
    }
    return length + write(digitsOf: UInt64(n.magnitude), to: target + length)
  }

  /// Writes `d` as `d.description` would at `target` (room for ``maxDecimalLength`` bytes) when
  /// it is the nearest double to a decimal of one to six places, from 0.001 to 10^9 in
  /// magnitude, and returns how many bytes that took; returns 0, having written nothing, for any
  /// other value (integral ones included).
  static func write(_ d: Double, to target: UnsafeMutablePointer<UInt8>) -> Int {
    let magnitude = d.magnitude
    guard magnitude >= 0.001, magnitude < 1e9 else { return 0 }
    let scaled = (magnitude * 1e6).rounded()
    // Both operands are exact, so the quotient is the double nearest scaled / 10^6.
    guard scaled / 1e6 == magnitude else { return 0 }
    var units = UInt64(scaled)
    var places = 6
    while places > 0, units % 10 == 0 {
      units /= 10
      places -= 1
    }
    guard places > 0 else { return 0 }
    var length = 0
    if d < 0 {
      target[0] = UInt8(ascii: "-")
      length = 1
    }
    var scale: UInt64 = 1
    for _ in 0..<places { scale &*= 10 }
    length += write(digitsOf: units / scale, to: target + length)
    target[length] = UInt8(ascii: ".")
    length += 1
    // The fraction's digits, leading zeros included.
    var fraction = units % scale
    var position = length + places
    while position > length {
      position -= 1
      target[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
      fraction /= 10
    }
    return length + places
  }

  /// Writes the decimal digits of `n` at `target` and returns how many.
  @inline(__always)
  private static func write(digitsOf n: UInt64, to target: UnsafeMutablePointer<UInt8>) -> Int {
    var digits = 1
    var rest = n
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    var position = digits
    rest = n
    repeat {
      position -= 1
      target[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while rest > 0
    return digits
  }
}
