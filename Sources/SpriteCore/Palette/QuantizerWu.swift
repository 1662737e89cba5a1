/// Greedy variance-minimising box splitting in OKLab: Xiaolin Wu's quantizer on weighted points.
///
/// Start with one box holding every point. Repeatedly take the box with the largest weighted
/// squared error (Σw·|x − mean|²) and cut it across its axis of largest error (L, a or b) with the
/// plane that lowers the total error the most. That drop is Wu's criterion, computed from the two
/// parts' weights and weighted sums alone: |S₁|²/W₁ + |S₂|²/W₂ − |S|²/W. Candidate planes are
/// the edges of `binCount` equal slices of the box's extent (2*m* slices for a box of *m* <
/// `binCount`/2 points), so one cut costs O(*m* + `binCount`), with no sorting.
///
/// Source: X. Wu, "Efficient Statistical Computations for Optimal Color Quantization", in
/// Graphics Gems II (1991), pp. 126-133. Unlike the original it works on the distinct colours
/// (or grid cells) in OKLab rather than on a fixed 5-bit RGB histogram, so colours that differ in
/// their low bits stay apart, and it searches one axis per box instead of three.
struct QuantizerWu: Quantizer {
  /// The most candidate slices per box. Sixteen rather than 32: on both benchmark corpora the
  /// palettes score as well or better (mean CIEDE2000 at K = 8, pooled: samples 1.538 -> 1.522,
  /// SuperTux 3.455 -> 3.439; per sprite 1.409 -> 1.394 and 3.604 -> 3.606), with half the
  /// slices to clear and score at every cut (Benchmarks/README.md, session 14).
  var binCount: Int = 16

  /// A contiguous range of the point order and its statistics.
  private struct Box {
    var start: Int
    var end: Int
    /// (Σw·L, Σw·a, Σw·b, Σw).
    var sum: SIMD4<Double> = .zero
    /// (Σw·L², Σw·a², Σw·b², 0).
    var squares: SIMD4<Double> = .zero
    var low = SIMD4<Float>(repeating: .infinity)
    var high = SIMD4<Float>(repeating: -.infinity)

    /// The weighted squared error about the mean along each axis (lanes 0-2).
    var axisErrors: SIMD4<Double> { squares - sum * sum / sum[3] }

    /// The weighted squared error about the mean; 0 for a single point, which cannot be cut.
    var error: Double {
      guard end - start > 1 else { return 0 }
      let e = axisErrors
      return e[0] + e[1] + e[2]
    }

    /// Adds one point, with its moment and its squares (w·L², w·a², w·b², 0), to the statistics.
    @inline(__always)
    mutating func add(_ point: SIMD4<Float>, _ moment: SIMD4<Double>, _ square: SIMD4<Double>) {
      sum += moment
      squares += square
      include(point)
    }

    /// Widens the extent to `point` (the sums are kept by the caller).
    @inline(__always)
    mutating func include(_ point: SIMD4<Float>) {
      // `replacing(with:where:)` compiles to compare-and-blend; `pointwiseMin` is a call per use.
      low = low.replacing(with: point, where: point .< low)
      high = high.replacing(with: point, where: point .> high)
    }
  }

  /// Returns at most `maxColors` boxes of `points` as clusters.
  ///
  /// - Complexity: O(*k* · (*n* + `binCount`)) at worst for *n* points and *k* = `maxColors`.
  func clusters(of points: ColorPoints, maxColors: Int) -> Clusters {
    clusters(of: points, snapshotsAt: [maxColors])[0]
  }

  /// Returns the boxes after each count in `counts` has been reached (or splitting stopped): one
  /// run serves several palette sizes, since the first *k* cuts never depend on later ones.
  ///
  /// - Parameter counts: Box counts, each at least 1, in any order.
  func clusters(of points: ColorPoints, snapshotsAt counts: [Int]) -> [Clusters] {
    let n = points.count
    precondition(n > 0 && counts.allSatisfy { $0 > 0 }, "QuantizerWu needs points and counts > 0")
    let maxColors = counts.max() ?? 1
    // The scratch buffers in one block allocated directly: one allocation costs less than five.
    precondition(binCount <= 256, "slices are recorded in a byte")
    let binSlots = 2 * min(binCount, 2 * n)
    let vectorBytes = MemoryLayout<SIMD4<Double>>.stride
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: (binSlots + n) * vectorBytes + 9 * n,
      alignment: MemoryLayout<SIMD4<Double>>.alignment)
    defer { block.deallocate() }
    let histogram = UnsafeMutableBufferPointer(
      start: block.bindMemory(to: SIMD4<Double>.self, capacity: binSlots), count: binSlots)
    let squares = UnsafeMutableBufferPointer(
      start: (block + binSlots * vectorBytes).bindMemory(to: SIMD4<Double>.self, capacity: n),
      count: n)
    let indices = block + (binSlots + n) * vectorBytes
    let order = UnsafeMutableBufferPointer(
      start: indices.bindMemory(to: Int32.self, capacity: n), count: n)
    let scratch = UnsafeMutableBufferPointer(
      start: (indices + 4 * n).bindMemory(to: Int32.self, capacity: n), count: n)
    let slices = UnsafeMutableBufferPointer(
      start: (indices + 8 * n).bindMemory(to: UInt8.self, capacity: n), count: n)
    // Each point's (w·L², w·a², w·b², 0), computed once rather than at every split.
    for i in 0..<n {
      let point = points.coordinates[i]
      squares[i] = Lanes.double(point * point) * points.moments[i][3]
    }
    for i in 0..<n { order[i] = Int32(truncatingIfNeeded: i) }
    var boxes = [Box(start: 0, end: n)]
    boxes.reserveCapacity(maxColors)
    for i in 0..<n { boxes[0].add(points.coordinates[i], points.moments[i], squares[i]) }
    var errors = [boxes[0].error]
    errors.reserveCapacity(maxColors)
    var snapshots = [Clusters?](repeating: nil, count: counts.count)

