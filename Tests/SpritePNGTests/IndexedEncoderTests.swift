import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// Indexed files (SPEC section 7): at most 256 colours are written as colour type 3 with PLTE
/// and tRNS at the smallest bit depth when the palette is cheap (3 bytes a colour fewer than the
/// pixels differing from the one before them), else RGBA8; the pixels always come back exactly.
@Suite("PNGEncoder indexed files")
struct IndexedEncoderTests {
  let decoder = PNGDecoder(limits: .init(maxSide: 4096, maxPixels: 1 << 22))

  /// A palette size and the bit depth it needs, with or without non-opaque colours.
  struct Case: Sendable, CustomTestStringConvertible {
    let colors: Int
    let depth: UInt8
    let transparent: Bool
    var testDescription: String { "\(colors) colours, depth \(depth), transparent \(transparent)" }
  }

  static let cases: [Case] = [1, 2, 3, 4, 5, 16, 17, 255, 256].flatMap { colors in
    let depth: UInt8 = colors <= 2 ? 1 : colors <= 4 ? 2 : colors <= 16 ? 4 : 8
    return [false, true].map { Case(colors: colors, depth: depth, transparent: $0) }
  }

  @Test(
    "each bit depth round-trips, with PLTE and a tRNS of exactly the non-opaque colours",
    arguments: cases)
  func indexedRoundTrip(_ c: Case) throws {
    // Odd widths, so rows of 1, 2 and 4 bits end inside a byte.
    for width in [1, 7, 61] {
      let colors = Self.distinctColors(c.colors, transparent: c.transparent, seed: UInt64(width))
      let image = Self.noise(of: colors, width: width, height: 64, seed: UInt64(c.colors))
      let png = try PNGEncoder.encode(image)
      let label = "\(c.testDescription), width \(width)"
      #expect(decoder.decodedBothWays(png, label).image == image, "\(label)")
      // One colour, or a narrow image of many, has a palette dearer than its detail: RGBA8.
      #expect((Self.header(png).colorType == 3) == Self.indexable(image), "\(label)")
      guard Self.indexable(image) else { continue }
      let used = Self.distinctPixels(image)
      if width == 61 { #expect(used.count == c.colors, "\(label): every colour drawn") }
      #expect(Self.header(png).colorType == 3, "\(label)")
      #expect(Self.header(png).depth == Self.minimalDepth(used.count), "\(label)")
      let chunks = Self.chunks(png)
      let nonOpaque = used.filter { $0 & 0xFF != 255 }.count
      #expect(chunks.map(\.type) == Self.indexedLayout(transparent: nonOpaque > 0), "\(label)")
      #expect(chunks[1].data.count == 3 * used.count, "\(label): PLTE of every colour once")
      if let trns = chunks.first(where: { $0.type == "tRNS" }) {
        // Non-opaque entries first, so tRNS ends at the last of them.
        #expect(trns.data.count == nonOpaque && trns.data.allSatisfy { $0 != 255 }, "\(label)")
      }
    }
  }

  @Test("256 colours are indexed, 257 are RGBA8")
  func paletteLimit() throws {
    for (count, colorType) in [(256, UInt8(3)), (257, 6)] {
      let colors = Self.distinctColors(count, transparent: true, seed: 256)
      let image = Self.noise(of: colors, width: 128, height: 128, seed: UInt64(count))
      let png = try PNGEncoder.encode(image)
      #expect(Self.header(png).colorType == colorType, "\(count) colours")
      #expect(Self.header(png).depth == 8)
      #expect(decoder.decodedBothWays(png, "\(count) colours").image == image)
      if colorType == 6 { #expect(Self.chunks(png).map(\.type) == ["IHDR", "IDAT", "IEND"]) }
    }
  }

  @Test("partly transparent alphas, and one RGB at several alphas, keep every channel")
  func partialAlphas() throws {
    let alphas: [UInt8] = [0, 1, 127, 128, 254, 255]
    var colors: [RGBA8] = []
    for (i, alpha) in alphas.enumerated() {
      colors.append(RGBA8(r: 40, g: 80, b: 120, a: alpha))  // the same RGB each time
      colors.append(RGBA8(r: UInt8(i * 40), g: 0, b: UInt8(255 - i * 40), a: alpha))
    }
    let image = Self.noise(of: colors, width: 48, height: 48, seed: 12)
    let png = try PNGEncoder.encode(image)
    #expect(Self.header(png).colorType == 3 && Self.header(png).depth == 4)
    let trns = try #require(Self.chunks(png).first { $0.type == "tRNS" })
    #expect(trns.data.count == 10 && trns.data.allSatisfy { $0 != 255 })
    #expect(decoder.decodedBothWays(png, "partial alphas").image == image)
  }

  @Test("seeded random images round-trip, indexed when the palette is cheap, at the minimal depth")
  func randomImages() throws {
    var rng = SeededRandom(seed: 0x1DE7_0007)
    for trial in 0..<150 {
      let width = Int.random(in: 1...48, using: &rng)
      let height = Int.random(in: 1...48, using: &rng)
      let count = [1, 2, 3, 4, 9, 16, 17, 100, 256, 257, 400].randomElement(using: &rng)!
      let colors = Self.distinctColors(
        count, transparent: Bool.random(using: &rng), seed: rng.next())
      let runs = Int.random(in: 1...6, using: &rng)
      let image = RGBAImage(width: width, height: height) { x, y in
        colors[((y * width + x) / runs + y * 7) % colors.count]
      }
      let label = "trial \(trial): \(width)x\(height), \(count) colours, runs \(runs)"
      let png = try PNGEncoder.encode(image)
      #expect(decoder.decodedBothWays(png, label).image == image, "\(label)")
      #expect((Self.header(png).colorType == 3) == Self.indexable(image), "\(label)")
      let header = Self.header(png)
      let used = Self.distinctPixels(image).count
      if header.colorType == 3 {
        #expect(used <= 256 && header.depth == Self.minimalDepth(used), "\(label)")
      } else {
        #expect(header.colorType == 6 && header.depth == 8, "\(label)")
      }
    }
  }

  @Test("the RGBA8 format is colour type 6 whatever the colours")
  func rgba8Format() throws {
    let colors = Self.distinctColors(3, transparent: false, seed: 1)
    let image = Self.noise(of: colors, width: 10, height: 10, seed: 1)
    let png = try PNGEncoder.encode(image, format: .rgba8)
    #expect(Self.header(png).colorType == 6 && Self.header(png).depth == 8)
    #expect(Self.chunks(png).map(\.type) == ["IHDR", "IDAT", "IEND"])
    #expect(try decoder.decode(png) == image)
  }
}

extension IndexedEncoderTests {
  /// `count` distinct colours from a seeded generator; with `transparent`, about a third of them
  /// have an alpha below 255 (0 included).
  static func distinctColors(_ count: Int, transparent: Bool, seed: UInt64) -> [RGBA8] {
    var rng = SeededRandom(seed: seed)
    var seen = Set<UInt32>()
    var colors: [RGBA8] = []
    while colors.count < count {
      let alpha: UInt8 =
        transparent && Int.random(in: 0..<3, using: &rng) == 0
        ? [0, 1, 100, 254].randomElement(using: &rng)! : 255
      let color = RGBA8(
        r: UInt8.random(in: 0...255, using: &rng), g: UInt8.random(in: 0...255, using: &rng),
        b: UInt8.random(in: 0...255, using: &rng), a: alpha)
      let key = UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(alpha)
      if seen.insert(key).inserted { colors.append(color) }
    }
    return colors
  }

  /// Pixels drawn at random from `colors` with a seeded generator: an indexed file needs a
  /// byte or less a pixel for them, an RGBA8 file far more, so the indexed one is the smaller.
  static func noise(of colors: [RGBA8], width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var rng = SeededRandom(seed: seed)
    return RGBAImage(width: width, height: height) { _, _ in colors.randomElement(using: &rng)! }
  }

  /// The distinct pixels of `image`, each as RGBA in one number (alpha in the low byte).
  static func distinctPixels(_ image: RGBAImage) -> Set<UInt32> {
    Set(
      stride(from: 0, to: image.pixels.count, by: 4).map { i in
        image.pixels[i..<(i + 4)].reduce(0) { $0 << 8 | UInt32($1) }
      })
  }

  /// Whether the encoder writes `image` indexed: at most 256 colours, and 3 bytes of PLTE a
  /// colour fewer than the pixels that differ from the pixel before them in row-major order.
  static func indexable(_ image: RGBAImage) -> Bool {
    let colors = distinctPixels(image).count
    var changes = 0
    for i in stride(from: 0, to: image.pixels.count, by: 4)
    where i == 0 || image.pixels[i..<(i + 4)] != image.pixels[(i - 4)..<i] {
      changes += 1
    }
    return colors <= 256 && 3 * colors < changes
  }

  /// The smallest PNG bit depth whose palette indices reach `colors` entries.
  static func minimalDepth(_ colors: Int) -> UInt8 {
    colors <= 2 ? 1 : colors <= 4 ? 2 : colors <= 16 ? 4 : 8
  }

  /// The chunk types expected of an indexed file.
  static func indexedLayout(transparent: Bool) -> [String] {
    transparent ? ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"] : ["IHDR", "PLTE", "IDAT", "IEND"]
  }

  /// The chunks of `png` in order (every IDAT after the first merged into it), read by hand.
  static func chunks(_ png: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)] {
    var offset = 8
    var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
    while offset + 12 <= png.count {
      let length = Int(PNGBytes.readBigEndian(png, at: offset))
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if !(type == "IDAT" && chunks.last?.type == "IDAT") {
        chunks.append((type, png[(offset + 8)..<(offset + 8 + length)]))
      }
      offset += 12 + length
    }
    #expect(offset == png.count)
    return chunks
  }

  /// IHDR's colour type and bit depth (PNG section 11.2.2).
  static func header(_ png: [UInt8]) -> (colorType: UInt8, depth: UInt8) {
    (png[25], png[24])
  }
}
