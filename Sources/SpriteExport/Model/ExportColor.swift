import SpriteCore

/// The colour notations the exports write, each an exact image of the theme's 8-bit RGBA.
extension RGBA8 {
  /// Parses `#rrggbb` or `#rrggbbaa` (either case), as theme files write colours; `nil` for
  /// anything else.
  public init?(themeHex text: String) {
    let digits = Array(text.utf8)
    guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else {
      return nil
    }
    var channels = [UInt8]()
    var i = 1
    while i < digits.count {
      guard let high = Self.nibble(digits[i]), let low = Self.nibble(digits[i + 1]) else {
        return nil
      }
      channels.append(high << 4 | low)
      i += 2
    }
    self.init(
      r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 255)
  }

  /// The value of one hex digit.
  private static func nibble(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// CSS, Tailwind and SCSS: `#rrggbb` when opaque, else `#rrggbbaa` (CSS Color 4).
  public var cssHex: String { a == 255 ? hex : hexWithAlpha }

  /// Android and Compose/Flutter order: `AARRGGBB` in upper case, alpha first, no prefix.
  public var argbHex: String {
    let rgba = hexWithAlpha.uppercased()
    return String(rgba.suffix(2)) + String(rgba.dropFirst().prefix(6))
  }

  /// `RRGGBBAA` in upper case, no prefix (SwiftUI's packed literal).
  public var rgbaHex: String { String(hexWithAlpha.uppercased().dropFirst()) }

  /// Red, green and blue as fractions of 255 (the nearest `Double`, so `round(x * 255)` gives
  /// the channel back exactly), the notation of DTCG colour components.
  public var unitComponents: [Double] { [r, g, b].map { Double($0) / 255 } }

  /// Alpha as a fraction of 255.
  public var unitAlpha: Double { Double(a) / 255 }
}

/// Numbers in generated text: `0` and `1` without a fraction, others as Swift's shortest
/// round-tripping decimal (`Double.description`), so the bytes are stable across platforms.
enum ExportNumber {
  /// The shortest text that reads back as `value`.
  static func text(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == 1 { return "1" }
    return value.description
  }
}
