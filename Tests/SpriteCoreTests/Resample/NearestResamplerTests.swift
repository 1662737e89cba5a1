import SpriteCore
import Testing
import _SpriteTestSupport

@Suite("Resampler.nearest")
struct NearestResamplerTests {
  /// A 1-row image whose pixel x has red = x, so the chosen source column can be read back.
  static func ramp(_ width: Int) -> RGBAImage {
    RGBAImage(width: width, height: 1) { x, _ in RGBA8(r: UInt8(x), g: 0, b: 0) }
  }

  @Test(
    "shrinking samples the source pixel under each output pixel's centre",
    arguments: [
      (4, 2, [1, 3]), (5, 2, [1, 3]), (6, 3, [1, 3, 5]), (7, 3, [1, 3, 5]), (10, 4, [1, 3, 6, 8]),
      (3, 1, [1]), (2, 1, [1]),
    ])
  func pixelCentres(source: Int, output: Int, expected: [Int]) {
    let image = Resampler.nearest(Self.ramp(source), width: output, height: 1)
    #expect((0..<output).map { Int(image[$0, 0].r) } == expected)
  }

  @Test("rows are sampled at their centres too")
  func rowCentres() {
    let column = RGBAImage(width: 1, height: 10) { _, y in RGBA8(r: 0, g: UInt8(y), b: 0) }
    let image = Resampler.nearest(column, width: 2, height: 4)
    #expect((0..<4).map { Int(image[0, $0].g) } == [1, 3, 6, 8])
    #expect((0..<4).map { Int(image[1, $0].g) } == [1, 3, 6, 8])
  }

  @Test("enlarging by an integer factor repeats every pixel as a block", arguments: [2, 3, 5])
  func integerBlocks(factor: Int) {
    let image = SyntheticSprites.noise(width: 4, height: 3, seed: 9)
    let big = Resampler.nearest(image, width: 4 * factor, height: 3 * factor)
    for y in 0..<big.height {
      for x in 0..<big.width {
        #expect(big[x, y] == image[x / factor, y / factor])
      }
    }
  }

  @Test("the same size copies every byte, transparent colours included")
  func sameSizeIsIdentity() {
    let image = SyntheticSprites.noise(width: 11, height: 6, seed: 12)
    #expect(Resampler.nearest(image, width: 11, height: 6) == image)
  }

  @Test("a non-integer enlargement copies source pixels without blending")
  func onlySourcePixels() {
    let image = SyntheticSprites.noise(width: 5, height: 4, seed: 13)
    let big = Resampler.nearest(image, width: 12, height: 7)
    let source = Set((0..<4).flatMap { y in (0..<5).map { x in image[x, y] } })
    #expect((0..<7).allSatisfy { y in (0..<12).allSatisfy { x in source.contains(big[x, y]) } })
    #expect(big[11, 6] == image[4, 3])
    #expect(big[0, 0] == image[0, 0])
  }
}
