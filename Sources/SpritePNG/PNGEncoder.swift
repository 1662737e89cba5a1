import CSpritePNG
import SpriteCore

/// Encodes an ``RGBAImage`` as a PNG file in memory with libpng, losslessly.
///
/// An image of at most 256 distinct RGBA colours (most pixel art) is written indexed: colour
/// type 3 with PLTE and tRNS (PNG specification, second edition, sections 11.2.2, 11.2.3 and
/// 11.3.2.1), the smallest bit depth of 1, 2, 4 or 8 that holds the palette, filter type 0 (12.8)
/// and zlib level 4. When that file could be larger than the RGBA8 one, both are made and the
/// smaller is kept. Any other image is colour type 6 (RGBA), 8 bits per sample, zlib level 6 and
/// libpng's default filter choice. Never interlaced, no ancillary chunks; the same pixels always
/// give the same bytes with the same libpng and zlib, and ``PNGDecoder`` reads them back unchanged.
///
/// ```swift
/// let png = try PNGEncoder.encode(thumbnail)
/// ```
public enum PNGEncoder {
  /// Which files ``encode(_:format:)`` may write.
  enum Format {
    /// Indexed when that is at most 256 colours and not larger, else RGBA8 (SPEC section 7).
    case smallest
    /// Always RGBA8 at zlib level 6 with libpng's filter choice: the thumbnails' only format
    /// before indexed files, which the tests compare sizes with.
    case rgba8
  }

  /// Returns the PNG file for `image`.
  ///
  /// - Parameter image: Straight-alpha RGBA8 pixels, written as they are (no colour conversion).
  /// - Returns: The complete PNG file.
  /// - Throws: ``PNGEncodingError/libpng(message:)`` when libpng refuses to write.
  public static func encode(_ image: RGBAImage) throws(PNGEncodingError) -> [UInt8] {
    try encode(image, format: .smallest)
  }

  /// Returns the PNG file for `image` in `format`.
  static func encode(_ image: RGBAImage, format: Format) throws(PNGEncodingError) -> [UInt8] {
    let shimFormat: CSpritePNG_Format = format == .smallest ? .smallest : .RGBA8
    guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height),
      width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF
    else {
      throw .libpng(message: "image size \(image.width)x\(image.height) exceeds the PNG maximum")
    }
    let bound = CSpritePNG_encode_bound(width, height)
    precondition(bound > 0, "PNG size bound overflows for a valid RGBAImage")
    var capacity = bound
    while true {
      var status = CSpritePNG_Status.OK
      var message = ""
      var needed = 0
      let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initializedCount in
        (status, message) = image.pixels.withUnsafeBufferPointer { pixels in
          ShimCall.run { msg, cap in
            CSpritePNG_encode(
              pixels.baseAddress!, width, height, shimFormat, buffer.baseAddress!, capacity,
              &needed, msg, cap)
          }
        }
        initializedCount = status == .OK ? needed : 0
      }
      switch status {
      case .OK:
        // The worst-case allocation is kept unless much of it is unused.
        guard capacity - output.count > 64 * 1024 else { return output }
        var trimmed = [UInt8]()
        trimmed.reserveCapacity(output.count)
        trimmed.append(contentsOf: output)
        return trimmed
      case .bufferTooSmall where needed > capacity:
        capacity = needed
      default:
        throw .libpng(message: message)
      }
    }
  }
}

/// Why an image could not be encoded as PNG.
public enum PNGEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// libpng refused to write the image; `message` is libpng's own text.
  case libpng(message: String)

  /// One sentence naming the encoding stage and the reason.
  public var description: String {
    switch self {
    case .libpng(let message):
      return "PNG encoding failed: libpng reports \"\(message)\"."
    }
  }
}
