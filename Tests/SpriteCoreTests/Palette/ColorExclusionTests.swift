import SpriteCore
import Testing

/// Issue 33 item 3 (the core part): `--exclude-color HEX[~DELTA][,...]` parsed and applied.
@Suite("ColorExclusion")
struct ColorExclusionTests {
  @Test("HEX, #HEX and HEX~DELTA parse; the default radius is 2")
  func parsing() throws {
    let exclusion = try ColorExclusion(parsing: "ff00ff,#00FF00~5.5,123456~0")
    #expect(exclusion.entries.map(\.color.hex) == ["#ff00ff", "#00ff00", "#123456"])
    #expect(exclusion.entries.map(\.radius) == [2, 5.5, 0])
    #expect(exclusion.canonical == "#ff00ff~2.0,#00ff00~5.5,#123456~0.0")
  }

  @Test("malformed or out-of-range values are refused, naming the value")
  func refused() {
    for value in [
      "", "ff00f", "#gg00ff", "ff00ff~", "ff00ff~x", "ff00ff~-1", "ff00ff~101",
      "ff00ff~nan", "ff00ff,,00ff00",
    ] {
      #expect {
        _ = try ColorExclusion(parsing: value)
      } throws: { error in
        let text = "\(error)"
        return !text.contains("\n") && text.contains("\"\(value)\"")
      }
    }
  }

  @Test("masking hides exactly the pixels within the radius; no exclusion keeps the image")
  func masking() throws {
    let magenta = RGBA8(r: 255, g: 0, b: 255)
    let near = RGBA8(r: 254, g: 1, b: 254)
    let red = RGBA8(r: 200, g: 30, b: 30)
    let image = RGBAImage(width: 3, height: 1) { x, _ in [magenta, near, red][x] }
    #expect(ColorExclusion().masking(image) == image)
    let masked = try ColorExclusion(parsing: "ff00ff").masking(image)
    #expect(masked[0, 0].a == 0)
    #expect((masked[1, 0].a == 0) == (CIEDE2000.difference(magenta, near) <= 2))
    #expect(masked[2, 0] == red)
    let exact = try ColorExclusion(parsing: "ff00ff~0").masking(image)
    #expect(exact[0, 0].a == 0 && exact[1, 0].a == 255)
    let palette = PaletteExtractor().palette(of: masked)
    #expect(!palette.entries.contains { $0.color == magenta })
  }
}
