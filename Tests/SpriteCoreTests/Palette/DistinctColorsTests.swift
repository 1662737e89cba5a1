import Testing
import _SpriteTestSupport

@testable import SpriteCore

/// Counting distinct colours: every path (runs only, hash table, the colour cube of images over
/// 65,536 pixels) against a dictionary.
@Suite("Distinct colours")
struct DistinctColorsTests {
  /// Each visible colour's alpha sum, by `0xRRGGBB`, counted the obvious way.
  private func reference(_ image: RGBAImage) -> [UInt32: Int] {
    var sums = [UInt32: Int]()
    for i in 0..<image.pixelCount {
      let p = image.pixels[(4 * i)..<(4 * i + 4)].map { Int($0) }
      guard p[3] > 0 else { continue }
      sums[UInt32(p[0] << 16 | p[1] << 8 | p[2]), default: 0] += p[3]
    }
    return sums
  }

  /// An image of `width` × `height` pixels drawn from `palette` colours at random (about one run
  /// in eleven transparent, or `clearTenths` tenths of them), in runs of random length so that
  /// the run merging is exercised too.
  private func image(
    width: Int, height: Int, colours palette: Int, seed: UInt64, clearTenths: Int? = nil
  ) -> RGBAImage {
    var rng = SeededRandom(seed: seed)
    let colours = (0..<palette).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &rng) }
    var pixels = [UInt8]()
    pixels.reserveCapacity(4 * width * height)
    while pixels.count < 4 * width * height {
      let colour = colours[Int.random(in: 0..<palette, using: &rng)]
      let clear =
        clearTenths.map { Int.random(in: 0..<10, using: &rng) < $0 }
        ?? (UInt8.random(in: 0...10, using: &rng) == 0)
      let alpha = clear ? 0 : UInt8.random(in: 1...255, using: &rng)
      for _ in 0..<Int.random(in: 1...4, using: &rng) where pixels.count < 4 * width * height {
        pixels += [
          UInt8(colour >> 16), UInt8(truncatingIfNeeded: colour >> 8),
          UInt8(truncatingIfNeeded: colour), alpha,
        ]
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  @Test(
    "the counts match a dictionary's, for few colours and many, in runs and scattered",
    arguments: [
      (8, 8, 3), (32, 32, 40), (64, 64, 1_500), (100, 100, 3_000), (200, 200, 9_000),
      (256, 256, 30_000), (300, 300, 500), (400, 400, 60_000), (512, 200, 1),
    ])
  func countsMatch(width: Int, height: Int, colours: Int) {
    let picture = image(
      width: width, height: height, colours: colours, seed: UInt64(width * colours))
    let expected = reference(picture)
    for limit in [0, 256, Int.max] {
      let distinct = DistinctColors(of: picture, sortingAtMost: limit)
      #expect(distinct.count == expected.count, "\(width)x\(height), limit \(limit)")
      #expect(Set(distinct.keys).count == distinct.count)
      for (key, weight) in zip(distinct.keys, distinct.weights) where expected[key] != weight {
        Issue.record(
          "\(width)x\(height): colour \(key) counted \(weight), not \(expected[key] ?? 0)")
        break
      }
      if distinct.isSorted { #expect(distinct.keys == distinct.keys.sorted()) }
    }
  }

  @Test(
    "mostly transparent sprites of odd sizes: the transparent pairs skipped, every count right",
    arguments: [(7, 5, 3, 9), (33, 31, 60, 8), (1, 1, 1, 5), (3, 1, 2, 7), (63, 65, 400, 6)])
  func mostlyTransparent(width: Int, height: Int, colours: Int, clearTenths: Int) {
    for seed in 0..<20 {
      let picture = image(
        width: width, height: height, colours: colours, seed: UInt64(seed), clearTenths: clearTenths
      )
      let expected = reference(picture)
      let distinct = DistinctColors(of: picture, sortingAtMost: .max)
      #expect(distinct.count == expected.count, "\(width)x\(height) seed \(seed)")
      for (key, weight) in zip(distinct.keys, distinct.weights) where expected[key] != weight {
        Issue.record(
          "\(width)x\(height) seed \(seed): \(key) counted \(weight), not \(expected[key] ?? 0)")
        break
      }
    }
  }

  @Test("run edges: black first, a clear pixel inside a run, a colour after it, nothing visible")
  func runEdges() {
    // (colour, alpha) per pixel of a 7 × 1 row.
    let row: [(UInt32, UInt8)] = [
      (0x000000, 9), (0x000000, 0), (0x000000, 20), (0xFFFFFF, 0), (0x000000, 3),
      (0x0000FF, 255), (0x000000, 1),
    ]
    let pixels = row.flatMap { c, a in
      [UInt8(c >> 16), UInt8(truncatingIfNeeded: c >> 8), UInt8(truncatingIfNeeded: c), a]
    }
    let distinct = DistinctColors(of: RGBAImage(width: 7, height: 1, pixels: pixels))
    #expect(distinct.keys == [0x000000, 0x0000FF])
    #expect(distinct.weights == [33, 255])
    let clear = RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 0, count: 24))
    #expect(DistinctColors(of: clear).count == 0)
    let lone = RGBAImage(width: 1, height: 1, pixels: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(DistinctColors(of: lone).keys == [0xFF_FFFF])
  }
}
