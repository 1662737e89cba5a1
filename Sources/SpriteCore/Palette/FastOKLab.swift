/// Single-precision sRGB → OKLab for the quantizers: table lookups, one SIMD cube root, no libm.
///
/// The result is a `SIMD4<Float>` holding (L, a, b, 1). The constant last lane lets a weighted sum
/// of points carry its total weight in lane 3 and cancels in differences, so distances can use
/// all four lanes.
///
/// Source: B. Ottosson, "A perceptual color space for image processing" (2020),
/// https://bottosson.github.io/posts/oklab/ — the same M1 and M2 matrices as ``OKLab``. The cube
/// root uses only IEEE-754 +, −, × and ÷ (a bit-level first guess, then two Halley steps), so it
/// gives the same bits on every platform, unlike libm's `cbrt`.
enum FastOKLab {
  /// The LMS contribution of each 8-bit channel value: red at 0-255, green at 256-511, blue at
  /// 512-767 (OKLab's M1 columns times the channel's linear light).
  static let lmsTable: [SIMD4<Float>] = [
    SIMD4<Double>(0.4122214708, 0.2119034982, 0.0883024619, 0),
    SIMD4<Double>(0.5363325363, 0.6806995451, 0.2817188376, 0),
    SIMD4<Double>(0.0514459929, 0.1073969566, 0.6299787005, 0),
  ].flatMap { column in SRGB.decodeTable.map { SIMD4<Float>(column * $0) } }

  /// The linear light at which each 8-bit code starts when rounding: entry c − 1 is the linear
  /// value of the encoded midpoint (c − 0.5)/255 between codes c − 1 and c, for c in 1...255.
  static let encodeThresholds: [Double] = (1...255).map {
    SRGB.toLinear((Double($0) - 0.5) / 255)
  }

  /// The nearest opaque 8-bit sRGB colour to an OKLab colour, channels clamped to the gamut.
  ///
  /// The same rounding as ``OKLab/rgba8`` (nearest code in the encoded domain), found by binary
  /// search over `encodeThresholds` instead of a `pow` per channel.
  static func rgba8(l: Double, a: Double, b: Double) -> RGBA8 {
    let rgb = OKLab(l: l, a: a, b: b).linearRGB
    return encodeThresholds.withUnsafeBufferPointer { thresholds in
      @inline(__always) func encode(_ x: Double) -> UInt8 {
        // The number of thresholds at or below x is the code. Eight halving steps, each a
        // compare and a conditional add rather than a branch: the branches of a plain binary
        // search were mispredicted about half the time (this function was 2% of a batch).
        // Step s reads index code + s − 1 ≤ 255 − s, inside the 255 thresholds.
        var code = 0
        var step = 128
        while step > 0 {
          code &+= thresholds[code &+ step &- 1] <= x ? step : 0
          step &>>= 1
        }
        return UInt8(truncatingIfNeeded: code)
      }
      return RGBA8(r: encode(rgb.red), g: encode(rgb.green), b: encode(rgb.blue))
    }
  }

  /// OKLab (L, a, b, 1) of a packed `0xRRGGBB` colour, given `lmsTable`'s buffer.
  @inline(__always)
  static func point(key: UInt32, table: UnsafeBufferPointer<SIMD4<Float>>) -> SIMD4<Float> {
    let lms =
      table[Int((key >> 16) & 0xFF)] + table[256 &+ Int((key >> 8) & 0xFF)]
      + table[512 &+ Int(key & 0xFF)]
    return point(lms: lms)
  }

  /// OKLab (L, a, b, 1) of a linear-light sRGB colour (each channel 0-1).
  @inline(__always)
  static func point(linear rgb: SIMD4<Float>) -> SIMD4<Float> {
    let lms =
      SIMD4<Float>(0.4122214708, 0.2119034982, 0.0883024619, 0) * rgb[0]
      + SIMD4<Float>(0.5363325363, 0.6806995451, 0.2817188376, 0) * rgb[1]
      + SIMD4<Float>(0.0514459929, 0.1073969566, 0.6299787005, 0) * rgb[2]
    return point(lms: lms)
  }

  /// OKLab (L, a, b, 1) from LMS cone responses (lanes 0-2; lane 3 ignored).
  @inline(__always)
  static func point(lms: SIMD4<Float>) -> SIMD4<Float> {
    let c = cubeRoot(lms)
    return SIMD4<Float>(0.2104542553, 1.9779984951, 0.0259040371, 0) * c[0]
      + SIMD4<Float>(0.7936177850, -2.4285922050, 0.7827717662, 0) * c[1]
      + SIMD4<Float>(-0.0040720468, 0.4505937099, -0.8086757660, 0) * c[2]
      + SIMD4<Float>(0, 0, 0, 1)
  }

  /// The real cube root of each lane; lanes below 1e-30 (and NaN) give 0.
  ///
  /// Accurate to about one unit in the last place. Tiny and zero lanes are swapped for 1 before
  /// the iteration: their cubes would be subnormal, which costs a microcode assist per operation
  /// on x86 and made this function ten times slower.
  @inline(__always)
  static func cubeRoot(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let tiny = .!(x .> 1e-30)
    let x = x.replacing(with: 1, where: tiny)
    // First guess: divide the exponent (and, roughly, the mantissa) by three in the bit pattern.
    // 709_958_130 = (127 − 127/3 − 0.0330…) · 2²³, the bias fix-up (FreeBSD's msun B1 constant).
    let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
    var y = unsafeBitCast(bits / 3 &+ 709_958_130, to: SIMD4<Float>.self)
    // Halley's method for y³ = x converges cubically: ~3% → 1e-5 → 1 ulp.
    for _ in 0..<2 {
      let y3 = y * y * y
      y = y * ((y3 + x + x) / (y3 + y3 + x))
    }
    return y.replacing(with: 0, where: tiny)
  }
}
