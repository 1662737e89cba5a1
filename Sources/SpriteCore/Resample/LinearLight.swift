/// Fixed-point sRGB tables for the filters: 8-bit sRGB to linear light scaled by 2^32, and back.
///
/// Built once from ``SRGB/toLinear(_:)``. Every entry lies at least 0.0009 of a unit away from a
/// rounding tie (checked against 80-digit decimal arithmetic), so libm differences between
/// platforms cannot change a single entry; the tests pin the tables with FNV-1a hashes.
///
/// `@unchecked Sendable`: the tables are written once in `init` and never change or get freed.
final class LinearLight: @unchecked Sendable {
  /// The shared tables.
  static let shared = LinearLight()

  /// Linear light of one unit of scale: 1.0 is 2^32.
  static let one: UInt64 = 1 << 32

  /// `decode[v]` = round(linear(v / 255) · 2^32) for every 8-bit value v.
  let decode: UnsafeMutablePointer<UInt64>
  /// `thresholds[k]` = round(linear((k − 0.5) / 255) · 2^32) for k in 1...255; `[0]` = 0 and
  /// `[256]` = `UInt64.max` are sentinels. A linear value x encodes to the largest k with
  /// `thresholds[k] <= x`: nearest 8-bit sRGB value, a value on a (quantized) boundary goes up.
  let thresholds: UnsafeMutablePointer<UInt64>
  /// `thresholds` as `Double` (exact: every entry is below 2^53); `[256]` is +infinity.
  private let thresholdsAsDouble: UnsafeMutablePointer<Double>
  /// `buckets[b]` = the largest k with `thresholds[k] <= b << bucketShift`; `b` in 0...4096.
  private let buckets: UnsafeMutablePointer<UInt8>
  private static let bucketShift: UInt64 = 20
  private static let bucketCount = 4097

  private init() {
    decode = .allocate(capacity: 256)
    thresholds = .allocate(capacity: 257)
    buckets = .allocate(capacity: Self.bucketCount)
    thresholdsAsDouble = .allocate(capacity: 257)
    for v in 0..<256 {
      decode[v] = UInt64((SRGB.toLinear(Double(v) / 255) * 4_294_967_296).rounded())
    }
    thresholds[0] = 0
    for k in 1..<256 {
      thresholds[k] = UInt64((SRGB.toLinear((Double(k) - 0.5) / 255) * 4_294_967_296).rounded())
    }
    thresholds[256] = .max
    for k in 0..<256 { thresholdsAsDouble[k] = Double(thresholds[k]) }
    thresholdsAsDouble[256] = .infinity
    var k = 0
    for b in 0..<Self.bucketCount {
      let start = UInt64(b) << Self.bucketShift
      while thresholds[k + 1] <= start { k += 1 }
      buckets[b] = UInt8(k)
    }
  }

  /// The decode table as an array (for tests).
  var decodeTable: [UInt64] { Array(UnsafeBufferPointer(start: decode, count: 256)) }
  /// The thresholds 0...255 as an array (for tests).
  var thresholdTable: [UInt64] { Array(UnsafeBufferPointer(start: thresholds, count: 256)) }

  /// The nearest 8-bit sRGB value for linear light `x` (scaled by 2^32; above 2^32 gives 255).
  @inline(__always)
  func encode(_ x: UInt64) -> UInt8 {
    let x = min(x, Self.one)  // keeps the scan below the UInt64.max sentinel
    var k = Int(buckets[Int(x >> Self.bucketShift)])
    // Thresholds are at least 1.3 M apart and buckets 1 M wide: this loop runs at most once.
    while thresholds[k + 1] <= x { k += 1 }
    return UInt8(truncatingIfNeeded: k)
  }

  /// The nearest 8-bit sRGB value for linear light (high · 2^64 + low) / d (scaled by 2^32).
  ///
  /// Exact: the result is the largest k with `thresholds[k] · d <= numerator`. A `Double`
  /// estimate of the quotient (relative error below 2^-50, so off by far less than 1) settles k
  /// whenever it lies at least 1 away from both neighbouring thresholds; otherwise k is settled
  /// with exact 128-bit products. Floating-point rounding therefore never changes the result.
  @inline(__always)
  func encode(high: UInt64, low: UInt64, over d: UInt64, reciprocal: Double) -> UInt8 {
    let numerator =
      high == 0 && low < 1 << 63 ? Double(Int64(low)) : Double(high) * 0x1p64 + Double(low)
    let estimate = min(numerator * reciprocal, 0x1p32)
    var k = Int(buckets[Int(estimate) >> Self.bucketShift])
    if thresholdsAsDouble[k + 1] <= estimate { k += 1 }
    if estimate - thresholdsAsDouble[k] >= 1 && thresholdsAsDouble[k + 1] - estimate >= 1 {
      return UInt8(truncatingIfNeeded: k)
    }
    while k > 0 && Self.exceeds(thresholds[k], times: d, high, low) { k -= 1 }
    // thresholds[256] · d > numerator always (the quotient is below 2^34), so this stops.
    while !Self.exceeds(thresholds[k + 1], times: d, high, low) { k += 1 }
    return UInt8(truncatingIfNeeded: k)
  }

  /// Whether t · d > high · 2^64 + low, in exact 128-bit arithmetic.
  @inline(__always)
  private static func exceeds(_ t: UInt64, times d: UInt64, _ high: UInt64, _ low: UInt64) -> Bool {
    let product = t.multipliedFullWidth(by: d)
    return product.high > high || (product.high == high && product.low > low)
  }

  /// The nearest 8-bit sRGB value for linear light (high · 2^64 + low) / d (scaled by 2^32).
  @inline(__always)
  func encode(high: UInt64, low: UInt64, over d: UInt64) -> UInt8 {
    encode(high: high, low: low, over: d, reciprocal: 1 / Double(d))
  }
}
