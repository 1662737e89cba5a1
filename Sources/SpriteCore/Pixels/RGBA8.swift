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
    "#" + hexByte(r) + hexByte(g) + hexByte(b)
  }

  /// The colour as `#rrggbbaa` in lower-case hex.
  public var hexWithAlpha: String {
    hex + hexByte(a)
  }
}

extension RGBA8: CustomStringConvertible {
  /// The colour as `#rrggbbaa`.
  public var description: String { hexWithAlpha }
}

private func hexByte(_ value: UInt8) -> String {
  let digits: [Character] = Array("0123456789abcdef")
  return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
}
