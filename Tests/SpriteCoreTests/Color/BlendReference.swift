import SpriteCore

/// The contrast of translucent text recomputed from the definitions, apart from the library:
/// the two ways a front end blends `fg` (straight alpha α) over an opaque `bg`, channel by
/// channel in the sRGB-encoded values, then WCAG 2 luminance and ratio.
///
/// - exact (browsers, axe): (fg·α + bg·(255 − α)) / 255, a real number, never rounded;
/// - truncating (androidx `ColorUtils.compositeColors`): the same in integers, truncated;
/// - rounded (any renderer): each channel of the exact blend rounded down or up on its own, the
///   2³ combinations (Chromium's pixels round to nearest, one of them).
enum BlendReference {
  /// The sRGB decoding of an encoded value in [0, 1] (IEC 61966-2-1, WCAG 2.2).
  static func linear(_ encoded: Double) -> Double {
    encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
  }

  /// The blended channels as encoded fractions of 255, exactly.
  static func exact(_ fg: RGBA8, over bg: RGBA8) -> [Double] {
    let a = Int(fg.a)
    return zip([fg.r, fg.g, fg.b], [bg.r, bg.g, bg.b]).map { f, b in
      Double(Int(f) * a + Int(b) * (255 - a)) / 65025
    }
  }

  /// The blended channels as encoded fractions of 255, each truncated to an 8-bit value first.
  static func truncating(_ fg: RGBA8, over bg: RGBA8) -> [Double] {
    let a = Int(fg.a)
    return zip([fg.r, fg.g, fg.b], [bg.r, bg.g, bg.b]).map { f, b in
      Double((Int(f) * a + Int(b) * (255 - a)) / 255) / 255
    }
  }

  /// WCAG 2 relative luminance of encoded channels.
  static func luminance(_ channels: [Double]) -> Double {
    0.2126 * linear(channels[0]) + 0.7152 * linear(channels[1]) + 0.0722 * linear(channels[2])
  }

  /// WCAG 2 contrast ratio of two luminances.
  static func ratio(_ first: Double, _ second: Double) -> Double {
    (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }

  /// The opaque background's luminance.
  static func luminance(_ bg: RGBA8) -> Double {
    luminance([Double(bg.r) / 255, Double(bg.g) / 255, Double(bg.b) / 255])
  }

  /// The ratio of `fg` blended exactly over `bg`, against `bg`.
  static func exactRatio(_ fg: RGBA8, on bg: RGBA8) -> Double {
    ratio(luminance(exact(fg, over: bg)), luminance(bg))
  }

  /// The ratio of `fg` blended with truncation over `bg`, against `bg`.
  static func truncatingRatio(_ fg: RGBA8, on bg: RGBA8) -> Double {
    ratio(luminance(truncating(fg, over: bg)), luminance(bg))
  }

  /// APCA screen luminance (apca-w3 `sRGBtoY`) of encoded channels.
  static func apcaLuminance(_ channels: [Double]) -> Double {
    0.2126729 * pow(channels[0], 2.4) + 0.7151522 * pow(channels[1], 2.4)
      + 0.0721750 * pow(channels[2], 2.4)
  }

  /// Every 8-bit composite: each channel of the exact blend rounded down or up, 8 combinations
  /// (repeats where a channel's blend is whole), as encoded fractions of 255.
  static func rounded(_ fg: RGBA8, over bg: RGBA8) -> [[Double]] {
    let choices = exact(fg, over: bg).map { value -> [Double] in
      let scaled = (value * 255 * 1_000_000).rounded() / 1_000_000
      return [scaled.rounded(.down) / 255, scaled.rounded(.up) / 255]
    }
    var all = [[Double]]()
    for r in choices[0] {
      for g in choices[1] {
        for b in choices[2] { all.append([r, g, b]) }
      }
    }
    return all
  }

  /// The lowest ratio `fg` over `bg` shows: blended exactly or as any 8-bit composite.
  static func lowestRatio(_ fg: RGBA8, on bg: RGBA8) -> Double {
    let background = luminance(bg)
    return rounded(fg, over: bg).map { ratio(luminance($0), background) }
      .reduce(exactRatio(fg, on: bg), min)
  }

  /// Of the APCA Lc of the exact blend and of every 8-bit composite, the one closest to 0.
  static func weakestAPCA(_ fg: RGBA8, on bg: RGBA8) -> Double {
    let background = apcaLuminance([Double(bg.r) / 255, Double(bg.g) / 255, Double(bg.b) / 255])
    let all = [exact(fg, over: bg)] + rounded(fg, over: bg)
    return all.map {
      Contrast.apcaContrast(textLuminance: apcaLuminance($0), backgroundLuminance: background)
    }.min { abs($0) < abs($1) }!
  }
}
