import SpriteCore
import Testing

@Suite("TextColor")
struct TextColorTests {
  let white = RGBA8(r: 255, g: 255, b: 255)
  let black = RGBA8(r: 0, g: 0, b: 0)

  @Test("minimum alpha of white on black and black on white (hand-computed)")
  func handChecked() {
    // White at alpha a over black composites to grey a; the first grey reaching 4.5 is 117,
    // reaching 3.0 is 90. Black over white gives 255 − a: 137 and 107.
    #expect(
      TextColor.minimumAlpha(foreground: white, background: black, minimumContrast: 4.5) == 117)
    #expect(
      TextColor.minimumAlpha(foreground: white, background: black, minimumContrast: 3.0) == 90)
    #expect(
      TextColor.minimumAlpha(foreground: black, background: white, minimumContrast: 4.5) == 137)
    #expect(
      TextColor.minimumAlpha(foreground: black, background: white, minimumContrast: 3.0) == 107)
  }

  @Test("nil when the opaque foreground fails; close to 255 when only just passing")
  func failing() {
    #expect(
      TextColor.minimumAlpha(foreground: white, background: white, minimumContrast: 1.5) == nil)
    #expect(
      TextColor.minimumAlpha(
        foreground: white, background: RGBA8(r: 255, g: 255, b: 0), minimumContrast: 3.0) == nil)
    // #767676 on white is 4.54: just passes opaque. At alpha 254 the blend is
    // (0x76·254 + 255·1)/255 = 118.5: Android truncates it to #767676, but a renderer that rounds
    // it up shows #777777, 4.48, so only the opaque grey holds in every rendering.
    let grey = RGBA8(r: 0x76, g: 0x76, b: 0x76)
    #expect(
      TextColor.minimumAlpha(foreground: grey, background: white, minimumContrast: 4.5) == 255)
    #expect(TextColor(RGBA8(r: 0x76, g: 0x76, b: 0x76, a: 254), on: white).contrast < 4.5)
    #expect(
      TextColor.minimumAlpha(foreground: grey, background: white, minimumContrast: 4.55) == nil)
  }

  @Test("the foreground's and background's own alpha are ignored")
  func alphaIgnored() {
    let translucentWhite = RGBA8(r: 255, g: 255, b: 255, a: 1)
    let translucentBlack = RGBA8(r: 0, g: 0, b: 0, a: 7)
    #expect(
      TextColor.minimumAlpha(
        foreground: translucentWhite, background: translucentBlack, minimumContrast: 4.5)
        == 117)
    #expect(TextColor(white, on: translucentBlack).background.a == 255)
  }

  @Test("for white and black on random backgrounds the alpha passes and one less fails")
  func minimalAndPassing() {
    var random = SeededRandomForColor(seed: 45)
    func ratio(_ shown: RGBA8, _ background: RGBA8) -> Double {
      Contrast.renderedComposites(shown, over: background).map {
        Contrast.contrastRatio($0, background)
      }.reduce(Contrast.contrastRatio(text: shown, on: background, blending: .exact), min)
    }
    for _ in 0..<3000 {
      let background = random.color()
      for foreground in [white, black] {
        for target in [3.0, 4.5, 7.0] {
          guard
            let alpha = TextColor.minimumAlpha(
              foreground: foreground, background: background, minimumContrast: target)
          else {
            #expect(Contrast.contrastRatio(foreground, background) < target)
            continue
          }
          var shown = foreground
          shown.a = UInt8(alpha)
          #expect(ratio(shown, background) >= target)
          if alpha > 0 {
            shown.a = UInt8(alpha - 1)
            #expect(
              ratio(shown, background) < target,
              "\(foreground) on \(background) at \(target): \(alpha) is not minimal")
          }
        }
      }
    }
  }

  @Test("a measured text colour reports the composited contrast and APCA")
  func measurement() {
    let text = TextColor(RGBA8(r: 255, g: 255, b: 255, a: 117), on: black)
    #expect(text.composited == RGBA8(r: 117, g: 117, b: 117))
    #expect(text.contrast == Contrast.contrastRatio(text.composited, black))
    #expect(text.apca == Contrast.apcaContrast(text: text.composited, background: black))
    #expect(text.apca < 0)
    #expect(text.hex == "#ffffff75")
    #expect(TextColor(white, on: black).hex == "#ffffff")
    #expect(abs(TextColor(white, on: black).contrast - 21) < 1e-12)
  }

  @Test("card text reaches 4.5 on every background and matches the body-text rule")
  func cardText() {
    var random = SeededRandomForColor(seed: 4_5)
    for _ in 0..<3000 {
      let background = random.color()
      let card = TextColor.cardText(on: background)
      #expect(card.contrast >= 4.5, "\(background)")
      #expect(card == TextColors(background: background).body)
    }
    #expect(TextColor.readable(on: RGBA8(r: 0x76, g: 0x76, b: 0x76), minimumContrast: 7) == nil)
  }
}

