import Testing
import _SpriteTestSupport

@testable import SpriteCore

/// A smooth two-axis gradient with a little seeded noise.
private func gradient(width: Int, height: Int, seed: UInt64) -> RGBAImage {
  var rng = SeededRandom(seed: seed)
  return RGBAImage(width: width, height: height) { x, y in
    let n = { UInt8.random(in: 0...12, using: &rng) }
    return RGBA8(
      r: UInt8(x * 240 / width) + n(), g: UInt8(y * 240 / height) + n(),
      b: UInt8((x + y) * 120 / (width + height)) + n())
  }
}

/// The weighted mean OKLab distance (not squared) of points to their cluster's centre.
private func meanDistance(_ clusters: Clusters, _ points: ColorPoints) -> Double {
  var total = 0.0
  for i in 0..<points.count {
    let c = clusters.centroid(Int(clusters.assignments[i]))
    let p = points.coordinates[i]
    let d = SIMD4<Double>(Double(p[0]) - c.l, Double(p[1]) - c.a, Double(p[2]) - c.b, 0)
    total += points.weights[i] * (d * d).sum().squareRoot()
  }
  return total / points.weights.reduce(0, +)
}

@Suite("Quantizers")
struct QuantizerTests {
  @Test("distinct colours: sorted keys and alpha sums equal a dictionary count")
  func distinctColors() {
    var rng = SeededRandom(seed: 5)
    let image = RGBAImage(width: 37, height: 23) { _, _ in
      RGBA8(
        r: .random(in: 0...3, using: &rng), g: .random(in: 250...255, using: &rng),
        b: .random(in: 0...255, using: &rng), a: .random(in: 0...2, using: &rng) * 127)
    }
    var expected = [UInt32: Int]()
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > 0 {
        let p = image[x, y]
        expected[UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b), default: 0] += Int(p.a)
      }
    }
    let colors = DistinctColors(of: image)
    #expect(colors.keys == expected.keys.sorted())
    #expect(colors.weights == colors.keys.map { expected[$0]! })
  }

  @Test("distinct colours left unsorted hold the same colours and weights, once each")
  func unsortedDistinctColors() {
    let image = SyntheticSprites.noise(width: 60, height: 50, seed: 12)
    let sorted = DistinctColors(of: image)
    let unsorted = DistinctColors(of: image, sortingAtMost: 0)
    #expect(sorted.isSorted && !unsorted.isSorted && sorted.count > 48)
    #expect(Set(unsorted.keys).count == unsorted.count)
    let pairs = zip(unsorted.keys, unsorted.weights).sorted { $0.0 < $1.0 }
    #expect(pairs.map(\.0) == sorted.keys && pairs.map(\.1) == sorted.weights)
    // At or under the limit the colours come sorted.
    #expect(DistinctColors(of: image, sortingAtMost: sorted.count).isSorted)
  }

  @Test("grid pooling equals a dense 32 768-cell count, whatever the colours' order")
  func gridPooling() {
    let image = SyntheticSprites.noise(width: 64, height: 64, seed: 13)
    let colors = DistinctColors(of: image)
    // The reference: integer moments per cell of a dense grid, cells in ascending order.
    var moments = [Int](repeating: 0, count: 4 << 15)
    for (key, w) in zip(colors.keys, colors.weights) {
      let (r, g, b) = (Int(key >> 16), Int((key >> 8) & 0xFF), Int(key & 0xFF))
      let cell = 4 * ((r >> 3) << 10 | (g >> 3) << 5 | b >> 3)
      moments[cell] += w
      moments[cell + 1] += w * Int(SRGB.decodeTable16[r])
      moments[cell + 2] += w * Int(SRGB.decodeTable16[g])
      moments[cell + 3] += w * Int(SRGB.decodeTable16[b])
    }
    var coordinates = [SIMD4<Float>]()
    var weights = [Double]()
    for cell in 0..<(1 << 15) where moments[4 * cell] != 0 {
      let w = Double(moments[4 * cell])
      let scale = 1 / (w * 65535)
      coordinates.append(
        FastOKLab.point(
          linear: SIMD4(
            Float(Double(moments[4 * cell + 1]) * scale),
            Float(Double(moments[4 * cell + 2]) * scale),
            Float(Double(moments[4 * cell + 3]) * scale), 0)))
      weights.append(w)
    }
    for points in [
      ColorPoints(gridOf: colors), ColorPoints(gridOf: DistinctColors(of: image, sortingAtMost: 0)),
    ] {
      #expect(points.coordinates == coordinates)
      #expect(points.weights == weights)
    }
    #expect(coordinates.count < colors.count)
  }

  @Test("the fast single-precision OKLab agrees with OKLab to 1e-5")
  func fastOKLab() {
    var rng = SeededRandom(seed: 9)
    var keys: [UInt32] = [0, 0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF, 0x010101, 0x000001]
    for _ in 0..<5000 { keys.append(UInt32.random(in: 0...0xFFFFFF, using: &rng)) }
    FastOKLab.lmsTable.withUnsafeBufferPointer { table in
      for key in keys {
        let p = FastOKLab.point(key: key, table: table)
        let q = OKLab(
          RGBA8(r: UInt8(key >> 16), g: UInt8((key >> 8) & 0xFF), b: UInt8(key & 0xFF)))
        #expect(
          abs(Double(p[0]) - q.l) < 1e-5 && abs(Double(p[1]) - q.a) < 1e-5
            && abs(Double(p[2]) - q.b) < 1e-5 && p[3] == 1, "\(key)")
      }
    }
  }

  @Test("rounding OKLab to 8-bit by table search equals OKLab.rgba8")
  func fastEncode() {
    var rng = SeededRandom(seed: 31)
    for _ in 0..<20_000 {
      let lab = OKLab(
        l: .random(in: -0.05...1.05, using: &rng), a: .random(in: -0.4...0.4, using: &rng),
        b: .random(in: -0.4...0.4, using: &rng))
      #expect(FastOKLab.rgba8(l: lab.l, a: lab.a, b: lab.b) == lab.rgba8)
    }
    for value in 0...255 {
      let c = RGBA8(r: UInt8(value), g: UInt8(255 - value), b: UInt8(value / 2))
      let lab = OKLab(c)
      #expect(FastOKLab.rgba8(l: lab.l, a: lab.a, b: lab.b) == c)
    }
  }

  @Test("the cube root is accurate and gives 0 for 0")
  func cubeRoot() {
    var x: Float = 1e-29
    while x < 8 {
      let y = FastOKLab.cubeRoot(SIMD4(x, x * 1.5, x * 2, 0))
      for (lane, input) in [x, x * 1.5, x * 2].enumerated() {
        let exact = Float(cbrt(Double(input)))
        #expect(abs(y[lane] - exact) <= 2 * exact.ulp, "\(input)")
      }
      #expect(y[3] == 0)
      x *= 1.37
    }
  }

  @Test("Wu's boxes partition the points, at most K of them, with consistent sums")
  func wuPartition() {
    let colors = DistinctColors(of: SyntheticSprites.noise(width: 30, height: 30, seed: 4))
    let points = ColorPoints(exactly: colors)
    for k in [1, 2, 7, 16, 64] {
      let clusters = QuantizerWu().clusters(of: points, maxColors: k)
      #expect(clusters.count == k)
      let sums = Clusters.sums(of: points, assignments: clusters.assignments, clusterCount: k)
      for (lhs, rhs) in zip(sums, clusters.sums) {
        #expect(lhs[3] > 0 && lhs[3] == rhs[3])
        #expect(abs(lhs[0] - rhs[0]) < 1e-6 * rhs[3])
      }
    }
  }

  @Test(
    "k-means never does worse than its Wu seed, on noise, gradients and clusters",
    arguments: [2, 4, 8, 16, 32])
  func kMeansImprovesOnWu(maxColors: Int) {
    let images = [
      SyntheticSprites.noise(width: 32, height: 32, seed: 6, alphas: [255]),
      SyntheticSprites.noise(width: 40, height: 24, seed: 7),
      gradient(width: 48, height: 32, seed: 8),
    ]
    for image in images {
      let colors = DistinctColors(of: image)
      let points = ColorPoints(exactly: colors)
      let wu = QuantizerWu().clusters(of: points, maxColors: maxColors)
      let kMeans = QuantizerKMeans().refine(wu, of: points)
      #expect(
        PaletteQuality.meanSquaredError(kMeans, points)
          <= PaletteQuality.meanSquaredError(wu, points) * (1 + 1e-9))
      // And after rounding to 8-bit colours, on the pixels themselves.
      let blocks = PointBlocks(points.coordinates)
      let wuPalette = PaletteExtractor.palette(
        rounding: wu, blocks: blocks, weights: colors.weights)
      let kMeansPalette = PaletteExtractor.palette(
        rounding: kMeans, blocks: blocks, weights: colors.weights)
      #expect(
        PaletteQuality.meanOKLabError(of: image, to: kMeansPalette.entries.map(\.color))
          <= PaletteQuality.meanOKLabError(of: image, to: wuPalette.entries.map(\.color)) + 1e-4)
    }
  }

  @Test(
    "k-medians lowers the weighted sum of OKLab distances below its Wu seed's",
    arguments: [2, 4, 8, 16, 32])
  func kMediansImprovesOnWu(maxColors: Int) {
    let images = [
      SyntheticSprites.noise(width: 32, height: 32, seed: 6, alphas: [255]),
      SyntheticSprites.noise(width: 40, height: 24, seed: 7),
      gradient(width: 48, height: 32, seed: 8),
    ]
    for image in images {
      let points = ColorPoints(exactly: DistinctColors(of: image))
      let wu = QuantizerWu().clusters(of: points, maxColors: maxColors)
      let kMedians = QuantizerKMedians().refine(
        wu, of: points, blocks: PointBlocks(points.coordinates))
      #expect(meanDistance(kMedians, points) <= meanDistance(wu, points) * (1 + 1e-5))
      #expect(kMedians.sums.allSatisfy { $0[3] > 0 })
    }
  }

  @Test("the nearest-centre search agrees with a plain scan, ties to the lowest index")
  func pointBlocks() {
    var rng = SeededRandom(seed: 12)
    let points = (0..<203).map { _ in
      SIMD4<Float>(
        .random(in: 0...1, using: &rng), .random(in: -0.3...0.3, using: &rng),
        .random(in: -0.3...0.3, using: &rng), 1)
    }
    for k in [1, 3, 8, 13, 64] {
      var centres = (0..<k).map { _ in points[Int.random(in: 0..<points.count, using: &rng)] }
      centres.append(contentsOf: centres.prefix(min(2, 64 - k)))  // exact duplicates: lowest wins
      var found = [Int32](repeating: -1, count: points.count)
      found.withUnsafeMutableBufferPointer { PointBlocks(points).nearest(centres, into: $0) }
      for (i, p) in points.enumerated() {
        let distances = centres.map { c -> Float in
          let d = p - c
          return (d * d).sum()
        }
        let best = distances.min()!
        let index = Int(found[i])
        // Within the search's 2⁻¹⁷ tie tolerance of the true minimum, never a later duplicate.
        #expect(distances[index] <= best * (1 + 1e-5) + 1e-12)
        #expect(index < k || distances[index] < distances[index - k])
      }
    }
  }

  @Test(
    "every point gets an answer and none is written past the end, whatever the tail of the last block",
    arguments: Array(1...17))
  func pointBlocksTails(count: Int) {
    var rng = SeededRandom(seed: UInt64(100 + count))
    let points = (0..<count).map { _ in
      SIMD4<Float>(
        .random(in: 0...1, using: &rng), .random(in: -0.3...0.3, using: &rng),
        .random(in: -0.3...0.3, using: &rng), 1)
    }
    let centres = (0..<5).map { _ in points[Int.random(in: 0..<count, using: &rng)] }
    // One guard slot past the points: it must keep its value.
    var found = [Int32](repeating: -1, count: count + 1)
    found.withUnsafeMutableBufferPointer {
      PointBlocks(points).nearest(
        centres, into: UnsafeMutableBufferPointer(rebasing: $0[0..<count]))
    }
    #expect(found[count] == -1)
    for (i, p) in points.enumerated() {
      let distances = centres.map { c -> Float in
        let d = p - c
        return (d * d).sum()
      }
      #expect(distances[Int(found[i])] <= distances.min()! * (1 + 1e-5) + 1e-12, "point \(i)")
    }
  }

  @Test("an empty cluster is re-seeded, so k-means keeps K clusters")
  func reseeding() {
    // Points on a line; seed two clusters with a third that owns nothing useful.
    let points = ColorPoints(
      coordinates: (0..<6).map { SIMD4<Float>(Float($0) / 10, 0, 0, 1) },
      weights: Array(repeating: 1, count: 6))
    // Cluster 1 holds one point far from its mean's neighbours; its mean moves into cluster 0.
    let initial = Clusters(
      sums: Clusters.sums(of: points, assignments: [0, 0, 1, 0, 2, 2], clusterCount: 3),
      assignments: [0, 0, 1, 0, 2, 2])
    let result = QuantizerKMeans().refine(initial, of: points)
    #expect(result.count == 3)
    #expect(result.sums.allSatisfy { $0[3] > 0 })
    #expect(Set(result.assignments) == [0, 1, 2])
  }
}
