/// Text-to-background contrast: the WCAG 2 ratio and the APCA lightness contrast Lc.
///
/// Every function here reads colours as opaque 8-bit sRGB and ignores alpha; composite a
/// translucent colour over its background first (``composite(_:over:)``).
///
/// Sources: W3C, "Web Content Accessibility Guidelines (WCAG) 2.2", definitions of *relative
/// luminance* and *contrast ratio* (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance);
/// A. Somers, APCA, npm `apca-w3` 0.1.9, constants "0.0.98G-4g"
/// (https://github.com/Myndex/apca-w3), written from the published constants.
public enum Contrast {
  // MARK: WCAG 2

  /// The WCAG 2 relative luminance of an 8-bit sRGB colour, 0 (black) to 1 (white).
  ///
  /// L = 0.2126 R + 0.7152 G + 0.0722 B over linear-light channels (IEC 61966-2-1 decoding, the
  /// 0.04045 threshold; for 8-bit input the old 0.03928 gives the same values).
  public static func relativeLuminance(_ color: RGBA8) -> Double {
    0.2126 * SRGB.linear(color.r) + 0.7152 * SRGB.linear(color.g) + 0.0722 * SRGB.linear(color.b)
  }

  /// The WCAG 2 contrast ratio (L_lighter + 0.05)/(L_darker + 0.05), from 1 to 21.
  ///
  /// The ratio is symmetric: the order of the two colours does not matter. Alpha is ignored.
  /// White on black is 21; #767676 on white is 4.54 (passes AA text), #777777 on white 4.48.
  public static func contrastRatio(_ first: RGBA8, _ second: RGBA8) -> Double {
    contrastRatio(luminance: relativeLuminance(first), relativeLuminance(second))
  }

  /// The WCAG 2 contrast ratio of two relative luminances, in either order.
  public static func contrastRatio(luminance first: Double, _ second: Double) -> Double {
    let lighter = max(first, second)
    let darker = min(first, second)
    return (lighter + 0.05) / (darker + 0.05)
  }

  // MARK: APCA

  /// The APCA screen luminance Y of an 8-bit sRGB colour: a pure 2.4 power, no linear segment.
  ///
  /// Y = 0.2126729 (R/255)^2.4 + 0.7151522 (G/255)^2.4 + 0.0721750 (B/255)^2.4 (apca-w3
  /// `sRGBtoY`). This is not the WCAG luminance and not the sRGB decoding.
  public static func apcaLuminance(_ color: RGBA8) -> Double {
    0.2126729 * apcaLinear[Int(color.r)] + 0.7151522 * apcaLinear[Int(color.g)]
      + 0.0721750 * apcaLinear[Int(color.b)]
  }

  /// The APCA lightness contrast Lc of `text` on `background` (order matters), about −108 to 106.
  ///
  /// Positive for dark text on a lighter background, negative for light text on a darker one,
  /// 0 when the contrast is below the low clip. Use |Lc| against the APCA levels (75 body text,
  /// 60 other content text, 45 large text). Black on white is 106.04, white on black −107.88.
  ///
  /// - Parameters:
  ///   - text: The text colour, opaque (alpha ignored).
  ///   - background: The background colour, opaque (alpha ignored).
  /// - Returns: Lc, unrounded.
  public static func apcaContrast(text: RGBA8, background: RGBA8) -> Double {
    apcaContrast(textLuminance: apcaLuminance(text), backgroundLuminance: apcaLuminance(background))
  }

  /// The APCA lightness contrast Lc from two APCA screen luminances (``apcaLuminance(_:)``).
  public static func apcaContrast(textLuminance: Double, backgroundLuminance: Double) -> Double {
    let yText = softClampBlack(textLuminance)
    let yBackground = softClampBlack(backgroundLuminance)
    guard abs(yBackground - yText) >= APCAConstant.deltaYMin else { return 0 }
    if yBackground > yText {
      // Normal polarity: dark text on a lighter background.
      let s =
        (pow(yBackground, APCAConstant.normalBackground) - pow(yText, APCAConstant.normalText))
        * APCAConstant.scale
      return s < APCAConstant.lowClip ? 0 : (s - APCAConstant.lowOffset) * 100
    } else {
      // Reverse polarity: light text on a darker background.
      let s =
        (pow(yBackground, APCAConstant.reverseBackground) - pow(yText, APCAConstant.reverseText))
        * APCAConstant.scale
      return s > -APCAConstant.lowClip ? 0 : (s + APCAConstant.lowOffset) * 100
    }
  }

  // MARK: Compositing

  /// Composites a straight-alpha colour over an opaque background, as Android's
  /// `ColorUtils.compositeColors` does for an opaque background.
  ///
  /// Each channel is (fg·α + bg·(255 − α)) / 255 in 8-bit sRGB-encoded values, truncated toward
  /// zero (integer division), exactly like androidx `ColorUtils.compositeComponent`. The
  /// background's alpha is ignored (treated as 255) and the result is opaque. Alpha 255 returns
  /// the foreground's colour; alpha 0 returns the background's.
  public static func composite(_ foreground: RGBA8, over background: RGBA8) -> RGBA8 {
    let alpha = Int(foreground.a)
    func channel(_ fg: UInt8, _ bg: UInt8) -> UInt8 {
      UInt8((Int(fg) * alpha + Int(bg) * (255 - alpha)) / 255)
    }
    return RGBA8(
      r: channel(foreground.r, background.r), g: channel(foreground.g, background.g),
      b: channel(foreground.b, background.b))
  }

  // MARK: Private

  /// (v/255)^2.4 for every 8-bit value (APCA's simple transfer curve).
  private static let apcaLinear: [Double] = (0...255).map { pow(Double($0) / 255, 2.4) }

  /// APCA's soft clamp near black: Y + (0.022 − Y)^1.414 when Y ≤ 0.022.
  private static func softClampBlack(_ y: Double) -> Double {
    y > APCAConstant.blackThreshold
      ? y : y + pow(APCAConstant.blackThreshold - y, APCAConstant.blackClamp)
  }
}

/// The apca-w3 0.1.9 constants, version "0.0.98G-4g".
private enum APCAConstant {
  static let normalBackground = 0.56
  static let normalText = 0.57
  static let reverseText = 0.62
  static let reverseBackground = 0.65
  static let blackThreshold = 0.022
  static let blackClamp = 1.414
  static let scale = 1.14
  static let lowOffset = 0.027
  static let lowClip = 0.1
  static let deltaYMin = 0.0005
}
