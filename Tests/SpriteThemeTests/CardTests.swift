import SpriteTheme
import Testing
import _SpriteTestSupport

@Suite("Theme.Card")
struct CardTests {
  static let red = RGBA8(r: 200, g: 30, b: 30)
  static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

  @Test("the seed extent is used when it has any coverage")
  func seed() throws {
    let card = try #require(
      Theme.Card(image: SyntheticSprites.solid(Self.red, width: 32, height: 32)))
    #expect(card.extent.name == "seed")
    #expect(card.background == "#c81e1e")
    #expect(card.text.contrast >= 4.5)
  }

  @Test("an empty seed extent falls back to centre, then full; a transparent sprite has no card")
  func fallbacks() throws {
    // 32 x 32: seed is columns [16, 20), rows [12, 16); centre is [14, 18) x [14, 18).
    let centreOnly = RGBAImage(width: 32, height: 32) { x, y in
      (14..<16).contains(x) && (16..<18).contains(y) ? Self.red : Self.clear
    }
    #expect(Theme.Card(image: centreOnly)?.extent.name == "centre")
    let cornerOnly = RGBAImage(width: 32, height: 32) { x, y in
      x == 0 && y == 0 ? Self.red : Self.clear
    }
    let corner = try #require(Theme.Card(image: cornerOnly))
    #expect(corner.extent.name == "full")
    #expect(corner.background == "#c81e1e")
    #expect(Theme.Card(image: SyntheticSprites.solid(Self.clear, width: 8, height: 8)) == nil)
  }
}
