/// A colour quantizer: groups weighted OKLab points into at most `maxColors` clusters.
///
/// Conforming types are deterministic: the same points in the same order give the same clusters,
/// with every tie broken by the lowest index. ``PaletteExtractor`` feeds them points in ascending
/// packed-RGB order, so their results do not depend on where pixels are in the image.
protocol Quantizer {
  /// Returns at most `maxColors` non-empty clusters of `points`.
  ///
  /// - Parameters:
  ///   - points: The colours to group, each with a positive weight; at least one.
  ///   - maxColors: The most clusters to return, at least 1.
  func clusters(of points: ColorPoints, maxColors: Int) -> Clusters
}

/// A partition of ``ColorPoints`` into clusters.
struct Clusters: Sendable {
  /// Each cluster's weighted sums (Σw·L, Σw·a, Σw·b, Σw); a cluster's weight is lane 3.
  var sums: [SIMD4<Double>]
  /// The cluster index of each point, parallel to the points.
  var assignments: [Int32]
  /// Each cluster's representative (L, a, b, ·) when it is not the weighted mean (k-medians).
  var centres: [SIMD4<Double>]? = nil

  /// The number of clusters.
  var count: Int { sums.count }

  /// The representative of cluster `index` in OKLab: `centres` if set, else the weighted mean.
  func centroid(_ index: Int) -> OKLab {
    if let centres {
      return OKLab(l: centres[index][0], a: centres[index][1], b: centres[index][2])
    }
    let s = sums[index]
    return OKLab(l: s[0] / s[3], a: s[1] / s[3], b: s[2] / s[3])
  }

  /// The total weighted squared OKLab error of the points against their cluster means.
  func squaredError(of points: ColorPoints) -> Double {
    let means = sums.map { Lanes.float($0 / $0[3]) }
    var total = 0.0
    for i in 0..<points.count {
      let d = points.coordinates[i] - means[Int(assignments[i])]
      total += points.weights[i] * Double((d * d).sum())
    }
    return total
  }

  /// Recomputes `sums` from `assignments`, in point order; clusters left empty have zero sums.
  static func sums(
    of points: ColorPoints, assignments: [Int32], clusterCount: Int
  ) -> [SIMD4<Double>] {
    var sums = [SIMD4<Double>](repeating: .zero, count: clusterCount)
    sums.withUnsafeMutableBufferPointer { sums in
      points.moments.withUnsafeBufferPointer { moments in
        assignments.withUnsafeBufferPointer { assignments in
          for i in 0..<moments.count { sums[Int(assignments[i])] += moments[i] }
        }
      }
    }
    return sums
  }
}

/// Lane-by-lane conversions between the single-precision points and double-precision sums.
///
/// Spelled out per lane because the generic `SIMD4` converting initialisers are not specialised
/// into single instructions and dominate the quantizers' run time.
enum Lanes {
  /// The four lanes of `v` in double precision.
  @inline(__always)
  static func double(_ v: SIMD4<Float>) -> SIMD4<Double> {
    SIMD4(Double(v[0]), Double(v[1]), Double(v[2]), Double(v[3]))
  }

  /// The four lanes of `v` rounded to single precision.
  @inline(__always)
  static func float(_ v: SIMD4<Double>) -> SIMD4<Float> {
    SIMD4(Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]))
  }
}
