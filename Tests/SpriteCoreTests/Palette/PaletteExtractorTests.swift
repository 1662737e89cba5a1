import Testing
import _SpriteTestSupport

@testable import SpriteCore

private let red = RGBA8(r: 220, g: 30, b: 40)
private let green = RGBA8(r: 40, g: 200, b: 60)
private let blue = RGBA8(r: 30, g: 60, b: 210)
private let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

/// Σ alpha over the visible pixels of `image`.
private func alphaSum(_ image: RGBAImage) -> Int {
  stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) }
}

/// A seeded image of `count` random colours repeated over `width` x `height` pixels.
private func fewColors(_ count: Int, width: Int, height: Int, seed: UInt64) -> RGBAImage {
  var rng = SeededRandom(seed: seed)
  let colors = (0..<count).map { _ in
    RGBA8(
      r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng),
      b: .random(in: 0...255, using: &rng))
  }
  return RGBAImage(width: width, height: height) { _, _ in colors.randomElement(using: &rng)! }
}

/// A test image of pixel-art-like content: a few noisy clusters and some transparency.
private func clustered(width: Int, height: Int, seed: UInt64) -> RGBAImage {
  var rng = SeededRandom(seed: seed)
  let centres = (0..<12).map { _ in
    (
      Int.random(in: 20...235, using: &rng), Int.random(in: 20...235, using: &rng),
      Int.random(in: 20...235, using: &rng)
    )
  }
  return RGBAImage(width: width, height: height) { _, _ in
    if Int.random(in: 0..<4, using: &rng) == 0 { return clear }
    let c = centres.randomElement(using: &rng)!
    func jitter(_ v: Int) -> UInt8 { UInt8(v + Int.random(in: -15...15, using: &rng)) }
    return RGBA8(
      r: jitter(c.0), g: jitter(c.1), b: jitter(c.2),
      a: Bool.random(using: &rng) ? 255 : .random(in: 1...255, using: &rng))
  }
}

@Suite("PaletteExtractor")
struct PaletteExtractorTests {
  static let images: [(String, RGBAImage)] = [
    ("noise 48x40", SyntheticSprites.noise(width: 48, height: 40, seed: 1)),
    ("opaque noise 32x32", SyntheticSprites.noise(width: 32, height: 32, seed: 2, alphas: [255])),
    ("clustered 40x40", clustered(width: 40, height: 40, seed: 3)),
    ("10 colours 100x100", fewColors(10, width: 100, height: 100, seed: 4)),
    (
      "3 colours",
      SyntheticSprites.withTransparentBorder(
        SyntheticSprites.checkerboard(red, blue, width: 5, height: 4), border: 2)
    ),
  ]

  @Test(
    "at most K entries, weights sum to Σ alpha, populations sum to 1",
    arguments: [1, 2, 5, 8, 16, 64])
  func invariants(maxColors: Int) {
    for (name, image) in Self.images {
      let palette = PaletteExtractor(maxColors: maxColors).palette(of: image)
      #expect(palette.entries.count <= maxColors, "\(name)")
      #expect(!palette.entries.isEmpty, "\(name)")
      #expect(palette.totalWeight == alphaSum(image), "\(name)")
      let populations = palette.entries.reduce(0.0) { $0 + $1.population }
      #expect(abs(populations - 1) <= 0.001, "\(name)")
      #expect(palette.entries.allSatisfy { $0.weight > 0 && $0.color.a == 255 }, "\(name)")
      #expect(palette.dominant == palette.entries.first)
    }
  }

