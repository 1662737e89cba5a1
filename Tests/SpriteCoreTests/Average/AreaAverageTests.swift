import SpriteCore
import Testing
import _SpriteTestSupport

private let red = RGBA8(r: 255, g: 0, b: 0)
private let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

@Suite("AreaAverage")
struct AreaAverageTests {
  @Test(
    "a uniform image averages to its own colour, for every extent",
    arguments: [
      Extent.centre, .seed, .full, .centre(fraction: 0.5),
      .rect(x: 1.5, y: 2.25, width: 3, height: 4),
      .coreImage(x: 0.5, y: 0.5, width: 2, height: 2),
    ])
  func uniformImage(extent: Extent) {
    var rng = SeededRandom(seed: 7)
    for _ in 0..<50 {
      let c = RGBA8(
        r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng),
        b: .random(in: 0...255, using: &rng))
      let average = AreaAverage(of: SyntheticSprites.solid(c, width: 11, height: 9), over: extent)
      #expect(average.linear == c)
      #expect(average.encoded == c)
      #expect(average.coverage == 1)
      #expect(average.premultiplied == RGBA8(r: c.r, g: c.g, b: c.b, a: 255))
    }
  }

  @Test("half-transparent image: colour unchanged, coverage one half")
  func halfTransparent() {
    let image = RGBAImage(width: 4, height: 2) { x, _ in
      x < 2 ? red : RGBA8(r: 0, g: 255, b: 0, a: 0)
    }
    let average = AreaAverage(of: image, over: .full)
    #expect(average.coverage == 0.5)
    #expect(average.linear == red)
    #expect(average.encoded == red)
    #expect(average.premultiplied == RGBA8(r: 128, g: 0, b: 0, a: 128))
  }

  @Test("black and white checkerboard: encoded mean 128, linear mean #bcbcbc")
  func checkerboard() {
    let image = SyntheticSprites.checkerboard(
      RGBA8(r: 0, g: 0, b: 0), RGBA8(r: 255, g: 255, b: 255), width: 8, height: 8)
    let average = AreaAverage(of: image, over: .full)
    #expect(average.encoded == RGBA8(r: 128, g: 128, b: 128))
    // Linear mean 0.5 encodes to 0.7354 · 255 = 187.5…, rounded to 188 (0xbc).
    #expect(average.linear?.hex == "#bcbcbc")
    #expect(average.coverage == 1)
  }

  @Test("a fully transparent region has no colour and zero coverage, never black")
  func fullyTransparent() {
    let image = SyntheticSprites.solid(clear, width: 16, height: 16)
    for extent in [Extent.centre, .seed, .full] {
      let average = AreaAverage(of: image, over: extent)
      #expect(average.linear == nil)
      #expect(average.encoded == nil)
      #expect(average.coverage == 0)
      #expect(average.premultiplied == clear)
    }
    #expect(AreaAverage.color(of: image) == nil)
  }

  @Test("a region outside the image is empty")
  func outsideRegion() {
    let image = SyntheticSprites.solid(red, width: 4, height: 4)
    let average = AreaAverage(of: image, over: .rect(x: 10, y: 10, width: 2, height: 2))
    #expect(average.region.area == 0)
    #expect(average.linear == nil)
    #expect(average.coverage == 0)
  }

  @Test("seed extent on 30 x 30: columns [15, 18.75), rows [11.25, 15) by hand")
  func seedThirty() {
    // Column 18 (weight 0.75) is blue, columns 15-17 red; row 11 (weight 0.75) is transparent.
    let image = RGBAImage(width: 30, height: 30) { x, y in
      if y == 11 { return clear }
      return x == 18 ? RGBA8(r: 0, g: 0, b: 255) : red
    }
    let average = AreaAverage(of: image, over: .seed)
    #expect(average.region == Region(x: 15, y: 11.25, width: 3.75, height: 3.75))
    #expect(abs(average.coverage - 0.8) < 1e-12)
    // Encoded: red 255·3/3.75 = 204, blue 255·0.75/3.75 = 51.
    #expect(average.encoded == RGBA8(r: 204, g: 0, b: 51))
    // Premultiplied: colour · 0.8 = (163.2, 0, 40.8), alpha 0.8 · 255 = 204.
    #expect(average.premultiplied == RGBA8(r: 163, g: 0, b: 41, a: 204))
    // Linear: red channel 0.8 of full light, blue 0.2, re-encoded.
    #expect(average.linear == RGBA8(r: SRGB.encode(0.8), g: 0, b: SRGB.encode(0.2)))
  }

  @Test("seed extent on 33 x 33: columns [16.5, 20.625), rows [12.375, 16.5) by hand")
  func seedThirtyThree() {
    // Column 20 (weight 0.625 of a 4.125-wide region) is green, the rest white.
    let image = RGBAImage(width: 33, height: 33) { x, _ in
      x == 20 ? RGBA8(r: 0, g: 255, b: 0) : RGBA8(r: 255, g: 255, b: 255)
    }
    let average = AreaAverage(of: image, over: .seed)
    #expect(average.region == Region(x: 16.5, y: 12.375, width: 4.125, height: 4.125))
    // 255 · 3.5 / 4.125 = 216.36…
    #expect(average.encoded == RGBA8(r: 216, g: 255, b: 216))
    #expect(average.premultiplied == RGBA8(r: 216, g: 255, b: 216, a: 255))
    #expect(average.coverage == 1)
  }

  @Test("centre extent is columns [7W/16, 9W/16) and rows [7H/16, 9H/16)")
  func centreRegion() {
    #expect(Extent.centre.region(width: 32, height: 16) == Region(x: 14, y: 7, width: 4, height: 2))
    #expect(
      Extent.centre(fraction: 0.5).region(width: 10, height: 10)
        == Region(x: 2.5, y: 2.5, width: 5, height: 5))
  }

  @Test("ci: rectangles equal the converted top-left rectangles")
  func coreImageEqualsConvertedRect() {
    var rng = SeededRandom(seed: 99)
    for _ in 0..<40 {
      let w = Int.random(in: 4...40, using: &rng)
      let h = Int.random(in: 4...40, using: &rng)
      let image = SyntheticSprites.noise(width: w, height: h, seed: rng.next())
      let x = Double.random(in: 0..<Double(w), using: &rng)
      let y = Double.random(in: 0..<Double(h), using: &rng)
      let rw = Double.random(in: 0.5...Double(w), using: &rng)
      let rh = Double.random(in: 0.5...Double(h), using: &rng)
      let ci = AreaAverage(of: image, over: .coreImage(x: x, y: y, width: rw, height: rh))
      let topLeft = AreaAverage(
        of: image, over: .rect(x: x, y: Double(h) - y - rh, width: rw, height: rh))
      #expect(ci == topLeft)
    }
  }

  @Test("the average does not change when pixels inside the region are permuted")
  func permutationInvariance() {
    var rng = SeededRandom(seed: 2024)
    for round in 0..<30 {
      let image = SyntheticSprites.noise(width: 13, height: 7, seed: UInt64(round))
      var pixels = (0..<image.pixelCount).map { image[$0 % 13, $0 / 13] }
      pixels.shuffle(using: &rng)
      let shuffled = RGBAImage(width: 13, height: 7) { x, y in pixels[y * 13 + x] }
      #expect(AreaAverage(of: image, over: .full) == AreaAverage(of: shuffled, over: .full))
    }
  }

  @Test("fully transparent pixels never change the colour, whatever their RGB")
  func transparentPixelsIgnored() {
    var rng = SeededRandom(seed: 5)
    for round in 0..<30 {
      let base = SyntheticSprites.noise(
        width: 9, height: 9, seed: UInt64(round), alphas: [0, 80, 255])
      let repainted = RGBAImage(width: 9, height: 9) { x, y in
        let p = base[x, y]
        guard p.a == 0 else { return p }
        return RGBA8(
          r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng),
          b: .random(in: 0...255, using: &rng), a: 0)
      }
      let a = AreaAverage(of: base, over: .full)
      let b = AreaAverage(of: repainted, over: .full)
      #expect(a.linear == b.linear)
      #expect(a.encoded == b.encoded)
      #expect(a.coverage == b.coverage)
    }
  }

  @Test("fractional edges weigh pixels by the covered area")
  func fractionalWeights() {
    // A quarter of the red pixel and all of the blue pixel: red weight 0.25, blue 1.
    let image = RGBAImage(width: 2, height: 1) { x, _ in x == 0 ? red : RGBA8(r: 0, g: 0, b: 255) }
    let average = AreaAverage(of: image, over: .rect(x: 0.75, y: 0, width: 1.25, height: 1))
    #expect(average.encoded == RGBA8(r: 51, g: 0, b: 204))
  }
}
