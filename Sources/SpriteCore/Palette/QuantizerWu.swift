/// Greedy variance-minimising box splitting in OKLab, after Xiaolin Wu's quantizer.
///
/// Start with one box holding every point. Repeatedly take the box whose best cut lowers the total
/// weighted squared error the most, and cut it with an axis-aligned plane (L, a or b) there. The
/// error drop of a cut is Wu's criterion, computed from the parts' weights and weighted sums alone:
/// |S₁|²/W₁ + |S₂|²/W₂ − |S|²/W. Candidate planes are the edges of `binCount` equal slices of the
/// box's extent on each axis, so one box costs O(*m* + `binCount`) for *m* points, with no sorting.
///
/// Source: X. Wu, "Efficient Statistical Computations for Optimal Color Quantization", in
/// Graphics Gems II (1991), pp. 126-133. Unlike the original it works on the distinct colours
/// (or grid cells) in OKLab rather than on a fixed 5-bit RGB histogram, so colours that differ in
/// their low bits stay apart.
struct QuantizerWu: Quantizer {
  /// The number of candidate slices per axis and box.
  var binCount: Int = 64

  /// A contiguous range of the point order and its best cut.
  private struct Box {
    var start: Int
    var end: Int
    var sum: SIMD4<Double>
    var gain: Double = 0
    var axis: Int = 0
    var cut: Int32 = 0
    var low: SIMD4<Float> = .zero
    var scale: SIMD4<Float> = .zero
  }

  /// Returns at most `maxColors` boxes of `points` as clusters.
  ///
  /// - Complexity: O(*k* · (*n* + `binCount`)) at worst for *n* points and *k* = `maxColors`.
  func clusters(of points: ColorPoints, maxColors: Int) -> Clusters {
    let n = points.count
    precondition(n > 0 && maxColors > 0, "QuantizerWu needs points and at least one colour")
    var order = (0..<n).map { Int32($0) }
    var scratch = [Int32](repeating: 0, count: n)
    var histogram = [SIMD4<Double>](repeating: .zero, count: 3 * binCount)

    var total = SIMD4<Double>.zero
    for i in 0..<n { total += SIMD4<Double>(points.coordinates[i]) * points.weights[i] }
    var boxes = [Box(start: 0, end: n, sum: total)]
    evaluate(&boxes[0], points, order, &histogram)

    while boxes.count < maxColors {
      var chosen = -1
      var bestGain = 0.0
      for (index, box) in boxes.enumerated() where box.gain > bestGain {
        chosen = index
        bestGain = box.gain
      }
      if chosen < 0 { break }
      let right = split(&boxes[chosen], points, &order, &scratch)
      boxes.append(right)
      evaluate(&boxes[chosen], points, order, &histogram)
      evaluate(&boxes[boxes.count - 1], points, order, &histogram)
    }

    var assignments = [Int32](repeating: 0, count: n)
    for (index, box) in boxes.enumerated() {
      for position in box.start..<box.end { assignments[Int(order[position])] = Int32(index) }
    }
    return Clusters(sums: boxes.map(\.sum), assignments: assignments)
  }

  /// The slice of `point` along every axis for `box`'s grid, clamped to 0..<binCount.
  @inline(__always)
  private func slices(_ point: SIMD4<Float>, _ box: Box) -> SIMD4<Int32> {
    let t = SIMD4<Int32>((point - box.low) * box.scale, rounding: .towardZero)
    return t.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: Int32(binCount - 1)))
  }

  /// Finds `box`'s best cut and its error drop (0 when it cannot be cut).
  private func evaluate(
    _ box: inout Box, _ points: ColorPoints, _ order: [Int32], _ histogram: inout [SIMD4<Double>]
  ) {
    box.gain = 0
    guard box.end - box.start > 1 else { return }
    var low = points.coordinates[Int(order[box.start])]
    var high = low
    for position in box.start..<box.end {
      let p = points.coordinates[Int(order[position])]
      low = pointwiseMin(low, p)
      high = pointwiseMax(high, p)
    }
    let extent = high - low
    box.low = low
    box.scale = (SIMD4<Float>(repeating: Float(binCount)) / extent).replacing(
      with: 0, where: .!(extent .> 0))
    box.scale[3] = 0

    let bins = binCount
    for i in 0..<(3 * bins) { histogram[i] = .zero }
    for position in box.start..<box.end {
      let index = Int(order[position])
      let p = points.coordinates[index]
      let s = slices(p, box)
      let moment = SIMD4<Double>(p) * points.weights[index]
      histogram[Int(s[0])] += moment
      histogram[bins + Int(s[1])] += moment
      histogram[2 * bins + Int(s[2])] += moment
    }

    let whole = squaredNorm(box.sum) / box.sum[3]
    for axis in 0..<3 where extent[axis] > 0 {
      var left = SIMD4<Double>.zero
      for cut in 0..<(bins - 1) {
        left += histogram[axis * bins + cut]
        let right = box.sum - left
        guard left[3] > 0, right[3] > 0 else { continue }
        let gain = squaredNorm(left) / left[3] + squaredNorm(right) / right[3] - whole
        if gain > box.gain {
          box.gain = gain
          box.axis = axis
          box.cut = Int32(cut)
        }
      }
    }
  }

  /// Cuts `box` at its best cut, keeping the lower part in `box` and returning the upper part.
  private func split(
    _ box: inout Box, _ points: ColorPoints, _ order: inout [Int32], _ scratch: inout [Int32]
  ) -> Box {
    var lower = box.start
    var upperCount = 0
    var lowerSum = SIMD4<Double>.zero
    var upperSum = SIMD4<Double>.zero
    for position in box.start..<box.end {
      let index = order[position]
      let p = points.coordinates[Int(index)]
      let moment = SIMD4<Double>(p) * points.weights[Int(index)]
      if slices(p, box)[box.axis] <= box.cut {
        order[lower] = index
        lower += 1
        lowerSum += moment
      } else {
        scratch[upperCount] = index
        upperCount += 1
        upperSum += moment
      }
    }
    for i in 0..<upperCount { order[lower + i] = scratch[i] }
    let upper = Box(start: lower, end: box.end, sum: upperSum)
    box.end = lower
    box.sum = lowerSum
    return upper
  }
}

/// |(x, y, z)|² of the first three lanes.
@inline(__always)
private func squaredNorm(_ v: SIMD4<Double>) -> Double {
  v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
}
