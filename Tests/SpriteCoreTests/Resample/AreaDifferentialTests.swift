import Testing
import _SpriteTestSupport

@testable import SpriteCore

/// The fixed-point area filter against the naive `Double` reference in `ResampleReference`.
@Suite("Resampler.area vs naive reference")
struct AreaDifferentialTests {
  static let cases: [ResizeCase] = [
    ResizeCase(33, 33, to: 10, 10), ResizeCase(7, 7, to: 3, 3), ResizeCase(33, 7, to: 10, 3),
    ResizeCase(64, 48, to: 17, 13), ResizeCase(5, 9, to: 3, 4), ResizeCase(100, 3, to: 7, 1),
    ResizeCase(16, 16, to: 16, 5), ResizeCase(10, 10, to: 33, 33), ResizeCase(3, 7, to: 7, 9),
    ResizeCase(1, 1, to: 3, 2), ResizeCase(9, 1, to: 1, 1),
  ]

  static let alphaSets: [[UInt8]] = [[255], Array(0...255), [0, 0, 0, 1, 3, 128, 255]]

  @Test(
    "every channel is within 1 of the naive reference, and nearly all are exact", arguments: cases)
  func matchesReference(resize: ResizeCase) {
    var channels = 0
    var exact = 0
    for (index, alphas) in Self.alphaSets.enumerated() {
      for seed: UInt64 in 1...3 {
        let image = SyntheticSprites.noise(
          width: resize.sourceWidth, height: resize.sourceHeight,
          seed: seed * 1000 + UInt64(index), alphas: alphas)
        let fast = Resampler.area(image, width: resize.width, height: resize.height)
        let naive = ResampleReference.area(image, width: resize.width, height: resize.height)
        for y in 0..<resize.height {
          for x in 0..<resize.width {
            let (f, n) = (fast[x, y], naive[x, y])
            channels += 4
            exact += [f.r == n.r, f.g == n.g, f.b == n.b, f.a == n.a].filter { $0 }.count
            #expect(abs(Int(f.a) - Int(n.a)) <= 1, "alpha at (\(x), \(y)), seed \(seed)")
            // A mean alpha of about 0.5 may round to 0 on one side only; colour is then moot.
            guard f.a > 0 && n.a > 0 else {
              #expect(max(f.a, n.a) <= 1, "(\(x), \(y)), seed \(seed)")
              continue
            }
            for (a, b) in [(f.r, n.r), (f.g, n.g), (f.b, n.b)] {
              #expect(abs(Int(a) - Int(b)) <= 1, "\(f) vs \(n) at (\(x), \(y)), seed \(seed)")
            }
          }
        }
      }
    }
    // Differences only come from Double rounding on exact ties; they must be rare.
    #expect(exact * 1000 >= channels * 999, "\(channels - exact) of \(channels) channels differ")
  }

  @Test("128-bit and 64-bit vertical sums give identical bytes", arguments: cases)
  func wideSumsAgree(resize: ResizeCase) {
    let image = SyntheticSprites.noise(
      width: resize.sourceWidth, height: resize.sourceHeight, seed: 55, alphas: [0, 1, 99, 255])
    let narrow = Resampler.area(image, width: resize.width, height: resize.height, wide: false)
    let wide = Resampler.area(image, width: resize.width, height: resize.height, wide: true)
    #expect(narrow == wide)
    #expect(narrow == Resampler.area(image, width: resize.width, height: resize.height))
  }

  @Test(
    "integer-ratio cases match the naive reference exactly",
    arguments: [
      ResizeCase(8, 6, to: 4, 3), ResizeCase(12, 12, to: 4, 4), ResizeCase(3, 5, to: 6, 10),
    ])
  func integerRatiosAreExact(resize: ResizeCase) {
    let image = SyntheticSprites.noise(
      width: resize.sourceWidth, height: resize.sourceHeight, seed: 77, alphas: [1, 64, 200, 255])
    let fast = Resampler.area(image, width: resize.width, height: resize.height)
    let naive = ResampleReference.area(image, width: resize.width, height: resize.height)
    #expect(ResampleReference.maxDifference(fast, naive) == 0)
  }
}