@Suite("TextColors")
struct TextColorsTests {
  @Test("white text on black, black text on white, at their minimum alphas")
  func extremes() {
    let onBlack = TextColors(background: RGBA8(r: 0, g: 0, b: 0))
    #expect(onBlack.title.hex == "#ffffff5a")
    #expect(onBlack.body.hex == "#ffffff75")
    let onWhite = TextColors(background: RGBA8(r: 255, g: 255, b: 255))
    #expect(onWhite.title.hex == "#0000006b")
    #expect(onWhite.body.hex == "#00000089")
  }

  @Test("every reported contrast meets its threshold on random backgrounds")
  func guarantee() {
    var random = SeededRandomForColor(seed: 0x5EED)
    for _ in 0..<10_000 {
      let background = random.color()
      let text = TextColors(background: background)
      #expect(text.title.contrast >= TextColors.minimumTitleContrast, "\(background)")
      #expect(text.body.contrast >= TextColors.minimumBodyContrast, "\(background)")
      for colour in [text.title, text.body] {
        #expect(colour.background == background)
        #expect(colour.composited == Contrast.composite(colour.color, over: background))
        #expect(
          colour.contrast == Contrast.lowestRenderedRatio(text: colour.color, on: background))
        #expect(colour.hex.count == (colour.color.a == 255 ? 7 : 9))
        let base = RGBA8(r: colour.color.r, g: colour.color.g, b: colour.color.b)
        #expect(base == TextColor.white || base == TextColor.black)
      }
      // For white and black the mixed case cannot happen: both texts use the same colour.
      #expect(text.title.color.r == text.body.color.r)
    }
  }

  @Test("the body search started at the title's alpha gives the full search's alpha")
  func bodyMatchesFullSearch() {
    // Every 12-bit colour (channels 0x00, 0x11, ... 0xff) and 20,000 random ones.
    var backgrounds = [RGBA8]()
    for r in 0..<16 {
      for g in 0..<16 {
        for b in 0..<16 {
          backgrounds.append(RGBA8(r: UInt8(r * 17), g: UInt8(g * 17), b: UInt8(b * 17)))
        }
      }
    }
    var random = SeededRandomForColor(seed: 0xB0D7)
    for _ in 0..<20_000 { backgrounds.append(random.color()) }
    for background in backgrounds {
      let text = TextColors(background: background)
      let base = RGBA8(r: text.body.color.r, g: text.body.color.g, b: text.body.color.b)
      let full = TextColor.minimumAlpha(
        foreground: base, background: background, minimumContrast: TextColors.minimumBodyContrast)
      #expect(full.map(UInt8.init) == text.body.color.a, "\(background)")
    }
  }

  @Test("every grey background works too, switching from white to black text once")
  func greys() {
    var switched = false
    for v in 0...255 {
      let background = RGBA8(r: UInt8(v), g: UInt8(v), b: UInt8(v))
      let text = TextColors(background: background)
      #expect(text.title.contrast >= 3.0 && text.body.contrast >= 4.5)
      if text.body.color.r == 0 { switched = true } else { #expect(!switched, "grey \(v)") }
    }
    #expect(switched)
  }

  @Test("white or black always reaches 4.5: the worst case is 4.58 at luminance 0.1791")
  func oneAlwaysPasses() {
    var worst = Double.infinity
    var worstLuminance = 0.0
    for step in 0...100_000 {
      let l = Double(step) / 100_000
      let best = max(
        Contrast.contrastRatio(luminance: 1, l), Contrast.contrastRatio(luminance: 0, l))
      if best < worst { (worst, worstLuminance) = (best, l) }
    }
    #expect(worst > 4.58 && worst < 4.59)
    #expect(abs(worstLuminance - 0.1791) < 0.0001)
    var random = SeededRandomForColor(seed: 4_58)
    for _ in 0..<20_000 {
      let background = random.color()
      let best = max(
        Contrast.contrastRatio(TextColor.white, background),
        Contrast.contrastRatio(TextColor.black, background))
      #expect(best >= 4.5)
    }
  }
}
