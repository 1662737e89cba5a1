/// One 8-bit RGBA pixel with straight (not premultiplied) alpha, channels in sRGB encoding.
@frozen
public struct RGBA8: Hashable, Sendable {
  /// Red channel, 0-255, sRGB-encoded.
  public var r: UInt8
  /// Green channel, 0-255, sRGB-encoded.
  public var g: UInt8
  /// Blue channel, 0-255, sRGB-encoded.
  public var b: UInt8
  /// Straight alpha, 0 (transparent) to 255 (opaque).
  public var a: UInt8

  /// Creates a pixel from its four channels; alpha defaults to opaque.
  @inlinable
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The colour as `#rrggbb` in lower-case hex (alpha left out).
  public var hex: String {
    hexString(includingAlpha: false)
  }

  /// The colour as `#rrggbbaa` in lower-case hex.
  public var hexWithAlpha: String {
    hexString(includingAlpha: true)
  }

  private func hexString(includingAlpha: Bool) -> String {
    String(unsafeUninitializedCapacity: includingAlpha ? 9 : 7) { buffer in
      let digits: StaticString = "0123456789abcdef"
      buffer[0] = UInt8(ascii: "#")
      // Channel by channel, without an array of them: this runs dozens of times per theme.
      func put(_ channel: UInt8, at i: Int) {
        buffer[i] = digits.utf8Start[Int(channel >> 4)]
        buffer[i + 1] = digits.utf8Start[Int(channel & 0x0F)]
      }
      put(r, at: 1)
      put(g, at: 3)
      put(b, at: 5)
      if includingAlpha { put(a, at: 7) }
      return includingAlpha ? 9 : 7
    }
  }
}

extension RGBA8: CustomStringConvertible {
  /// The colour as `#rrggbbaa`.
  public var description: String { hexWithAlpha }
}
