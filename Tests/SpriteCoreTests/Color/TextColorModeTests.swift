import SpriteCore
import Testing

@Suite("TextColor.Mode")
struct TextColorModeTests {
  @Test("opaque text is full-strength white or black, whichever contrasts more")
  func opaqueChoosesStronger() {
    var random = SeededRandomForColor(seed: 0x0FA)
    var backgrounds = (0...255).map { RGBA8(r: UInt8($0), g: UInt8($0), b: UInt8($0)) }
    for _ in 0..<5000 { backgrounds.append(random.color()) }
    for background in backgrounds {
      let text = TextColors(background: background, mode: .opaque)
      let onWhite = BlendReference.exactRatio(TextColor.white, on: background)
      let onBlack = BlendReference.exactRatio(TextColor.black, on: background)
      let expected = onWhite >= onBlack ? TextColor.white : TextColor.black
      #expect(text.title.color == expected && text.body.color == expected, "\(background)")
      #expect(text.title.hex.count == 7)
      #expect(text.body.contrast == max(onWhite, onBlack))
      #expect(text.body.contrast >= 4.5 && text.title.contrast >= 3.0)
      #expect(TextColor.cardText(on: background, mode: .opaque) == text.body)
      let swatch = Swatches.Swatch(
        entry: Palette.Entry(color: background, weight: 1, population: 1), score: 0,
        textMode: .opaque)
      #expect(swatch.titleText == text.title && swatch.bodyText == text.body)
    }
  }

  @Test("minimum alpha is the default everywhere")
  func defaultMode() {
    let background = RGBA8(r: 0xd3, g: 0x2f, b: 0x2f)
    #expect(
      TextColors(background: background) == TextColors(background: background, mode: .minimumAlpha))
    #expect(TextColor.cardText(on: background).color.a < 255)
    #expect(
      TextColor.readable(on: background, minimumContrast: 4.5)
        == TextColor.readable(on: background, minimumContrast: 4.5, mode: .minimumAlpha))
  }

  @Test("when neither white nor black reaches the ratio, both modes return nil")
  func unreachable() {
    // #767676: white reaches 4.54, black 4.62; 7 is out of reach.
    let grey = RGBA8(r: 0x76, g: 0x76, b: 0x76)
    for mode in TextColor.Mode.allCases {
      #expect(TextColor.readable(on: grey, minimumContrast: 7, mode: mode) == nil)
      #expect(TextColor.readable(on: grey, minimumContrast: 4.5, mode: mode) != nil)
    }
    #expect(TextColor.strongest(on: grey).color == TextColor.black)
    #expect(TextColor.strongest(on: RGBA8(r: 0x20, g: 0x20, b: 0x20)).color == TextColor.white)
  }

  @Test("the modes are named as on the command line")
  func names() {
    #expect(TextColor.Mode.allCases.map(\.rawValue) == ["minimum-alpha", "opaque"])
  }
}
