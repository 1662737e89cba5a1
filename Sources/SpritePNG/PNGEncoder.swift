import CSpritePNG
import SpriteCore

/// Encodes an ``RGBAImage`` as a PNG file in memory with libpng.
///
/// The output is colour type 6 (RGBA), 8 bits per sample, not interlaced, with no ancillary
/// chunks, zlib level 6 and libpng's default filter choice. The same pixels always give the same
/// bytes with the same libpng and zlib, and ``PNGDecoder`` reads them back unchanged.
///
/// ```swift
/// let png = try PNGEncoder.encode(thumbnail)
/// ```
public enum PNGEncoder {
  /// Returns the PNG file for `image`.
  ///
  /// - Parameter image: Straight-alpha RGBA8 pixels, written as they are (no colour conversion).
  /// - Returns: The complete PNG file.
  /// - Throws: ``PNGEncodingError/libpng(message:)`` when libpng refuses to write.
  public static func encode(_ image: RGBAImage) throws(PNGEncodingError) -> [UInt8] {
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
            CSpritePNG_encode_rgba8(
              pixels.baseAddress!, width, height, buffer.baseAddress!, capacity, &needed, msg, cap)
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
