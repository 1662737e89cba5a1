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
    // Branch-free over whole pixels read as one word each, which the compiler vectorises. The
    // mask selects byte 3 (alpha) of the word in either byte order.
    var count = 0
    pixels.withUnsafeBytes { bytes in
      let mask = UInt32(littleEndian: 0xFF00_0000)
      let pixelCount = bytes.count / 4
      for i in 0..<pixelCount {
        let word = bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
        count &+= word & mask != 0 ? 1 : 0
      }
    }
    return count
  }
}
