/// An 8-bit RGBA image: straight (not premultiplied) alpha, sRGB-encoded channels,
/// rows stored top to bottom with no padding, four bytes per pixel in R, G, B, A order.
///
/// ```swift
/// let image = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 0, 0])
/// image[0, 0]  // #ff0000ff
/// ```
public struct RGBAImage: Hashable, Sendable {
  /// Width in pixels (at least 1).
  public let width: Int
  /// Height in pixels (at least 1).
  public let height: Int
  /// The pixel bytes: `width * height * 4` of them, row-major from the top-left corner.
  public var pixels: [UInt8]

  /// Creates an image over existing RGBA8 bytes.
  ///
  /// - Precondition: `width` and `height` are positive and `pixels.count == width * height * 4`.
  @inlinable
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0, "RGBAImage needs a positive size")
    precondition(pixels.count == width * height * 4, "RGBAImage needs width * height * 4 bytes")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates an image filled with one colour.
  @inlinable
  public init(width: Int, height: Int, filledWith color: RGBA8) {
    var bytes = [UInt8]()
    bytes.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) {
      bytes.append(color.r)
      bytes.append(color.g)
      bytes.append(color.b)
      bytes.append(color.a)
    }
    self.init(width: width, height: height, pixels: bytes)
  }

  /// Creates an image by asking `color` for every pixel, row by row from the top-left.
  @inlinable
  public init(width: Int, height: Int, color: (_ x: Int, _ y: Int) -> RGBA8) {
    var bytes = [UInt8]()
    bytes.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let c = color(x, y)
        bytes.append(c.r)
        bytes.append(c.g)
        bytes.append(c.b)
        bytes.append(c.a)
      }
    }
    self.init(width: width, height: height, pixels: bytes)
  }

  /// The number of pixels, `width * height`.
  @inlinable
  public var pixelCount: Int { width * height }

  /// The pixel at column `x`, row `y` (top-left origin).
  @inlinable
  public subscript(x: Int, y: Int) -> RGBA8 {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
      let i = (y * width + x) * 4
      return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
      let i = (y * width + x) * 4
      pixels[i] = newValue.r
      pixels[i + 1] = newValue.g
      pixels[i + 2] = newValue.b
      pixels[i + 3] = newValue.a
    }
  }

  /// The number of pixels whose alpha is not zero.
  public var visiblePixelCount: Int {
    // Two pixels per 64-bit word, SWAR: bit 7 of each alpha byte is set when the alpha is not
    // zero ((a & 0x7F) + 0x7F sets it for 1...127, a itself for 128...255). Those two bits are
    // shifted to bits 0 and 32 and summed in two 32-bit lanes: no popcount, so the loop
    // vectorises on baseline x86-64. The masks pick bytes 3 and 7 in either byte order.
    let low7 = UInt64(littleEndian: 0x7F00_0000_7F00_0000)
    let high = UInt64(littleEndian: 0x8000_0000_8000_0000)
    let shift = UInt64(high.trailingZeroBitCount)
    var lanes: UInt64 = 0
    var count = 0
    pixels.withUnsafeBytes { bytes in
      let pairs = bytes.count / 8
      for i in 0..<pairs {
        let word = bytes.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)
        let nonzero = (((word & low7) &+ low7) | word) & high
        lanes &+= (nonzero &>> shift) & 0x1_0000_0001
      }
      if bytes.count % 8 != 0, bytes[bytes.count - 1] != 0 { count += 1 }
    }
    count += Int(lanes & 0xFFFF_FFFF) + Int(lanes >> 32)
    return count
  }
}
