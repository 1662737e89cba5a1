import SpriteCore
import Testing

@Suite("HSL")
struct HSLTests {
  private func expectHSL(
    _ color: RGBA8, _ h: Double, _ s: Double, _ l: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let hsl = HSL(color)
    #expect(abs(hsl.hue - h) < 1e-9, "h \(hsl.hue)", sourceLocation: sourceLocation)
    #expect(abs(hsl.saturation - s) < 1e-9, "s \(hsl.saturation)", sourceLocation: sourceLocation)
    #expect(abs(hsl.lightness - l) < 1e-9, "l \(hsl.lightness)", sourceLocation: sourceLocation)
  }

  @Test("primaries, secondaries and greys")
  func reference() {
    expectHSL(RGBA8(r: 255, g: 0, b: 0), 0, 1, 0.5)
    expectHSL(RGBA8(r: 0, g: 255, b: 0), 120, 1, 0.5)
    expectHSL(RGBA8(r: 0, g: 0, b: 255), 240, 1, 0.5)
    expectHSL(RGBA8(r: 255, g: 255, b: 0), 60, 1, 0.5)
    expectHSL(RGBA8(r: 0, g: 255, b: 255), 180, 1, 0.5)
    expectHSL(RGBA8(r: 255, g: 0, b: 255), 300, 1, 0.5)
    expectHSL(RGBA8(r: 0, g: 0, b: 0), 0, 0, 0)
    expectHSL(RGBA8(r: 255, g: 255, b: 255), 0, 0, 1)
    expectHSL(RGBA8(r: 51, g: 51, b: 51), 0, 0, 0.2)
  }

  @Test("Android's saturation Δ/(1 − |2L − 1|) for light and dark colours")
  func saturation() {
    // #ff8080: max 1, min 128/255, L = (1 + 128/255)/2, Δ = 127/255, S = Δ/(2 − 2L) = 1.
    expectHSL(RGBA8(r: 255, g: 128, b: 128), 0, 1, (1 + 128.0 / 255) / 2)
    // #804040: max 128/255, min 64/255, L = 96/255, S = (64/255)/(2·96/255) = 1/3.
    expectHSL(RGBA8(r: 128, g: 64, b: 64), 0, 1.0 / 3, 96.0 / 255)
    // Negative hue wraps: #ff0080 → 360 − 30.12°.
    let pink = HSL(RGBA8(r: 255, g: 0, b: 128))
    #expect(abs(pink.hue - (360 - 60 * 128.0 / 255)) < 1e-9)
  }

  @Test("every component stays in range for random colours")
  func ranges() {
    var random = SeededRandomForColor(seed: 360)
    for _ in 0..<5000 {
      let hsl = HSL(random.color())
      #expect(hsl.hue >= 0 && hsl.hue < 360)
      #expect(hsl.saturation >= 0 && hsl.saturation <= 1)
      #expect(hsl.lightness >= 0 && hsl.lightness <= 1)
    }
  }
}
