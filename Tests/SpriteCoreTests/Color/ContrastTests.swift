import SpriteCore
import Testing

@Suite("Contrast")
struct ContrastTests {
  let white = RGBA8(r: 255, g: 255, b: 255)
  let black = RGBA8(r: 0, g: 0, b: 0)

  private func grey(_ v: UInt8) -> RGBA8 { RGBA8(r: v, g: v, b: v) }

  @Test("relative luminance of white, black and the primaries")
  func luminance() {
    #expect(Contrast.relativeLuminance(white) == 1)
    #expect(Contrast.relativeLuminance(black) == 0)
    #expect(Contrast.relativeLuminance(RGBA8(r: 255, g: 0, b: 0)) == 0.2126)
    #expect(Contrast.relativeLuminance(RGBA8(r: 0, g: 255, b: 0)) == 0.7152)
    #expect(Contrast.relativeLuminance(RGBA8(r: 0, g: 0, b: 255)) == 0.0722)
  }

  @Test("WCAG checks: white/black 21, #777777 on white 4.48, #767676 on white 4.54")
  func wcagReference() {
    #expect(abs(Contrast.contrastRatio(white, black) - 21) < 1e-12)
    #expect(abs(Contrast.contrastRatio(grey(0x77), white) - 4.48) < 0.005)
    #expect(abs(Contrast.contrastRatio(grey(0x76), white) - 4.54) < 0.005)
    #expect(Contrast.contrastRatio(grey(0x77), white) < 4.5)
    #expect(Contrast.contrastRatio(grey(0x76), white) >= 4.5)
  }

  @Test("the WCAG ratio is symmetric, 1 for equal colours and within 1...21")
  func wcagProperties() {
    var random = SeededRandomForColor(seed: 21)
    for _ in 0..<2000 {
      let x = random.color()
      let y = random.color()
      let ratio = Contrast.contrastRatio(x, y)
      #expect(ratio == Contrast.contrastRatio(y, x))
      #expect(ratio >= 1 && ratio <= 21)
      #expect(Contrast.contrastRatio(x, x) == 1)
    }
  }

  @Test("the WCAG ratio ignores alpha")
  func wcagIgnoresAlpha() {
    let translucent = RGBA8(r: 0x76, g: 0x76, b: 0x76, a: 10)
    #expect(Contrast.contrastRatio(translucent, white) == Contrast.contrastRatio(grey(0x76), white))
  }

  @Test("APCA checks: black on white 106.04, white on black −107.88, #888888 on white 63.06")
  func apcaReference() {
    #expect(abs(Contrast.apcaContrast(text: black, background: white) - 106.04) < 0.005)
    #expect(abs(Contrast.apcaContrast(text: white, background: black) + 107.88) < 0.005)
    #expect(abs(Contrast.apcaContrast(text: grey(0x88), background: white) - 63.06) < 0.005)
  }

  @Test("APCA depends on order, is zero for equal colours and has the polarity's sign")
  func apcaProperties() {
    #expect(Contrast.apcaContrast(text: grey(0x88), background: grey(0x88)) == 0)
    #expect(
      Contrast.apcaContrast(text: black, background: white)
        != -Contrast.apcaContrast(text: white, background: black))
    var random = SeededRandomForColor(seed: 98)
    for _ in 0..<2000 {
      let text = random.color()
      let background = random.color()
      let lc = Contrast.apcaContrast(text: text, background: background)
      let yText = Contrast.apcaLuminance(text)
      let yBackground = Contrast.apcaLuminance(background)
      #expect(lc.isFinite && lc > -108.5 && lc < 106.5)
      if lc > 0 { #expect(yBackground > yText) }
      if lc < 0 { #expect(yBackground < yText) }
    }
  }

  @Test("APCA luminance is a pure 2.4 power with Lindbloom's coefficients")
  func apcaLuminance() {
    #expect(Contrast.apcaLuminance(white) == 0.2126729 + 0.7151522 + 0.0721750)
    let v = 10.0 / 255
    // No linear segment near black, unlike the sRGB decoding.
    #expect(
      abs(Contrast.apcaLuminance(grey(10)) - (0.2126729 + 0.7151522 + 0.0721750) * pow(v, 2.4))
        < 1e-15)
  }

  @Test("compositing follows Android's integer rule")
  func composite() {
    let background = RGBA8(r: 200, g: 100, b: 0)
    #expect(
      Contrast.composite(RGBA8(r: 10, g: 20, b: 30, a: 255), over: background)
        == RGBA8(r: 10, g: 20, b: 30))
    #expect(Contrast.composite(RGBA8(r: 10, g: 20, b: 30, a: 0), over: background) == background)
    // (255·128 + 200·127)/255 = 227.6 → 227 (truncated); (0·128 + 100·127)/255 = 49.8 → 49.
    let half = Contrast.composite(RGBA8(r: 255, g: 0, b: 255, a: 128), over: background)
    #expect(half == RGBA8(r: 227, g: 49, b: 128))
    // The background's own alpha is ignored; the result is opaque.
    let translucentBackground = RGBA8(r: 200, g: 100, b: 0, a: 3)
    #expect(Contrast.composite(RGBA8(r: 0, g: 0, b: 0, a: 0), over: translucentBackground).a == 255)
  }
}