    points.coordinates.withUnsafeBufferPointer { coordinates in
      points.moments.withUnsafeBufferPointer { moments in
        let space = Space(
          coordinates: coordinates, moments: moments, squares: UnsafeBufferPointer(squares),
          order: order, scratch: scratch, histogram: histogram, slices: slices)
        while true {
          for (position, count) in counts.enumerated() where count == boxes.count {
            snapshots[position] = Self.clusters(boxes, UnsafeBufferPointer(order))
          }
          if boxes.count >= maxColors { break }
          var chosen = -1
          var largest = 0.0
          for index in errors.indices where errors[index] > largest {
            chosen = index
            largest = errors[index]
          }
          if chosen < 0 { break }
          guard let upper = space.split(&boxes[chosen]) else {
            errors[chosen] = 0  // Every point fell in one slice.
            continue
          }
          boxes.append(upper)
          errors[chosen] = boxes[chosen].error
          errors.append(upper.error)
        }
      }
    }
    if snapshots.contains(where: { $0 == nil }) {
      let final = Self.clusters(boxes, UnsafeBufferPointer(order))
      for i in snapshots.indices where snapshots[i] == nil { snapshots[i] = final }
    }
    return snapshots.map { $0! }
  }

  /// The partition `boxes` describe, given the point order their ranges index.
  private static func clusters(_ boxes: [Box], _ order: UnsafeBufferPointer<Int32>) -> Clusters {
    var assignments = [Int32](repeating: 0, count: order.count)
    for (index, box) in boxes.enumerated() {
      for position in box.start..<box.end { assignments[Int(order[position])] = Int32(index) }
    }
    return Clusters(sums: boxes.map { $0.sum }, assignments: assignments)
  }

  /// The buffers one run works in.
  private struct Space {
    let coordinates: UnsafeBufferPointer<SIMD4<Float>>
    let moments: UnsafeBufferPointer<SIMD4<Double>>
    /// Each point's (w·L², w·a², w·b², 0).
    let squares: UnsafeBufferPointer<SIMD4<Double>>
    let order: UnsafeMutableBufferPointer<Int32>
    let scratch: UnsafeMutableBufferPointer<Int32>
    let histogram: UnsafeMutableBufferPointer<SIMD4<Double>>
    /// The slice of the point at each position of `order`, during one split.
    let slices: UnsafeMutableBufferPointer<UInt8>

    /// Cuts `box` across its axis of largest error where the error drops most, keeping the lower
    /// part in `box` and returning the upper part; `nil` when every point falls in one slice.
    ///
    /// One pass bins the points (recording each one's slice) and sums their moments and squares
    /// per slice; the parts' sums then come from the slices, so the partition pass only moves
    /// indices and tracks the parts' extents.
    func split(_ box: inout Box) -> Box? {
      let errors = box.axisErrors
      var axis = 0
      if errors[1] > errors[axis] { axis = 1 }
      if errors[2] > errors[axis] { axis = 2 }
      let low = box.low[axis]
      let extent = box.high[axis] - low
      guard extent > 1e-12 else { return nil }
      let bins = min(histogram.count / 2, 2 * (box.end - box.start))
      let scale = Float(bins) / extent

      // histogram[2i] holds slice i's (Σw·L, Σw·a, Σw·b, Σw), histogram[2i + 1] its squares.
      for i in 0..<(2 * bins) { histogram[i] = .zero }
      for position in box.start..<box.end {
        let index = Int(order[position])
        let point = coordinates[index]
        let bin = min(Int((point[axis] - low) * scale), bins &- 1)
        slices[position] = UInt8(truncatingIfNeeded: bin)
        let moment = moments[index]
        histogram[2 &* bin] += moment
        histogram[2 &* bin &+ 1] += squares[index]
      }
      var cut = -1
      var bestScore = 0.0
      var left = SIMD4<Double>.zero
      for candidate in 0..<(bins - 1) {
        let part = histogram[2 &* candidate]
        if part[3] == 0 { continue }
        left += part
        let right = box.sum - left
        guard right[3] > 0 else { break }
        // The error drop plus the constant |S|²/W; lowest slice wins ties.
        let score = squaredNorm(left) / left[3] + squaredNorm(right) / right[3]
        if score > bestScore {
          bestScore = score
          cut = candidate
        }
      }
      guard cut >= 0 else { return nil }

      var lower = Box(start: box.start, end: box.start)
      var upper = Box(start: 0, end: 0)
      for bin in 0..<bins {
        if bin <= cut {
          lower.sum += histogram[2 &* bin]
          lower.squares += histogram[2 &* bin &+ 1]
        } else {
          upper.sum += histogram[2 &* bin]
          upper.squares += histogram[2 &* bin &+ 1]
        }
      }
      var upperCount = 0
      let cutSlice = UInt8(truncatingIfNeeded: cut)
      for position in box.start..<box.end {
        let index = order[position]
        let point = coordinates[Int(index)]
        if slices[position] <= cutSlice {
          order[lower.end] = index
          lower.end &+= 1
          lower.include(point)
        } else {
          scratch[upperCount] = index
          upperCount &+= 1
          upper.include(point)
        }
      }
      for i in 0..<upperCount { order[lower.end &+ i] = scratch[i] }
      upper.start = lower.end
      upper.end = box.end
      box = lower
      return upper
    }
  }
}

/// |(x, y, z)|² of the first three lanes.
@inline(__always)
private func squaredNorm(_ v: SIMD4<Double>) -> Double {
  v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
}
