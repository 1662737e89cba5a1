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

  /// The number of clusters.
  var count: Int { sums.count }

  /// The weighted mean of cluster `index` in OKLab.
  func centroid(_ index: Int) -> OKLab {
    let s = sums[index]
    return OKLab(l: s[0] / s[3], a: s[1] / s[3], b: s[2] / s[3])
  }

  /// The total weighted squared OKLab error of the points against their cluster means.
  func squaredError(of points: ColorPoints) -> Double {
    let means = sums.map { SIMD4<Float>($0 / $0[3]) }
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
    for i in 0..<points.count {
      sums[Int(assignments[i])] += SIMD4<Double>(points.coordinates[i]) * points.weights[i]
    }
    return sums
  }
}
