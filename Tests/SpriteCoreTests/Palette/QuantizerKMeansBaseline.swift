@testable import SpriteCore

/// Weighted k-means (Lloyd's algorithm) in OKLab, seeded with ``QuantizerWu``.
///
/// Each round moves every point to its nearest centroid (squared Euclidean OKLab distance; see
/// ``PointBlocks`` for the tie rule) and then moves every centroid to the weighted mean of its
/// points, until no point moves or `maxIterations` rounds have run. A cluster left empty is
/// re-seeded with the point of largest weighted error (lowest index on ties) taken from a cluster
/// that keeps other points. Everything runs in point order, so the result is deterministic.
///
/// Source: M. E. Celebi, "Improving the performance of k-means for color quantization", Image
/// and Vision Computing 29(4), 260-271 (2011): Wu's boxes as the seed, then k-means on the
/// distinct colours weighted by their counts.
///
/// Kept in the tests only: ``PaletteExtractor`` refines Wu's boxes with ``QuantizerKMedians``, which scores better
/// on SPEC section 4's mean-distance measure; this quantizer is the Celebi baseline it is
/// compared with in the tests.
struct QuantizerKMeans: Quantizer {
  /// The most assign-and-update rounds.
  var maxIterations: Int = 24
  /// The quantizer whose clusters seed the centroids.
  var seeding = QuantizerWu()

  /// Returns at most `maxColors` clusters: the seeding quantizer's, refined by k-means.
  ///
  /// - Complexity: O(`maxIterations` · *n* · *k*) at worst for *n* points and *k* clusters.
  func clusters(of points: ColorPoints, maxColors: Int) -> Clusters {
    refine(seeding.clusters(of: points, maxColors: maxColors), of: points)
  }

  /// Runs k-means on `points` from the partition `initial` (whose clusters are not empty).
  ///
  /// - Parameter blocks: `points` as ``PointBlocks``, when the caller already has them.
  func refine(_ initial: Clusters, of points: ColorPoints, blocks: PointBlocks? = nil) -> Clusters {
    let n = points.count
    let k = initial.count
    guard k > 1 else { return initial }
    var assignments = initial.assignments
    var sums = initial.sums
    var members = [Int](repeating: 0, count: k)
    for a in assignments { members[Int(a)] += 1 }

    let blocks = blocks ?? PointBlocks(points.coordinates)
    var nearest = [Int32](repeating: 0, count: n)
    for _ in 0..<maxIterations {
      nearest.withUnsafeMutableBufferPointer {
        blocks.nearest(sums.map { Lanes.float($0 / $0[3]) }, into: $0)
      }
      var moved = false
      // Sums are updated point by point as points move (a fixed order, so still deterministic)
      // and recomputed exactly at the end.
      points.moments.withUnsafeBufferPointer { moments in
        nearest.withUnsafeBufferPointer { nearest in
          assignments.withUnsafeMutableBufferPointer { assignments in
            sums.withUnsafeMutableBufferPointer { sums in
              members.withUnsafeMutableBufferPointer { members in
                for i in 0..<n {
                  let best = Int(nearest[i])
                  let current = Int(assignments[i])
                  if best != current {
                    sums[current] -= moments[i]
                    sums[best] += moments[i]
                    members[current] &-= 1
                    members[best] &+= 1
                    assignments[i] = Int32(best)
                    moved = true
                  }
                }
              }
            }
          }
        }
      }
      if !moved { break }
      if members.contains(0) {
        sums = Clusters.sums(of: points, assignments: assignments, clusterCount: k)
        reseedEmptyClusters(&sums, &assignments, points)
        members = [Int](repeating: 0, count: sums.count)
        for a in assignments { members[Int(a)] += 1 }
      }
    }
    sums = Clusters.sums(of: points, assignments: assignments, clusterCount: sums.count)
    return Clusters(sums: sums, assignments: assignments)
  }

  /// Gives each empty cluster the point of largest weighted squared error, lowest index on ties,
  /// from a cluster with more than one point; then recomputes the sums.
  private func reseedEmptyClusters(
    _ sums: inout [SIMD4<Double>], _ assignments: inout [Int32], _ points: ColorPoints
  ) {
    let k = sums.count
    var members = [Int](repeating: 0, count: k)
    for a in assignments { members[Int(a)] += 1 }
    let means = sums.map { $0[3] > 0 ? Lanes.float($0 / $0[3]) : .zero }
    var taken = [Bool](repeating: false, count: points.count)
    for cluster in 0..<k where members[cluster] == 0 {
      var chosen = -1
      var worst = -1.0
      for i in 0..<points.count where !taken[i] {
        let home = Int(assignments[i])
        guard members[home] > 1 else { continue }
        let error = points.weights[i] * Double(distance(points.coordinates[i], means[home]))
        if error > worst {
          worst = error
          chosen = i
        }
      }
      guard chosen >= 0 else { continue }
      members[Int(assignments[chosen])] -= 1
      members[cluster] = 1
      assignments[chosen] = Int32(cluster)
      taken[chosen] = true
    }
    sums = Clusters.sums(of: points, assignments: assignments, clusterCount: k)
    if sums.contains(where: { $0[3] == 0 }) {
      // Fewer points than clusters can hold: drop the empty ones, renumbering the rest.
      var renumber = [Int32](repeating: -1, count: k)
      var kept = [SIMD4<Double>]()
      for cluster in 0..<k where sums[cluster][3] > 0 {
        renumber[cluster] = Int32(kept.count)
        kept.append(sums[cluster])
      }
      for i in 0..<assignments.count { assignments[i] = renumber[Int(assignments[i])] }
      sums = kept
    }
  }
}

/// The squared Euclidean distance between two (L, a, b, 1) points.
@inline(__always)
private func distance(_ p: SIMD4<Float>, _ q: SIMD4<Float>) -> Float {
  let d = p - q
  return (d * d).sum()
}
