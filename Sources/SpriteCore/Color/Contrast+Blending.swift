extension Contrast {
  /// How a translucent text colour is blended over its opaque background before it is measured.
  ///
  /// Front ends blend differently, and the difference decides borderline ratios: black at alpha
  /// 0x6d on `#eddcea` measures 3.022 after Android's truncation but 2.99 blended exactly, as
  /// browsers and axe do. A text colour is readable only if it passes under both and under every
  /// other 8-bit rounding (``Contrast/lowestRenderedRatio(text:on:)``, ``TextColor/contrast``).
  public enum Blending: CaseIterable, Hashable, Sendable {
    /// Floating-point blending of the sRGB-encoded values, never rounded: each channel is
    /// (fg·α + bg·(255 − α)) / 255 as a real number, as browsers, axe and Lighthouse compute it
    /// (CSS Compositing Level 1, simple alpha compositing, in the encoded space).
    case exact
    /// Android's 8-bit blending, each channel truncated toward zero (``Contrast/composite(_:over:)``,
    /// androidx `ColorUtils.compositeColors`).
    case truncating
  }

  /// The WCAG 2 contrast ratio of `text` (straight alpha) blended over `background` (taken as
  /// opaque) against that background.
  public static func contrastRatio(text: RGBA8, on background: RGBA8, blending: Blending) -> Double
  {
    contrastRatio(
      luminance: relativeLuminance(of: text, over: background, blending: blending),
      relativeLuminance(background))
  }

  /// The APCA lightness contrast Lc of `text` (straight alpha) blended over `background` (taken
  /// as opaque), read as text on that background.
  public static func apcaContrast(text: RGBA8, on background: RGBA8, blending: Blending) -> Double {
    let textLuminance: Double
    switch blending {
    case .truncating:
      textLuminance = apcaLuminance(composite(text, over: background))
    case .exact:
      let x = blend(text, over: background)
      textLuminance =
        0.2126729 * pow(x.r, 2.4) + 0.7151522 * pow(x.g, 2.4) + 0.0721750 * pow(x.b, 2.4)
    }
    return apcaContrast(
      textLuminance: textLuminance, backgroundLuminance: apcaLuminance(background))
  }

  /// The WCAG 2 relative luminance of `text` (straight alpha) blended over `background`.
  ///
  /// For ``Blending/exact`` the channels are decoded from their unrounded encoded values with
  /// the same sRGB curve as ``SRGB/toLinear(_:)``; at alpha 0 and 255 both blendings give exactly
  /// the luminance of the background and of the opaque text.
  public static func relativeLuminance(
    of text: RGBA8, over background: RGBA8, blending: Blending
  ) -> Double {
    switch blending {
    case .truncating:
      return relativeLuminance(composite(text, over: background))
    case .exact:
      let x = blend(text, over: background)
      return 0.2126 * SRGB.toLinear(x.r) + 0.7152 * SRGB.toLinear(x.g)
        + 0.0722 * SRGB.toLinear(x.b)
    }
  }

  /// `text` (straight alpha) blended exactly over `background` (alpha ignored): each channel's
  /// encoded value as a fraction of 255, (fg·α + bg·(255 − α)) / 255², unrounded.
  ///
  /// The numerator is an integer and the one division is correctly rounded, so the value is the
  /// `Double` nearest the true blend: at alpha 255 it is `fg / 255` exactly, at alpha 0 `bg / 255`.
  public static func blend(
    _ text: RGBA8, over background: RGBA8
  ) -> (r: Double, g: Double, b: Double) {
    let alpha = Int(text.a)
    func channel(_ fg: UInt8, _ bg: UInt8) -> Double {
      Double(Int(fg) * alpha + Int(bg) * (255 - alpha)) / 65025
    }
    return (
      channel(text.r, background.r), channel(text.g, background.g), channel(text.b, background.b)
    )
  }
}

extension Contrast {
  /// Android's truncated composite and its ceiling (each channel the truncation cut, one step
  /// up): the exact blend lies between the two, channel by channel, and so does every 8-bit
  /// composite a renderer may produce (``renderedComposites(_:over:)``).
  static func compositeBounds(
    _ text: RGBA8, over background: RGBA8
  ) -> (truncated: RGBA8, ceiling: RGBA8) {
    let alpha = Int(text.a)
    var truncated = RGBA8(r: 0, g: 0, b: 0)
    var ceiling = truncated
    func channel(_ fg: UInt8, _ bg: UInt8) -> (UInt8, UInt8) {
      let (quotient, remainder) = (Int(fg) * alpha + Int(bg) * (255 - alpha)).quotientAndRemainder(
        dividingBy: 255)
      return (UInt8(quotient), UInt8(quotient + (remainder == 0 ? 0 : 1)))
    }
    (truncated.r, ceiling.r) = channel(text.r, background.r)
    (truncated.g, ceiling.g) = channel(text.g, background.g)
    (truncated.b, ceiling.b) = channel(text.b, background.b)
    return (truncated, ceiling)
  }
}
