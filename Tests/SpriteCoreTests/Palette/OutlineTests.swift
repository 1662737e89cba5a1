import SpriteCore
import Testing

/// Issue 33 item 2: the outline ring and a `dominant` that is the body's colour (SPEC section 4).
@Suite("Outline and body dominant")
struct OutlineTests {
  /// A `size` x `size` square of `body`, drawn with a one-pixel `ring` border, centred on a
  /// transparent canvas `margin` pixels wider on each side.
  static func sprite(size: Int, margin: Int, ring: RGBA8, body: RGBA8) -> RGBAImage {
    let side = size + 2 * margin
    return RGBAImage(width: side, height: side) { x, y in
      let (u, v) = (x - margin, y - margin)
      guard (0..<size).contains(u), (0..<size).contains(v) else {
        return RGBA8(r: 0, g: 0, b: 0, a: 0)
      }
      return u == 0 || v == 0 || u == size - 1 || v == size - 1 ? ring : body
    }
  }

  let black = RGBA8(r: 0, g: 0, b: 0)
  let red = RGBA8(r: 0xd0, g: 0x20, b: 0x20)

  @Test("a 6 x 6 square: its 20-pixel border is the ring, the 16 inside are the body")
  func ringOfSquare() {
    let image = Self.sprite(size: 6, margin: 2, ring: black, body: red)
    let ring = OutlineRing(of: image)
    #expect(ring.keys == [0x000000])
    #expect(ring.weights == [20 * 255])
    #expect(ring.medianColor == black)
    let palette = PaletteExtractor(maxColors: 8).palette(of: image)
    #expect(palette.dominant?.color == black)
    let outline = Outline(ring: ring, visibleWeight: palette.totalWeight)
    #expect(outline?.color == black)
    #expect(outline?.share == 20.0 / 36.0)
    #expect(palette.bodyDominant(outside: ring)?.color == red)
  }

  @Test("a body shaded with the outline's black still has the body's colour as dominant")
  func shadedBody() {
    // A 10 x 10 square: a black ring of 36, inside 64 of which 40 are black shading, 24 red.
    var image = Self.sprite(size: 10, margin: 1, ring: black, body: black)
    for y in 0..<8 {
      for x in 0..<3 { image[2 + x, 2 + y] = red }
    }
    let ring = OutlineRing(of: image)
    let palette = PaletteExtractor(maxColors: 8).palette(of: image)
    let outline = Outline(ring: ring, visibleWeight: palette.totalWeight)
    #expect(outline?.color == black)
    // Off the ring, black (40) still outweighs red (24); the outline's colour is passed over.
    #expect(palette.bodyDominant(outside: ring)?.color == black)
    #expect(palette.bodyDominant(outside: ring, outline: black)?.color == red)
    // A thin shape: every red pixel is on the ring too, yet red is the body's colour.
    var thin = Self.sprite(size: 12, margin: 1, ring: black, body: black)
    for x in 1..<13 { thin[x, 1] = red }
    let thinRing = OutlineRing(of: thin)
    let thinPalette = PaletteExtractor(maxColors: 8).palette(of: thin)
    #expect(thinPalette.bodyDominant(outside: thinRing, outline: black)?.color == red)
    // All black: nothing else, so the outline's colour it is.
    let plain = Self.sprite(size: 6, margin: 1, ring: black, body: black)
    #expect(
      PaletteExtractor(maxColors: 8).palette(of: plain).bodyDominant(
        outside: OutlineRing(of: plain), outline: black)?.color == black)
  }

  @Test("pixels on the image edge are on the ring; a fully opaque image's ring is its border")
  func imageEdge() {
    let image = Self.sprite(size: 5, margin: 0, ring: red, body: black)
    let ring = OutlineRing(of: image)
    #expect(ring.keys == [0xd02020])
    #expect(ring.totalWeight == 16 * 255)
    // A red ring is not dark: no outline.
    let palette = PaletteExtractor(maxColors: 8).palette(of: image)
    #expect(Outline(ring: ring, visibleWeight: palette.totalWeight) == nil)
  }

  @Test("a hole inside the sprite rings its neighbours; translucent pixels count by alpha")
  func holeAndAlpha() {
    var image = Self.sprite(size: 7, margin: 1, ring: black, body: red)
    image[4, 4] = RGBA8(r: 0, g: 0, b: 0, a: 0)
    image[2, 2] = RGBA8(r: 0xd0, g: 0x20, b: 0x20, a: 100)
    let ring = OutlineRing(of: image)
    // The hole's four red neighbours join the ring; (2, 2) is inside, next to no hole.
    #expect(ring.keys == [0x000000, 0xd02020])
    #expect(ring.weights == [24 * 255, 4 * 255])
    #expect(ring.medianColor == black)
  }

  @Test("the median is by OKLab lightness and weight: a mostly light ring is no outline")
  func median() {
    let white = RGBA8(r: 255, g: 255, b: 255)
    var image = Self.sprite(size: 6, margin: 1, ring: white, body: red)
    for x in 1...3 { image[x, 1] = black }
    let ring = OutlineRing(of: image)
    #expect(ring.medianColor == white)
    #expect(Outline(ring: ring, visibleWeight: 36 * 255) == nil)
    for x in 1...6 {
      image[x, 1] = black
      image[x, 6] = black
    }
    for y in 1...6 { image[1, y] = black }
    #expect(OutlineRing(of: image).medianColor == black)
  }

  @Test("no visible pixel: an empty ring, no outline, no dominant")
  func transparent() {
    let image = RGBAImage(width: 4, height: 3, filledWith: RGBA8(r: 9, g: 9, b: 9, a: 0))
    let ring = OutlineRing(of: image)
    #expect(ring.keys.isEmpty && ring.totalWeight == 0 && ring.medianColor == nil)
    #expect(Outline(ring: ring, visibleWeight: 0) == nil)
    #expect(PaletteExtractor().palette(of: image).bodyDominant(outside: ring) == nil)
  }

  @Test("random sprites: the body dominant is the most populous entry of the pixels off the ring")
  func randomSprites() {
    var random = SeededRandomForColor(seed: 0x0B0D1)
    let colours = (0..<4).map { _ in random.color() }
    for _ in 0..<200 {
      let side = 3 + Int(random.byte()) % 14
      let image = RGBAImage(width: side, height: side) { _, _ in
        let pick = Int(random.byte()) % 6
        return pick < 4 ? colours[pick] : RGBA8(r: 0, g: 0, b: 0, a: 0)
      }
      let ring = OutlineRing(of: image)
      // Four colours, palette of 8: every entry is an exact colour, so the body's weights can
      // be counted directly from the pixels off the ring.
      let palette = PaletteExtractor(maxColors: 8).palette(of: image)
      var body = [RGBA8: Int]()
      var ringWeight = 0
      for y in 0..<side {
        for x in 0..<side where image[x, y].a > 0 {
          let neighbours = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
          let onRing = neighbours.contains { u, v in
            !(0..<side).contains(u) || !(0..<side).contains(v) || image[u, v].a == 0
          }
          if onRing { ringWeight += 255 } else { body[image[x, y], default: 0] += 255 }
        }
      }
      #expect(ring.totalWeight == ringWeight)
      // The first entry, in the palette's order, with the most body weight; the dominant
      // entry when no pixel is off the ring.
      var expected = palette.dominant
      var most = 0
      for entry in palette.entries where body[entry.color, default: 0] > most {
        (expected, most) = (entry, body[entry.color, default: 0])
      }
      #expect(palette.bodyDominant(outside: ring) == expected)
    }
  }
}
