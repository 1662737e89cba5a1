import SpriteCore

/// A `#rrggbb` or `#rrggbbaa` colour read from a theme file (either case), with the OKLCH
/// coordinates the report sorts by.
struct HexColor: Hashable, Sendable {
  /// The colour's channels.
  var rgba: RGBA8

  /// Parses `#rrggbb` or `#rrggbbaa`; nil for anything else.
  init?(_ text: String) {
    let digits = Array(text.utf8)
    guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else {
      return nil
    }
    var bytes = [UInt8]()
    for i in stride(from: 1, to: digits.count, by: 2) {
      guard let high = Self.nibble(digits[i]), let low = Self.nibble(digits[i + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    rgba = RGBA8(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
  }

  /// Alpha, 255 when the text had none.
  var alpha: UInt8 { rgba.a }

  /// `#rrggbb` in lower case, or `#rrggbbaa` when translucent (CSS reads both).
  var hex: String { rgba.a == 255 ? rgba.hex : rgba.hexWithAlpha }

  /// OKLCH lightness (0-1), chroma and hue in degrees (0 for greys), alpha ignored; after
  /// B. Ottosson, "A perceptual color space for image processing" (2020), via `SpriteCore`.
  var oklch: (l: Double, c: Double, h: Double) { OKLab(rgba).lch }

  private static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
