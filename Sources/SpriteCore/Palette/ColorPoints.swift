/// Weighted colours in OKLab, the input of a ``Quantizer``.
struct ColorPoints: Sendable {
  /// Each point as (L, a, b, 1) in single precision (see ``FastOKLab``).
  var coordinates: [SIMD4<Float>]
  /// Each point's weight (a sum of alphas), positive, parallel to `coordinates`.
  var weights: [Double]
  /// Each point's weighted coordinates (w·L, w·a, w·b, w) in double precision.
  var moments: [SIMD4<Double>]

  /// The number of points.
  var count: Int { coordinates.count }

  /// Creates points from parallel coordinate and weight arrays.
  init(coordinates: [SIMD4<Float>], weights: [Double]) {
    precondition(coordinates.count == weights.count, "one weight per point")
    self.coordinates = coordinates
    self.weights = weights
    self.moments = (0..<coordinates.count).map { Lanes.double(coordinates[$0]) * weights[$0] }
  }

  /// One point per distinct colour, in the same order.
  ///
  /// - Complexity: O(*n*) for *n* colours.
  init(exactly colors: DistinctColors) {
    let n = colors.count
    let coordinates = [SIMD4<Float>](unsafeUninitializedCapacity: n) { out, initialized in
      FastOKLab.lmsTable.withUnsafeBufferPointer { table in
        colors.keys.withUnsafeBufferPointer { keys in
          for i in 0..<n {
            out[i] = FastOKLab.point(key: keys[i], table: table)
          }
        }
      }
      initialized = n
    }
    self.init(coordinates: coordinates, weights: colors.weights.map { Double($0) })
  }

  /// One point per occupied cell of a 5-bit-per-channel sRGB grid (32 768 cells), in cell order.
  ///
  /// A cell's point is the OKLab of its colours' alpha-weighted mean in linear light, summed in
  /// integers (``SRGB/decodeTable16``), so the result does not depend on the order of `colors`.
  /// Cells are at most 8 codes wide per channel, small next to any cluster worth a palette slot.
  ///
  /// - Complexity: O(*n* + 32 768) for *n* colours.
  init(gridOf colors: DistinctColors) {
    let cellCount = 1 << 15
    // Per cell: Σw, Σw·R, Σw·G, Σw·B with R, G, B linear light in units of 1/65535.
    var moments = [Int](repeating: 0, count: 4 * cellCount)
    let linear = SRGB.decodeTable16
    moments.withUnsafeMutableBufferPointer { m in
      linear.withUnsafeBufferPointer { linear in
        for i in 0..<colors.count {
          let key = colors.keys[i]
          let w = colors.weights[i]
          let r = Int((key >> 16) & 0xFF)
          let g = Int((key >> 8) & 0xFF)
          let b = Int(key & 0xFF)
          let cell = 4 &* ((r >> 3) << 10 | (g >> 3) << 5 | b >> 3)
          m[cell] &+= w
          m[cell &+ 1] &+= w &* Int(linear[r])
          m[cell &+ 2] &+= w &* Int(linear[g])
          m[cell &+ 3] &+= w &* Int(linear[b])
        }
      }
    }
    var coordinates = [SIMD4<Float>]()
    var weights = [Double]()
    for cell in 0..<cellCount where moments[4 * cell] != 0 {
      let w = Double(moments[4 * cell])
      let scale = 1 / (w * 65535)
      let rgb = SIMD4<Float>(
        Float(Double(moments[4 * cell + 1]) * scale), Float(Double(moments[4 * cell + 2]) * scale),
        Float(Double(moments[4 * cell + 3]) * scale), 0)
      coordinates.append(FastOKLab.point(linear: rgb))
      weights.append(w)
    }
    self.init(coordinates: coordinates, weights: weights)
  }
}
