import SpriteCore
import Testing

@Suite("Contrast: blending translucent text")
struct ContrastBlendingTests {
  @Test("exact blending is unrounded: black at 0x6d on #eddcea, channel by channel")
  func exactValues() {
    let text = RGBA8(r: 0, g: 0, b: 0, a: 0x6d)
    let background = RGBA8(r: 0xed, g: 0xdc, b: 0xea)
    let blended = Contrast.blend(text, over: background)
    // 237·(255 − 109) / 255 = 135.69..., truncated by Android to 135.
    #expect(blended.r == Double(237 * 146) / 65025)
    #expect(blended.g == Double(220 * 146) / 65025)
    #expect(blended.b == Double(234 * 146) / 65025)
    #expect(Contrast.composite(text, over: background) == RGBA8(r: 135, g: 125, b: 133))
    let exact = Contrast.contrastRatio(text: text, on: background, blending: .exact)
    let truncating = Contrast.contrastRatio(text: text, on: background, blending: .truncating)
    #expect(exact < 3.0 && truncating >= 3.0)
    #expect(
      truncating == Contrast.contrastRatio(Contrast.composite(text, over: background), background))
  }

  @Test("at alpha 0 and 255 both blendings agree exactly with the opaque colours")
  func endpoints() {
    var random = SeededRandomForColor(seed: 0xE4D)
    for _ in 0..<2000 {
      var text = random.color()
      let background = random.color()
      for blending in Contrast.Blending.allCases {
        text.a = 255
        #expect(
          Contrast.relativeLuminance(of: text, over: background, blending: blending)
            == Contrast.relativeLuminance(RGBA8(r: text.r, g: text.g, b: text.b)))
        #expect(
          Contrast.apcaContrast(text: text, on: background, blending: blending)
            == Contrast.apcaContrast(
              text: RGBA8(r: text.r, g: text.g, b: text.b), background: background))
        text.a = 0
        #expect(
          Contrast.relativeLuminance(of: text, over: background, blending: blending)
            == Contrast.relativeLuminance(background))
      }
    }
  }

  @Test(
    "the exact blend lies within one step above Android's truncated one, and both match the reference"
  )
  func betweenSteps() {
    var random = SeededRandomForColor(seed: 0xB1E4D)
    for _ in 0..<5000 {
      var text = random.color()
      text.a = random.byte()
      let background = random.color()
      let exact = Contrast.blend(text, over: background)
      let truncated = Contrast.composite(text, over: background)
      for (value, step) in [(exact.r, truncated.r), (exact.g, truncated.g), (exact.b, truncated.b)]
      {
        #expect(value * 255 >= Double(step) - 1e-9 && value * 255 < Double(step) + 1)
      }
      #expect(
        Contrast.contrastRatio(text: text, on: background, blending: .exact)
          == BlendReference.exactRatio(text, on: background))
      #expect(
        Contrast.contrastRatio(text: text, on: background, blending: .truncating)
          == BlendReference.truncatingRatio(text, on: background))
    }
  }
}
