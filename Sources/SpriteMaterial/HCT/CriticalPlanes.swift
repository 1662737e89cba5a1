/// The linear-light values where an 8-bit sRGB channel changes (material-color-utilities'
/// `CRITICAL_PLANES`, `typescript/hct/hct_solver.ts`, commit 6112292f), and the channel value of
/// a linear component found among them instead of through `pow`.
///
/// MCU turns a linear component c (0-100) into an 8-bit value as round(255 · encode(c / 100)),
/// with encode(x) = 1.055·x^(1/2.4) - 0.055 (12.92·x at or below 0.0031308). That value is k
/// exactly when c lies between plane k - 1 and plane k, the linear values where encode reaches
/// (k ± 0.5) / 255: so the count of planes at or below c is the channel value. `pow` is not
/// exactly monotonic, so the count is trusted only when c is further than a relative 1e-9 from
/// both planes around it (libm's `pow` is within an ulp, some 1e-16); nearer, the callers compute
/// the formula itself. Either way the result is the formula's, bit for bit.
enum CriticalPlanes {
  /// Plane k (k = 0...254): linear light 0-100 halfway between 8-bit values k and k + 1.
  static let planes: [Double] = (0..<255).map {
    let v = (Double($0) + 0.5) / 255.0
    return v <= 0.040449936
      ? v / 12.92 * 100.0 : MaterialMath.pow((v + 0.055) / 1.055, 2.4) * 100.0
  }

  /// How far (relative) from a plane the count is trusted.
  static let margin = 1e-9

  /// Linear values from 2^-7 (below plane 0) to 2^7 (above plane 254) fall into buckets by
  /// their exponent and first 7 bits of mantissa, 128 buckets an octave: each bucket is under
  /// 0.8% wide, narrower than the planes' spacing (0.9% and more), so it holds one plane at most.
  private static let bucketBits = 7
  private static let lowestExponent = 1023 - 7
  private static let bucketCount = 14 << bucketBits

  /// For each bucket, the count of planes at or below its lowest value.
  private static let bucketCounts: [UInt8] = (0..<bucketCount).map { bucket in
    let lowest = Double(
      bitPattern: UInt64((lowestExponent << bucketBits) + bucket) << (52 - bucketBits))
    return UInt8(planes.count { $0 <= lowest })
  }

  /// The number of planes at or below `linear` (0...255), or nil when `linear` is within
  /// ``margin`` of the plane below or above it, or is not a number.
  @inline(__always)
  static func count(atOrBelow linear: Double) -> Int? {
    planes.withUnsafeBufferPointer { planes in
      var count: Int
      if linear < 0.0078125 {
        count = 0
      } else if linear >= 128 {
        count = 255
      } else if linear.isNaN {
        return nil
      } else {
        let bucket =
          Int(truncatingIfNeeded: linear.bitPattern >> (52 - bucketBits))
          - (lowestExponent << bucketBits)
        count = bucketCounts.withUnsafeBufferPointer { Int($0[bucket]) }
        while count < 255 && planes[count] <= linear { count += 1 }
      }
      if count > 0, !(linear - planes[count - 1] > planes[count - 1] * margin) { return nil }
      if count < 255, !(planes[count] - linear > planes[count] * margin) { return nil }
      return count
    }
  }
}
