extension Resampler {
  /// Resizes with the area (box) filter: each output pixel is the mean of the area it covers.
  ///
  /// Pixels are treated as square tiles; an output tile takes the mean of the source area under
  /// it, source pixels only partly under it counting with the fraction of their area inside.
  /// This is "pixel mixing", which equals a box filter at integer factors, and it works for
  /// enlarging too (an output pixel straddling a source edge blends the two by covered area).
  ///
  /// Pixel contract: straight RGBA8 sRGB in and out, row-major from the top-left.
  /// - Colour is averaged premultiplied in linear light: Σ wᵢ·aᵢ·linear(cᵢ) / Σ wᵢ·aᵢ, then
  ///   re-encoded to the nearest 8-bit sRGB value. Fully transparent pixels add nothing, so they
  ///   never darken or tint the result (no fringes).
  /// - Alpha is the area-weighted mean Σ wᵢ·aᵢ / Σ wᵢ, rounded to nearest with halves up
  ///   (127.5 gives 128).
  /// - An output pixel whose alpha rounds to 0 is (0, 0, 0, 0).
  ///
  /// Exactness: coordinates are scaled by the output size over gcd(input, output), so every
  /// pixel edge is an integer and every weight is an exact integer. Linear light comes from a
  /// 2^32-scaled integer table, and both passes sum exactly (in 128 bits where 64 could
  /// overflow), so the only rounding is the final one: alpha as above, and colour to the largest
  /// 8-bit value whose quantized sRGB threshold does not exceed the exact quotient. Results are
  /// therefore bit-identical on every platform; an exact n-times shrink gives the block means,
  /// and a nearest-neighbour n-times enlargement shrunk back by n gives the original bytes.
  ///
  /// Sources: libvips' fixed-point box shrinker
  /// ([`shrinkh.c`](https://github.com/libvips/libvips/blob/master/libvips/resample/shrinkh.c)),
  /// and ImageWorsener's [pixel mixing](http://entropymine.com/imageworsener/pixelmixing/).
  ///
  /// ```swift
  /// let small = Resampler.area(image, width: 16, height: 16)
  /// ```
  ///
  /// - Parameters:
  ///   - image: The source image.
  ///   - width: The output width, at least 1.
  ///   - height: The output height, at least 1.
  /// - Returns: The resized image. At the same size, pixels with alpha 0 become (0, 0, 0, 0)
  ///   and every other pixel is unchanged.
  /// - Complexity: O(input pixels + output pixels) time for shrinking; one intermediate buffer of
  ///   `width * image.height` pixels (32 bytes each).
  public static func area(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    area(image, width: width, height: height, wide: nil)
  }

