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
    var coordinates = [SIMD4<Float>](repeating: .zero, count: n)
    coordinates.withUnsafeMutableBufferPointer { out in
      FastOKLab.lmsTable.withUnsafeBufferPointer { table in
        colors.keys.withUnsafeBufferPointer { keys in
          for i in 0..<n {
            out[i] = FastOKLab.point(key: keys[i], table: table)
          }
        }
      }
    }
    self.init(coordinates: coordinates, weights: colors.weights.map { Double($0) })
  }

  /// One point per occupied cell of a 5-bit-per-channel sRGB grid (32 768 cells), in cell order.
  ///
  /// A cell's point is the OKLab of its colours' alpha-weighted mean in linear light, summed in
  /// integers (``SRGB/decodeTable16``), so the result does not depend on the order of `colors`.
  /// Cells are at most 8 codes wide per channel, small next to any cluster worth a palette slot.
  /// The colours are grouped by cell with a two-pass radix sort, so the cost does not depend on
  /// the size of the grid.
  ///
  /// - Complexity: O(*n*) for *n* colours.
  init(gridOf colors: DistinctColors) {
    let n = colors.count
    // Each colour as cell << 32 | index, then sorted by cell (stable, so by index within a cell).
    var entries = [UInt64](repeating: 0, count: n)
    entries.withUnsafeMutableBufferPointer { entries in
      colors.keys.withUnsafeBufferPointer { keys in
        for i in 0..<n {
          let key = keys[i]
          let cell = (key >> 9) & 0x7C00 | (key >> 6) & 0x03E0 | (key >> 3) & 0x001F
          entries[i] = UInt64(cell) << 32 | UInt64(i)
        }
      }
    }
    entries.withUnsafeMutableBufferPointer { Self.sortByCell($0) }
    var coordinates = [SIMD4<Float>]()
    var weights = [Double]()
    let linear = SRGB.decodeTable16
    linear.withUnsafeBufferPointer { linear in
      colors.keys.withUnsafeBufferPointer { keys in
        colors.weights.withUnsafeBufferPointer { colorWeights in
          var position = 0
          while position < n {
            let cell = entries[position] >> 32
            // Σw, Σw·R, Σw·G, Σw·B with R, G, B linear light in units of 1/65535.
            var w = 0
            var r = 0
            var g = 0
            var b = 0
            while position < n && entries[position] >> 32 == cell {
              let i = Int(truncatingIfNeeded: entries[position] & 0xFFFF_FFFF)
              let key = keys[i]
              let weight = colorWeights[i]
              w &+= weight
              r &+= weight &* Int(linear[Int((key >> 16) & 0xFF)])
              g &+= weight &* Int(linear[Int((key >> 8) & 0xFF)])
              b &+= weight &* Int(linear[Int(key & 0xFF)])
              position &+= 1
            }
            let scale = 1 / (Double(w) * 65535)
            let rgb = SIMD4<Float>(
              Float(Double(r) * scale), Float(Double(g) * scale), Float(Double(b) * scale), 0)
            coordinates.append(FastOKLab.point(linear: rgb))
            weights.append(Double(w))
          }
        }
      }
    }
    self.init(coordinates: coordinates, weights: weights)
  }

  /// Sorts `cell << 32 | index` entries by their 15-bit cell: a stable LSD radix sort in two
  /// counting passes (8 bits, then 7).
  private static func sortByCell(_ entries: UnsafeMutableBufferPointer<UInt64>) {
    let n = entries.count
    var scratch = [UInt64](repeating: 0, count: n)
    scratch.withUnsafeMutableBufferPointer { scratch in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
        for (shift, width) in [(UInt64(32), 256), (UInt64(40), 128)] {
          let (source, target) = shift == 32 ? (entries, scratch) : (scratch, entries)
          for digit in 0..<width { counts[digit] = 0 }
          for entry in source { counts[Int((entry >> shift) & 0xFF)] &+= 1 }
          var start = 0
          for digit in 0..<width {
            let count = counts[digit]
            counts[digit] = start
            start &+= count
          }
          for entry in source {
            let digit = Int((entry >> shift) & 0xFF)
            target[counts[digit]] = entry
            counts[digit] &+= 1
          }
        }
      }
    }
  }
}
