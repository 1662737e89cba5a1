/// Weighted k-medians in OKLab: moves each centre to where the weighted sum of (unsquared)
/// distances to its points is least.
///
/// SPEC section 4 scores a palette by the mean distance from each pixel to its nearest colour,
/// not the mean squared distance that k-means lowers. The minimiser of a sum of distances is the
/// weighted geometric median, which sits on a heavy colour when that colour dominates its cluster:
/// pixel art gets its exact colours back instead of averages, and a few far-off pixels no longer
/// pull a centre (or claim one) the way they do under squared error.
///
/// Each round, per cluster, the centre becomes the cheapest of: the current centre, each of
/// `weiszfeldSteps` Weiszfeld steps from it, and the `memberCandidates` heaviest member colours
/// (earliest candidate on ties); then every point moves to its nearest centre (``PointBlocks``).
/// Rounds stop when no point moves or after `maxRounds`. A cluster left empty is re-seeded with
/// the point of largest weighted distance (lowest index on ties). Sums run in a fixed order, four
/// points per SIMD operation.
///
/// Source: E. Weiszfeld, "Sur le point pour lequel la somme des distances de n points donnés est
/// minimum", Tôhoku Mathematical Journal 43 (1937), 355-386; the k-medians form of Lloyd's
/// iteration (alternate assignment and per-cluster median).
struct QuantizerKMedians {
  /// The most update-and-assign rounds.
  var maxRounds: Int = 3
  /// Weiszfeld steps tried per cluster and round.
  var weiszfeldSteps: Int = 1
  /// The heaviest member colours tried as centres per cluster and round.
  var memberCandidates: Int = 2

  /// Refines the partition `initial` of `points`, starting from its weighted means.
  ///
  /// - Parameter blocks: `points` as ``PointBlocks``.
  /// - Returns: Clusters whose `centres` are the medians and whose sums match the assignments.
  func refine(_ initial: Clusters, of points: ColorPoints, blocks: PointBlocks) -> Clusters {
    precondition(memberCandidates <= MemberBlocks.heaviestCount, "at most 4 member candidates")
    let n = points.count
    let k = initial.count
    var assignments = initial.assignments
    var centres = (0..<k).map { Lanes.float(initial.sums[$0] / initial.sums[$0][3]) }
    var nearest = [Int32](repeating: 0, count: n)
    var groups = MemberBlocks()
    for _ in 0..<maxRounds {
      groups.fill(points, assignments, clusterCount: k, heaviest: memberCandidates)
      for j in 0..<k where !groups.isEmpty(j) {
        centres[j] = bestCentre(j, of: groups, from: centres[j], points: points)
      }
      nearest.withUnsafeMutableBufferPointer { blocks.nearest(centres, into: $0) }
      if nearest == assignments { break }
      // Swapped, not assigned: sharing one buffer would make the next round's write copy it.
      swap(&assignments, &nearest)
      reseedEmptyClusters(&centres, &assignments, points)
    }
    let sums = Clusters.sums(of: points, assignments: assignments, clusterCount: k)
    return Clusters(
      sums: sums, assignments: assignments, centres: centres.map { Lanes.double($0) })
  }

  /// The cheapest candidate centre for cluster `j`, earliest candidate on ties.
  private func bestCentre(
    _ j: Int, of groups: MemberBlocks, from start: SIMD4<Float>, points: ColorPoints
  ) -> SIMD4<Float> {
    // Each pass prices one candidate and yields the Weiszfeld step from it.
    var (bestCost, next) = groups.costAndStep(j, start)
    var best = start
    for step in 0..<weiszfeldSteps {
      guard let y = next else { break }
      let (cost, following) = groups.costAndStep(j, y, wantsStep: step + 1 < weiszfeldSteps)
      if cost < bestCost {
        best = y
        bestCost = cost
      }
      next = following
    }
    for slot in 0..<memberCandidates {
      let i = groups.heaviest(j, slot)
      if i < 0 { break }
      let candidate = points.coordinates[Int(i)]
      let (cost, _) = groups.costAndStep(j, candidate, wantsStep: false)
      if cost < bestCost {
        best = candidate
        bestCost = cost
      }
    }
    return best
  }

  /// Gives each empty cluster the point farthest (weighted) from its centre, lowest index on
  /// ties, taken from a cluster that keeps other points.
  private func reseedEmptyClusters(
    _ centres: inout [SIMD4<Float>], _ assignments: inout [Int32], _ points: ColorPoints
  ) {
    // At most 64 clusters: the counts live on the stack.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: centres.count) { members in
      members.initialize(repeating: 0)
      for a in assignments { members[Int(a)] += 1 }
      reseed(&centres, &assignments, points, members: members)
    }
  }

  /// ``reseedEmptyClusters(_:_:_:)`` given each cluster's member count.
  private func reseed(
    _ centres: inout [SIMD4<Float>], _ assignments: inout [Int32], _ points: ColorPoints,
    members: UnsafeMutableBufferPointer<Int>
  ) {
    for j in centres.indices where members[j] == 0 {
      var chosen = -1
      var worst = -1.0
      for i in 0..<points.count where members[Int(assignments[i])] > 1 {
        let d = points.coordinates[i] - centres[Int(assignments[i])]
        let error = points.weights[i] * Double((d * d).sum())
        if error > worst {
          worst = error
          chosen = i
        }
      }
      guard chosen >= 0 else { continue }
      members[Int(assignments[chosen])] -= 1
      members[j] = 1
      assignments[chosen] = Int32(j)
      centres[j] = points.coordinates[chosen]
    }
  }
}