  @Test("entries are sorted by weight descending, then hex ascending, with no duplicates")
  func sorted() {
    for (name, image) in Self.images {
      let entries = PaletteExtractor(maxColors: 16).palette(of: image).entries
      for (lhs, rhs) in zip(entries, entries.dropFirst()) {
        #expect(
          lhs.weight > rhs.weight || (lhs.weight == rhs.weight && lhs.color.hex < rhs.color.hex),
          "\(name)")
      }
      #expect(Set(entries.map(\.color)).count == entries.count, "\(name)")
    }
  }

  @Test("a sprite with at most K colours gets exactly those colours and weights")
  func exactColors() {
    let image = RGBAImage(width: 6, height: 4) { x, y in
      switch (x + y) % 3 {
      case 0: red
      case 1: x < 3 ? green : RGBA8(r: green.r, g: green.g, b: green.b, a: 100)
      default: y == 0 ? clear : blue
      }
    }
    let palette = PaletteExtractor(maxColors: 8).palette(of: image)
    var expected = [RGBA8: Int]()
    for y in 0..<4 {
      for x in 0..<6 where image[x, y].a > 0 {
        let p = image[x, y]
        expected[RGBA8(r: p.r, g: p.g, b: p.b), default: 0] += Int(p.a)
      }
    }
    #expect(palette.entries.count == 3)
    #expect(
      Dictionary(uniqueKeysWithValues: palette.entries.map { ($0.color, $0.weight) }) == expected)
  }

  @Test("a 3-colour checkerboard with K = 3 returns its colours; K = 2 merges two of them")
  func checkerboardBoundary() {
    let image = RGBAImage(width: 9, height: 9) { x, y in [red, green, blue][(x + 2 * y) % 3] }
    let three = PaletteExtractor(maxColors: 3).palette(of: image)
    #expect(Set(three.entries.map(\.color)) == [red, green, blue])
    #expect(three.entries.map(\.weight) == [27 * 255, 27 * 255, 27 * 255])
    let two = PaletteExtractor(maxColors: 2).palette(of: image)
    #expect(two.entries.count == 2)
    #expect(two.totalWeight == 81 * 255)
  }

  @Test("transparent pixels are ignored, whatever their colour bytes")
  func transparentIgnored() {
    var rng = SeededRandom(seed: 11)
    for (name, image) in Self.images {
      var repainted = image
      for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] == 0 {
        for c in 0..<3 { repainted.pixels[i + c] = .random(in: 0...255, using: &rng) }
      }
      for k in [2, 8, 16] {
        #expect(
          PaletteExtractor(maxColors: k).palette(of: repainted)
            == PaletteExtractor(maxColors: k).palette(of: image), "\(name)")
      }
    }
  }

  @Test("a fully transparent image has an empty palette and no dominant colour")
  func fullyTransparent() {
    let image = RGBAImage(width: 7, height: 5) { x, y in RGBA8(r: UInt8(x), g: UInt8(y), b: 9, a: 0)
    }
    let palette = PaletteExtractor().palette(of: image)
    #expect(palette.entries.isEmpty)
    #expect(palette.dominant == nil)
    #expect(palette.totalWeight == 0)
  }

  @Test("a semi-transparent colour counts in proportion to its alpha")
  func semiTransparentWeighting() {
    // 8 opaque red pixels and 8 blue pixels at alpha 128: blue holds 128/383 of the weight.
    let image = RGBAImage(width: 4, height: 4) { x, _ in
      x < 2 ? red : RGBA8(r: blue.r, g: blue.g, b: blue.b, a: 128)
    }
    let palette = PaletteExtractor(maxColors: 8).palette(of: image)
    #expect(palette.entries.map(\.color) == [red, blue])
    #expect(palette.entries.map(\.weight) == [8 * 255, 8 * 128])
    #expect(abs(palette.entries[1].population - 128.0 / 383.0) < 1e-12)
  }

  @Test("the same pixels give the same palette, in any order", arguments: [1, 4, 8, 16])
  func deterministicAndPermutationInvariant(maxColors: Int) {
    var rng = SeededRandom(seed: 99)
    let extractor = PaletteExtractor(maxColors: maxColors)
    for (name, image) in Self.images {
      let palette = extractor.palette(of: image)
      #expect(extractor.palette(of: image) == palette, "\(name)")
      var order = Array(0..<image.pixelCount)
      order.shuffle(using: &rng)
      var shuffled = image
      for (to, from) in order.enumerated() {
        for c in 0..<4 { shuffled.pixels[4 * to + c] = image.pixels[4 * from + c] }
      }
      let transposed = RGBAImage(width: image.height, height: image.width) { x, y in image[y, x] }
      #expect(extractor.palette(of: shuffled) == palette, "\(name)")
      #expect(extractor.palette(of: transposed) == palette, "\(name)")
    }
  }

  @Test("K = 1 gives one colour near the weighted OKLab mean, holding all the weight")
  func singleColor() {
    let image = SyntheticSprites.checkerboard(
      RGBA8(r: 200, g: 40, b: 40), RGBA8(r: 180, g: 60, b: 50), width: 10, height: 10)
    let palette = PaletteExtractor(maxColors: 1).palette(of: image)
    #expect(palette.entries.count == 1)
    #expect(palette.entries[0].weight == 100 * 255)
    #expect(palette.entries[0].population == 1)
    let a = OKLab(RGBA8(r: 200, g: 40, b: 40))
    let b = OKLab(RGBA8(r: 180, g: 60, b: 50))
    let mean = OKLab(l: (a.l + b.l) / 2, a: (a.a + b.a) / 2, b: (a.b + b.b) / 2).rgba8
    let c = palette.entries[0].color
    #expect(
      abs(Int(c.r) - Int(mean.r)) <= 1 && abs(Int(c.g) - Int(mean.g)) <= 1
        && abs(Int(c.b) - Int(mean.b)) <= 1)
  }

  @Test("many repeated colours finish: 10 colours in 10 000 pixels with K = 8 (MCU's Swift hang)")
  func repeatedColors() {
    let image = fewColors(10, width: 100, height: 100, seed: 5)
    let palette = PaletteExtractor(maxColors: 8).palette(of: image)
    #expect(palette.entries.count == 8)
    #expect(palette.totalWeight == 10_000 * 255)
    // Eight clusters for ten colours: at least six of them come out exactly.
    let inputs = Set((0..<100).flatMap { y in (0..<100).map { x in image[x, y] } })
    #expect(palette.entries.filter { inputs.contains($0.color) }.count >= 6)
  }

  @Test("a 131-colour gradient with K = 64 finishes with evenly spread colours")
  func gradient() {
    let image = RGBAImage(width: 131, height: 3) { x, _ in
      RGBA8(r: UInt8(x * 255 / 130), g: UInt8(x), b: UInt8(255 - x * 255 / 130))
    }
    let palette = PaletteExtractor(maxColors: 64).palette(of: image)
    #expect(palette.entries.count >= 60 && palette.entries.count <= 64)
    #expect(palette.totalWeight == 131 * 3 * 255)
    let error = PaletteQuality.meanOKLabError(of: image, to: palette.entries.map(\.color))
    #expect(error < 0.004)
  }

  @Test("two noisy clusters with K = 2: one reddish and one bluish entry with the right weights")
  func twoClusters() {
    var rng = SeededRandom(seed: 21)
    let image = RGBAImage(width: 20, height: 10) { x, _ in
      func jitter(_ v: Int) -> UInt8 { UInt8(v + Int.random(in: -20...20, using: &rng)) }
      return x < 14
        ? RGBA8(r: jitter(200), g: jitter(40), b: jitter(40))
        : RGBA8(r: jitter(40), g: jitter(50), b: jitter(200), a: 200)
    }
    let palette = PaletteExtractor(maxColors: 2).palette(of: image)
    #expect(palette.entries.count == 2)
    let (reddish, bluish) = (palette.entries[0].color, palette.entries[1].color)
    #expect(reddish.r > 170 && reddish.g < 70 && reddish.b < 70)
    #expect(bluish.b > 170 && bluish.r < 70 && bluish.g < 80)
    #expect(palette.entries[0].weight == 140 * 255)
    #expect(palette.entries[1].weight == 60 * 200)
  }

  @Test("several sizes at once give the same palettes as one size at a time")
  func severalSizes() {
    for (name, image) in Self.images {
      let sizes = [16, 8, 1, 8, 64, 3]
      let together = PaletteExtractor.palettes(of: image, maxColors: sizes)
      for (size, palette) in zip(sizes, together) {
        #expect(palette == PaletteExtractor(maxColors: size).palette(of: image), "\(name) \(size)")
      }
    }
  }

  @Test("the fast palette initialiser equals Palette(weights:) for distinct colours")
  func distinctInitialiser() {
    var rng = SeededRandom(seed: 17)
    for count in [0, 1, 2, 7, 30, 64] {
      let colors = (0..<count).map { _ in
        (
          color: RGBA8(
            r: .random(in: 0...255, using: &rng), g: .random(in: 0...3, using: &rng),
            b: .random(in: 0...255, using: &rng)), weight: Int.random(in: 0...4, using: &rng) * 255
        )
      }
      var seen = Set<RGBA8>()
      let distinct = colors.filter { seen.insert($0.color).inserted }
      let keys = distinct.map { Palette.key(of: $0.color) }
      #expect(
        Palette(distinctKeys: keys, weights: distinct.map(\.weight)) == Palette(weights: distinct))
    }
  }

  @Test("a large colourful image is pooled on a grid and still meets the contract")
  func largeImage() {
    let image = SyntheticSprites.noise(width: 128, height: 96, seed: 8)
    let palette = PaletteExtractor(maxColors: 16).palette(of: image)
    #expect(palette.entries.count == 16)
    #expect(palette.totalWeight == alphaSum(image))
    var order = Array(0..<image.pixelCount)
    var rng = SeededRandom(seed: 3)
    order.shuffle(using: &rng)
    var shuffled = image
    for (to, from) in order.enumerated() {
      for c in 0..<4 { shuffled.pixels[4 * to + c] = image.pixels[4 * from + c] }
    }
    #expect(PaletteExtractor(maxColors: 16).palette(of: shuffled) == palette)
  }

  @Test("palette and candidates: the palette is palette(of:), the candidates Wu's 16 boxes")
  func paletteAndCandidates() {
    for (name, image) in Self.images {
      let (palette, candidates) = PaletteExtractor.paletteAndCandidates(
        of: image, maxColors: 8, candidateCount: 16)
      #expect(palette == PaletteExtractor(maxColors: 8).palette(of: image), "\(name)")
      #expect(!candidates.entries.isEmpty && candidates.entries.count <= 16, "\(name)")
      #expect(candidates.totalWeight == alphaSum(image), "\(name)")
      let populations = candidates.entries.reduce(0.0) { $0 + $1.population }
      #expect(abs(populations - 1) <= 0.001, "\(name)")
      let distinct = DistinctColors(of: image)
      if distinct.count <= 16 {
        // Few colours: every one of them, exactly.
        #expect(candidates == PaletteExtractor(maxColors: 64).palette(of: image), "\(name)")
      } else {
        // Otherwise the boxes' means: not the k-medians palette of 16.
        let points =
          distinct.count <= PaletteExtractor.poolingThreshold
          ? ColorPoints(exactly: distinct) : ColorPoints(gridOf: distinct)
        let boxes = QuantizerWu().clusters(of: points, maxColors: 16)
        #expect(candidates == PaletteExtractor.palette(boxes: boxes), "\(name)")
      }
    }
  }

  @Test("candidates do not depend on where the pixels are")
  func candidatesPermutationInvariant() {
    for (name, image) in Self.images {
      var order = Array(0..<image.pixelCount)
      var rng = SeededRandom(seed: 21)
      order.shuffle(using: &rng)
      var shuffled = image
      for (to, from) in order.enumerated() {
        for c in 0..<4 { shuffled.pixels[4 * to + c] = image.pixels[4 * from + c] }
      }
      let one = PaletteExtractor.paletteAndCandidates(of: image, maxColors: 5, candidateCount: 16)
      let two = PaletteExtractor.paletteAndCandidates(
        of: shuffled, maxColors: 5, candidateCount: 16)
      #expect(one.palette == two.palette && one.candidates == two.candidates, "\(name)")
    }
  }
}
