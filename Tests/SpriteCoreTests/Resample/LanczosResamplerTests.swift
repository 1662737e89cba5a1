import Testing
import _SpriteTestSupport

@testable import SpriteCore

@Suite("Resampler.lanczos3")
struct LanczosResamplerTests {
  static let cases: [ResizeCase] = [
    ResizeCase(33, 20, to: 10, 6), ResizeCase(7, 7, to: 3, 3), ResizeCase(8, 5, to: 40, 25),
    ResizeCase(5, 9, to: 13, 4), ResizeCase(64, 64, to: 16, 16), ResizeCase(1, 1, to: 4, 4),
  ]

  @Test("a solid colour stays exactly that colour", arguments: cases)
  func solidStaysSolid(resize: ResizeCase) {
    for colour in [RGBA8(r: 208, g: 106, b: 60), RGBA8(r: 1, g: 254, b: 128, a: 3)] {
      let image = SyntheticSprites.solid(
        colour, width: resize.sourceWidth, height: resize.sourceHeight)
      let result = Resampler.lanczos3(image, width: resize.width, height: resize.height)
      #expect(result == SyntheticSprites.solid(colour, width: resize.width, height: resize.height))
    }
  }

  @Test("the same size keeps every pixel with alpha above 0 byte for byte")
  func sameSizeIsIdentity() {
    let image = SyntheticSprites.noise(width: 12, height: 9, seed: 21, alphas: Array(1...255))
    #expect(Resampler.lanczos3(image, width: 12, height: 9) == image)
  }

  @Test("overshoot at hard edges is clamped, never wrapped", arguments: cases)
  func clampsOvershoot(resize: ResizeCase) {
    // Left half opaque white, right half transparent: the strongest ringing Lanczos-3 can make.
    let half = resize.sourceWidth / 2
    let image = RGBAImage(width: resize.sourceWidth, height: resize.sourceHeight) { x, _ in
      x < half ? RGBA8(r: 255, g: 255, b: 255) : RGBA8(r: 0, g: 0, b: 0, a: 0)
    }
    let result = Resampler.lanczos3(image, width: resize.width, height: resize.height)
    // Colour of any visible pixel is white: overshoot above alpha is clamped, not wrapped.
    for y in 0..<result.height {
      for x in 0..<result.width where result[x, y].a > 0 {
        #expect(result[x, y].r == 255 && result[x, y].g == 255 && result[x, y].b == 255)
      }
    }
    // Alpha overshoots past 255 and undershoots below 0 beside the edge; clamped, each side
    // keeps its side of 50 % (wrapping would turn the overshoot into 0).
    let scale = Double(resize.sourceWidth) / Double(resize.width)
    for x in 0..<resize.width {
      let centre = (Double(x) + 0.5) * scale
      if centre <= Double(half) - 0.5 { #expect(result[x, 0].a >= 128, "x = \(x)") }
      if centre >= Double(half) + 0.5 { #expect(result[x, 0].a <= 127, "x = \(x)") }
    }
    // Where every tap lies on one side of the edge, the ends are exact.
    if 0.5 * scale + 3 * max(scale, 1) <= Double(half) {
      #expect(result[0, 0] == RGBA8(r: 255, g: 255, b: 255))
      #expect(result[resize.width - 1, 0] == RGBA8(r: 0, g: 0, b: 0, a: 0))
    }
  }

  @Test("transparent green next to opaque red never tints the red", arguments: cases)
  func noBleeding(resize: ResizeCase) {
    let image = SyntheticSprites.checkerboard(
      RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 255, b: 0, a: 0),
      width: resize.sourceWidth, height: resize.sourceHeight, cell: 2)
    let result = Resampler.lanczos3(image, width: resize.width, height: resize.height)
    for y in 0..<result.height {
      for x in 0..<result.width where result[x, y].a > 0 {
        #expect(
          RGBA8(r: result[x, y].r, g: result[x, y].g, b: result[x, y].b)
            == RGBA8(r: 255, g: 0, b: 0))
      }
    }
  }

  @Test("a step edge rings (the filter is really Lanczos, not a box) and stays in range")
  func stepRings() {
    let image = RGBAImage(width: 16, height: 1) { x, _ in
      x < 8 ? RGBA8(r: 60, g: 60, b: 60) : RGBA8(r: 190, g: 190, b: 190)
    }
    let result = Resampler.lanczos3(image, width: 48, height: 1)
    let reds = (0..<48).map { Int(result[$0, 0].r) }
    #expect(reds.min()! < 60 && reds.max()! > 190)  // undershoot and overshoot beside the edge
    #expect(reds.first == 60 && reds.last == 190)
  }

  @Test("kernel: 1 at 0, exactly 0 at the other integers, and sin(πx) to 1e-13")
  func kernel() {
    #expect(Resampler.lanczos3Kernel(0) == 1)
    for k in [-3.0, -2, -1, 1, 2, 3, 3.5] { #expect(Resampler.lanczos3Kernel(k) == 0) }
    for i in -700...700 {
      let x = Double(i) / 97
      #expect(abs(Resampler.sinPi(x) - sin(Double.pi * x)) < 1e-13, "x = \(x)")
    }
  }

  @Test(
    "weights sum to exactly 2^14, absolute values to under 2^15, for every output pixel",
    arguments: [
      (1, 1), (1, 9), (9, 1), (7, 3), (33, 10), (10, 33), (1024, 64), (64, 1024), (5, 5),
    ])
  func weightsSum(source: Int, output: Int) {
    let taps = Taps(lanczos3From: source, to: output)
    for j in 0..<output {
      let entry = taps.table[(j * taps.stride)..<((j + 1) * taps.stride)]
      let first = entry[entry.startIndex]
      let count = entry[entry.startIndex + 1]
      #expect(first >= 0 && count >= 1 && first + count <= source)
      #expect(entry.dropFirst(2).reduce(0, +) == 16384, "output \(j)")
      // The 64-bit overflow bound assumes Σ|w| < 2^15.
      #expect(entry.dropFirst(2).map(abs).reduce(0, +) < 1 << 15, "output \(j)")
    }
  }
}
