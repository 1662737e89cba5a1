import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("A sprite's Material source colour and accent")
struct MaterialSourceTests {
  /// A palette of colours with alpha-weighted weights.
  func palette(_ weights: [(UInt32, Int)]) -> Palette {
    Palette(
      weights: weights.map {
        (MaterialGoldens.color(Substring(String($0.0, radix: 16).leftPadded)), $0.1)
      })
  }

  @Test("a grey sprite's source is its own most populous colour, not Material's blue")
  func greySprite() throws {
    let source = try #require(
      MaterialSource(palette: palette([(0x808080, 500), (0x202020, 300), (0xF0F0F0, 100)])))
    #expect(source.source == RGBA8(r: 0x80, g: 0x80, b: 0x80))
    #expect(!source.isChromatic)
    #expect(source.accent == nil)
    #expect(source.ranked.isEmpty)
  }

  @Test("grey: no Score candidate, or colours of chroma 8 or more on under 5% of the pixels")
  func isGrey() throws {
    func grey(_ weights: [(UInt32, Int)]) throws -> Bool {
      try #require(MaterialSource(palette: palette(weights))).isGrey
    }
    // Pure greys; warm and cool near-greys (HCT chroma 2-7) however many pixels they cover.
    #expect(try grey([(0x808080, 500), (0x202020, 300), (0xF0F0F0, 100)]))
    #expect(try grey([(0x8A8682, 500), (0x7E8288, 500), (0x000000, 200)]))
    // A red eye on 1% and on 2.9% of a grey skull: a detail, still grey.
    #expect(try grey([(0xC8C8C8, 700), (0x000000, 290), (0xE02020, 10)]))
    #expect(try grey([(0xC8C8C8, 700), (0x000000, 271), (0xE02020, 29)]))
    // Red on 3% or 6%, or a green body: colourful.
    #expect(try !grey([(0xC8C8C8, 700), (0x000000, 270), (0xE02020, 30)]))
    #expect(try !grey([(0xC8C8C8, 700), (0x000000, 240), (0xE02020, 60)]))
    #expect(try !grey([(0x78C850, 600), (0x000000, 400)]))
    let share = try #require(
      MaterialSource(palette: palette([(0xC8C8C8, 700), (0x000000, 240), (0xE02020, 60)]))
    ).chromaticShare
    #expect(abs(share - 0.06) < 1e-12)
  }

  @Test("a transparent sprite has no source")
  func transparentSprite() {
    #expect(MaterialSource(palette: Palette(weights: [])) == nil)
  }

  @Test("the black outline never becomes the source or the accent")
  func outline() throws {
    let p = palette([(0x000000, 4000), (0xF8D030, 1500), (0xC8A020, 600), (0xFFFFFF, 300)])
    let source = try #require(MaterialSource(palette: p))
    #expect(source.isChromatic)
    #expect(source.source == RGBA8(r: 0xF8, g: 0xD0, b: 0x30))
    #expect(source.accent == RGBA8(r: 0xF8, g: 0xD0, b: 0x30))
  }

  @Test("a dark chromatic outline may be the source, but the accent is the body colour")
  func chromaticOutline() throws {
    // A navy outline (tone ~12) covering most of the sprite, an orange body.
    let p = palette([(0x101848, 5000), (0xF08030, 900), (0xF8F8F8, 200)])
    let source = try #require(MaterialSource(palette: p))
    #expect(source.source == RGBA8(r: 0x10, g: 0x18, b: 0x48))
    #expect(HCT(source.source).tone < MaterialSource.outlineTone)
    #expect(source.accent == RGBA8(r: 0xF0, g: 0x80, b: 0x30))
  }

  @Test("only alpha-weighted weights count: a faint large area loses to a small opaque one")
  func alphaWeighted() throws {
    // 1000 pixels of red at alpha 10 weigh 10 000; 200 opaque green pixels weigh 51 000.
    let p = palette([(0xFF0000, 1000 * 10), (0x00C000, 200 * 255)])
    let source = try #require(MaterialSource(palette: p))
    #expect(source.source == RGBA8(r: 0, g: 0xC0, b: 0))
  }
}

extension String {
  /// Six hex digits, zero-padded on the left.
  fileprivate var leftPadded: String { String(repeating: "0", count: max(0, 6 - count)) + self }
}