  /// ``area(_:width:height:)`` with the choice of 128-bit vertical sums forced (`wide`) for
  /// tests; `nil` uses 128 bits only where 64 could overflow. Both give identical bytes.
  static func area(_ image: RGBAImage, width: Int, height: Int, wide: Bool?) -> RGBAImage {
    checkSizes(image, width: width, height: height)
    let columns = Taps(areaFrom: image.width, to: width)
    let rows = Taps(areaFrom: image.height, to: height)
    let columnTotal = UInt64(image.width / gcd(image.width, width))
    let rowTotal = UInt64(image.height / gcd(image.height, height))
    // A vertical sum is at most rowTotal · columnTotal · 255 · 2^32.
    let wide = wide ?? (rowTotal * columnTotal >= 1 << 23)
    let middleCount = width * image.height * 4
    // Horizontal pass: per source row and output column, Σ w·a·L for r, g, b and Σ w·a.
    let middle = [UInt64](unsafeUninitializedCapacity: middleCount) { middle, count in
      image.pixels.withUnsafeBufferPointer { source in
        columns.table.withUnsafeBufferPointer { taps in
          areaHorizontal(
            source: source.baseAddress!, sourceWidth: image.width, rowCount: image.height,
            taps: taps.baseAddress!, stride: columns.stride, into: middle.baseAddress!,
            width: width)
        }
      }
      count = middleCount
    }
    // Vertical pass: weighted sums of intermediate rows, then un-premultiply and encode.
    let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
      middle.withUnsafeBufferPointer { middle in
        rows.table.withUnsafeBufferPointer { taps in
          areaVertical(
            middle: middle.baseAddress!, width: width, taps: taps.baseAddress!,
            stride: rows.stride, height: height, area: columnTotal * rowTotal, wide: wide,
            into: output.baseAddress!)
        }
      }
      count = width * height * 4
    }
    return RGBAImage(width: width, height: height, pixels: bytes)
  }

  private static func areaHorizontal(
    source: UnsafePointer<UInt8>, sourceWidth: Int, rowCount: Int,
    taps: UnsafePointer<Int>, stride: Int, into middle: UnsafeMutablePointer<UInt64>, width: Int
  ) {
    let decode = LinearLight.shared.decode
    var out = middle
    for y in 0..<rowCount {
      let row = source + y * sourceWidth * 4
      for j in 0..<width {
        let entry = taps + j * stride
        var pixel = row + entry[0] * 4
        var r: UInt64 = 0
        var g: UInt64 = 0
        var b: UInt64 = 0
        var a: UInt64 = 0
        for t in 0..<entry[1] {
          // Σ w ≤ 2^22, a < 2^8 and L ≤ 2^32, so every sum stays below 2^62.
          let wa = UInt64(truncatingIfNeeded: entry[2 + t]) &* UInt64(pixel[3])
          r &+= wa &* decode[Int(pixel[0])]
          g &+= wa &* decode[Int(pixel[1])]
          b &+= wa &* decode[Int(pixel[2])]
          a &+= wa
          pixel += 4
        }
        out[0] = r
        out[1] = g
        out[2] = b
        out[3] = a
        out += 4
      }
    }
  }

  private static func areaVertical(
    middle: UnsafePointer<UInt64>, width: Int, taps: UnsafePointer<Int>, stride: Int,
    height: Int, area: UInt64, wide: Bool, into output: UnsafeMutablePointer<UInt8>
  ) {
    let linear = LinearLight.shared
    let rowLength = width * 4
    let lows = UnsafeMutablePointer<UInt64>.allocate(capacity: rowLength)
    let highs = UnsafeMutablePointer<UInt64>.allocate(capacity: rowLength)
    defer {
      lows.deallocate()
      highs.deallocate()
    }
    highs.initialize(repeating: 0, count: rowLength)
    var out = output
    for y in 0..<height {
      let entry = taps + y * stride
      lows.update(repeating: 0, count: rowLength)
      if wide { highs.update(repeating: 0, count: rowLength) }
      for t in 0..<entry[1] {
        let weight = UInt64(truncatingIfNeeded: entry[2 + t])
        let row = middle + (entry[0] + t) * rowLength
        if wide {
          for i in 0..<rowLength {
            let product = weight.multipliedFullWidth(by: row[i])
            let (low, carry) = lows[i].addingReportingOverflow(product.low)
            lows[i] = low
            highs[i] &+= product.high &+ (carry ? 1 : 0)
          }
        } else {
          for i in 0..<rowLength { lows[i] &+= weight &* row[i] }
        }
      }
      for x in 0..<width {
        let i = x * 4
        let alphaSum = lows[i + 3]  // at most 255 · area < 2^52: never in `highs`
        let alpha = (2 &* alphaSum &+ area) / (2 &* area)
        if alpha == 0 {
          out.update(repeating: 0, count: 4)
        } else {
          // Colour = Σ W·w·a·L / Σ W·w·a: premultiplied sum over alpha sum, exact.
          let reciprocal = 1 / Double(alphaSum)
          for c in 0..<3 {
            out[c] = linear.encode(
              high: highs[i + c], low: lows[i + c], over: alphaSum, reciprocal: reciprocal)
          }
          out[3] = UInt8(truncatingIfNeeded: alpha)
        }
        out += 4
      }
    }
  }
}

extension Taps {
  /// Area weights from `source` pixels to `output` pixels along one axis.
  ///
  /// With g = gcd(source, output) and a unit of g/output source pixels, source pixel i spans
  /// [i·output/g, (i+1)·output/g) and output pixel j spans [j·source/g, (j+1)·source/g): every
  /// edge is an integer, the weight is the overlap, and each output's weights sum to source/g.
  init(areaFrom source: Int, to output: Int) {
    let common = Resampler.gcd(source, output)
    let sourceSpan = output / common
    let outputSpan = source / common
    var entries: [(first: Int, weights: [Int])] = []
    entries.reserveCapacity(output)
    for j in 0..<output {
      let low = j * outputSpan
      let high = low + outputSpan
      let first = low / sourceSpan
      let last = (high - 1) / sourceSpan
      let weights = (first...last).map { i in
        min(high, (i + 1) * sourceSpan) - max(low, i * sourceSpan)
      }
      entries.append((first, weights))
    }
    self.init(entries)
  }
}

extension Resampler {
  /// The greatest common divisor of two positive integers (Euclid).
  static func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }
}