/// The points of each cluster in four-point blocks (L, a, b and weight, structure of arrays),
/// padded with weight-0 points, for SIMD passes over one cluster at a time.
private struct MemberBlocks {
  /// The most heaviest members kept per cluster.
  static let heaviestCount = 4
  /// Four vectors per block: L, a, b, w of four points.
  private var blocks: [SIMD4<Float>] = []
  /// Cluster j's blocks are blockStarts[j]..<blockStarts[j + 1].
  private var blockStarts: [Int] = []
  /// Cluster j's heaviest points at 4j..<4j+4, heaviest first, lowest index on ties; -1 if none.
  private var heaviestPoints: [Int32] = []

  /// Per-cluster counts, then each cluster's next free slot (in points), during ``fill``.
  private var slots: [Int] = []

  /// Groups `points` by `assignments`, keeping the `heaviest` heaviest points of each cluster.
  /// Each round refills the same arrays, which keep their storage.
  mutating func fill(
    _ points: ColorPoints, _ assignments: [Int32], clusterCount k: Int, heaviest: Int
  ) {
    let n = points.count
    Self.reset(&slots, to: 0, count: k)
    for a in assignments { slots[Int(a)] += 1 }
    Self.reset(&blockStarts, to: 0, count: k + 1)
    for j in 0..<k { blockStarts[j + 1] = blockStarts[j] + (slots[j] + 3) / 4 }
    Self.reset(&blocks, to: .zero, count: 4 * blockStarts[k])
    Self.reset(&heaviestPoints, to: -1, count: Self.heaviestCount * k)
    for j in 0..<k { slots[j] = 4 * blockStarts[j] }
    // Moved out for the loop below (which holds the other arrays) and back after it: no copy.
    var fill: [Int] = []
    swap(&fill, &slots)
    defer { swap(&fill, &slots) }
    blocks.withUnsafeMutableBytes { raw in
      let floats = raw.bindMemory(to: Float.self)
      points.coordinates.withUnsafeBufferPointer { coordinates in
        points.weights.withUnsafeBufferPointer { weights in
          heaviestPoints.withUnsafeMutableBufferPointer { top in
            for i in 0..<n {
              let j = Int(assignments[i])
              let slot = fill[j]
              fill[j] = slot &+ 1
              // Block b holds floats 16b..<16b+16: L×4, a×4, b×4, w×4.
              let base = 16 &* (slot >> 2) &+ (slot & 3)
              let p = coordinates[i]
              floats[base] = p[0]
              floats[base &+ 4] = p[1]
              floats[base &+ 8] = p[2]
              floats[base &+ 12] = Float(weights[i])
              // Insert i among the heaviest (strictly heavier moves ahead; earlier wins ties).
              var position = heaviest
              while position > 0 {
                let other = top[Self.heaviestCount &* j &+ position &- 1]
                if other >= 0 && weights[Int(other)] >= weights[i] { break }
                position &-= 1
              }
              if position < heaviest {
                var move = heaviest &- 1
                while move > position {
                  top[Self.heaviestCount &* j &+ move] = top[Self.heaviestCount &* j &+ move &- 1]
                  move &-= 1
                }
                top[Self.heaviestCount &* j &+ position] = Int32(i)
              }
            }
          }
        }
      }
    }
  }

  /// Makes `array` `count` copies of `value`, keeping its storage when it is large enough.
  private static func reset<T>(_ array: inout [T], to value: T, count: Int) {
    if array.isEmpty {
      array = [T](repeating: value, count: count)
    } else {
      array.removeAll(keepingCapacity: true)
      array.append(contentsOf: repeatElement(value, count: count))
    }
  }

  /// Whether cluster `j` has no points.
  func isEmpty(_ j: Int) -> Bool { blockStarts[j] == blockStarts[j + 1] }

  /// Cluster `j`'s `rank`-th heaviest point (0 is the heaviest), or -1.
  func heaviest(_ j: Int, _ rank: Int) -> Int32 {
    heaviestPoints[Self.heaviestCount * j + rank]
  }

  /// Σ w·‖x − y‖ over cluster `j` and, if wanted, one Weiszfeld step from `y`: the mean of the
  /// points weighted by w/‖x − y‖ (distances floored at 1e-6; `nil` if the weights vanish).
  func costAndStep(_ j: Int, _ y: SIMD4<Float>, wantsStep: Bool = true)
    -> (cost: Double, step: SIMD4<Float>?)
  {
    let l = SIMD4<Float>(repeating: y[0])
    let a = SIMD4<Float>(repeating: y[1])
    let b = SIMD4<Float>(repeating: y[2])
    var cost = SIMD4<Float>.zero
    var sl = SIMD4<Float>.zero
    var sa = SIMD4<Float>.zero
    var sb = SIMD4<Float>.zero
    var sw = SIMD4<Float>.zero
    blocks.withUnsafeBufferPointer { blocks in
      var block = 4 &* blockStarts[j]
      let end = 4 &* blockStarts[j + 1]
      while block < end {
        let pl = blocks[block]
        let pa = blocks[block &+ 1]
        let pb = blocks[block &+ 2]
        let pw = blocks[block &+ 3]
        let dl = pl - l
        let da = pa - a
        let db = pb - b
        var d = (dl * dl + da * da + db * db).squareRoot()
        cost += d * pw
        if wantsStep {
          d.replace(with: 1e-6, where: d .< 1e-6)
          let w = pw / d
          sl += pl * w
          sa += pa * w
          sb += pb * w
          sw += w
        }
        block &+= 4
      }
    }
    let total = Double(cost[0]) + Double(cost[1]) + Double(cost[2]) + Double(cost[3])
    guard wantsStep else { return (total, nil) }
    let weight = sw.sum()
    guard weight > 0 else { return (total, nil) }
    return (total, SIMD4(sl.sum() / weight, sa.sum() / weight, sb.sum() / weight, 1))
  }
}
