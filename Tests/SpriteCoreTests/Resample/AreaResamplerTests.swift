import SpriteCore
import Testing
import _SpriteTestSupport

@Suite("Resampler.area")
struct AreaResamplerTests {
  static let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
  static let clearGreen = RGBA8(r: 0, g: 255, b: 0, a: 0)

  @Test(
    "an exact n-times shrink of an opaque image equals the linear-light block means",
    arguments: [2, 3, 4])
  func opaqueBlockMeans(factor: Int) {
    for seed: UInt64 in 1...4 {
      let image = SyntheticSprites.noise(
        width: 12 * factor, height: 8 * factor, seed: seed, alphas: [255])
      let small = Resampler.area(image, width: 12, height: 8)
      #expect(small == ResampleReference.blockMeans(image, factor: factor), "seed \(seed)")
      // The automatic thumbnail takes the same path.
      #expect(Thumbnail(size: 12).apply(to: image) == small, "seed \(seed)")
    }
  }

  @Test(
    "an exact n-times shrink with alpha equals the premultiplied linear-light block means",
    arguments: [2, 3, 4])
  func alphaBlockMeans(factor: Int) {
    let alphaSets: [[UInt8]] = [Array(0...255), [0, 0, 1, 2, 128, 254, 255], [0, 255]]
    for (seed, alphas) in alphaSets.enumerated() {
      let image = SyntheticSprites.noise(
        width: 10 * factor, height: 9 * factor, seed: UInt64(100 + seed), alphas: alphas)
      let small = Resampler.area(image, width: 10, height: 9)
      #expect(small == ResampleReference.blockMeans(image, factor: factor), "alphas \(alphas)")
    }
  }

  @Test(
    "nearest enlargement by n, then area shrink by n, gives the original bytes",
    arguments: [2, 3, 4, 5])
  func nearestThenAreaIsIdentity(factor: Int) {
    for seed: UInt64 in 10...13 {
      let image = ResampleReference.canonical(
        SyntheticSprites.noise(width: 7, height: 5, seed: seed))
      let big = Resampler.nearest(image, width: 7 * factor, height: 5 * factor)
      #expect(Resampler.area(big, width: 7, height: 5) == image, "seed \(seed)")
      #expect(Thumbnail(size: 7).apply(to: big) == image, "seed \(seed)")
    }
  }

  @Test("the same size keeps every pixel with alpha above 0 byte for byte")
  func sameSizeIsIdentity() {
    let image = SyntheticSprites.noise(width: 13, height: 7, seed: 5, alphas: Array(1...255))
    #expect(Resampler.area(image, width: 13, height: 7) == image)
    let withHoles = SyntheticSprites.noise(width: 9, height: 9, seed: 6)
    #expect(
      Resampler.area(withHoles, width: 9, height: 9) == ResampleReference.canonical(withHoles))
  }

  @Test("opaque red beside transparent green shrinks to red at half alpha (127.5 rounds up)")
  func noFringeTwoPixels() {
    let image = RGBAImage(width: 2, height: 1) { x, _ in x == 0 ? Self.red : Self.clearGreen }
    #expect(Resampler.area(image, width: 1, height: 1)[0, 0] == RGBA8(r: 255, g: 0, b: 0, a: 128))
    let mirrored = RGBAImage(width: 1, height: 2) { _, y in y == 0 ? Self.clearGreen : Self.red }
    #expect(Thumbnail(size: 1).apply(to: mirrored)[0, 0] == RGBA8(r: 255, g: 0, b: 0, a: 128))
  }

  @Test(
    "a sprite on a transparent border never gets a dark or tinted fringe",
    arguments: [1, 2, 3, 5, 7, 11, 16])
  func noFringeAtAnySize(size: Int) {
    let onGreen = RGBAImage(width: 17, height: 14) { x, y in
      (4..<13).contains(x) && (4..<10).contains(y) ? Self.red : Self.clearGreen
    }
    let white = SyntheticSprites.solid(RGBA8(r: 255, g: 255, b: 255), width: 5, height: 5)
    let onBlack = SyntheticSprites.withTransparentBorder(white, border: 3)
    for (image, colour) in [(onGreen, Self.red), (onBlack, white[0, 0])] {
      for filter in [Thumbnail.Filter.area, .lanczos3] {
        let thumbnail = Thumbnail(size: size, filter: filter).apply(to: image)
        for y in 0..<thumbnail.height {
          for x in 0..<thumbnail.width where thumbnail[x, y].a > 0 {
            let p = thumbnail[x, y]
            #expect(RGBA8(r: p.r, g: p.g, b: p.b) == colour, "\(filter) at (\(x), \(y))")
          }
        }
      }
    }
  }

  @Test(
    "enlarging averages by covered area: black|white to 3 px gives linear mid-grey in the middle")
  func enlargeMixesPixels() {
    let image = RGBAImage(width: 2, height: 1) { x, _ in
      x == 0 ? RGBA8(r: 0, g: 0, b: 0) : RGBA8(r: 255, g: 255, b: 255)
    }
    let wide = Resampler.area(image, width: 3, height: 1)
    // The middle pixel is half black, half white: linear 0.5 is 187.5 encoded, rounded to 188.
    #expect(wide.pixels == [0, 0, 0, 255, 188, 188, 188, 255, 255, 255, 255, 255])
    let doubled = Resampler.area(image, width: 4, height: 2)
    #expect(doubled == Resampler.nearest(image, width: 4, height: 2))
  }

  @Test("an output pixel whose mean alpha rounds to 0 is (0, 0, 0, 0)")
  func nearlyTransparentBecomesZero() {
    let image = RGBAImage(width: 3, height: 1) { x, _ in
      x == 0 ? RGBA8(r: 200, g: 100, b: 50, a: 1) : RGBA8(r: 9, g: 9, b: 9, a: 0)
    }
    #expect(Resampler.area(image, width: 1, height: 1)[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 0))
    let two = RGBAImage(width: 2, height: 1) { x, _ in
      x == 0 ? RGBA8(r: 200, g: 100, b: 50, a: 1) : RGBA8(r: 9, g: 9, b: 9, a: 0)
    }
    // Mean alpha 0.5 rounds up to 1, and the colour is the visible pixel's alone.
    #expect(Resampler.area(two, width: 1, height: 1)[0, 0] == RGBA8(r: 200, g: 100, b: 50, a: 1))
  }
}
