import CSpritePNG
import SpriteCore

/// Encodes an ``RGBAImage`` as a PNG file in memory, losslessly.
///
/// The shim writes the chunks itself (PNG specification, second edition) and compresses the image
/// data with libdeflate at level 6; libpng is not used. An image of at most 256 distinct RGBA
/// colours is written indexed when its palette is cheap against its detail (fewer than a third as
/// many colours as pixels that differ from the one before them): colour type 3 with PLTE and
/// tRNS (sections 11.2.2, 11.2.3, 11.3.2.1), the smallest bit depth of 1, 2, 4 or 8 and filter
/// type 0 (12.8). Any other image is colour type 6 (RGBA), 8 bits per sample, each row with the
/// filter of least sum of magnitudes (12.8). Never interlaced, no ancillary chunks but tRNS; the
/// same pixels always give the same bytes with the same libdeflate, and ``PNGDecoder`` reads them
/// back unchanged.
///
/// ```swift
/// let png = try PNGEncoder.encode(thumbnail)
/// ```
public enum PNGEncoder {
  /// Which files ``encode(_:format:)`` may write.
  enum Format {
    /// Indexed when at most 256 colours and a cheap palette, else RGBA8 (SPEC section 7).
    case smallest
    /// Always RGBA8, filtered and compressed as the RGBA8 files of ``smallest``.
    case rgba8
  }

  /// Returns the PNG file for `image`.
  ///
  /// - Parameter image: Straight-alpha RGBA8 pixels, written as they are (no colour conversion).
  /// - Returns: The complete PNG file.
  /// - Throws: ``PNGEncodingError/failed(message:)`` when the image cannot be written.
  public static func encode(_ image: RGBAImage) throws(PNGEncodingError) -> [UInt8] {
    try encode(image, format: .smallest)
  }

  /// Returns the PNG file for `image` in `format`.
  static func encode(_ image: RGBAImage, format: Format) throws(PNGEncodingError) -> [UInt8] {
    let shimFormat: CSpritePNG_Format = format == .smallest ? .smallest : .RGBA8
    guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height),
      width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF
    else {
      throw .failed(message: "image size \(image.width)x\(image.height) exceeds the PNG maximum")
    }
    let bound = CSpritePNG_encode_bound(width, height)
    precondition(bound > 0, "PNG size bound overflows for a valid RGBAImage")
    var status = CSpritePNG_Status.OK
    var message = ""
    let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initializedCount in
      var written = 0
      (status, message) = image.pixels.withUnsafeBufferPointer { pixels in
        ShimCall.run { msg, cap in
          CSpritePNG_encode(
            pixels.baseAddress!, width, height, shimFormat, buffer.baseAddress!, bound,
            &written, msg, cap)
        }
      }
      initializedCount = status == .OK ? written : 0
    }
    guard status == .OK else { throw .failed(message: message) }
    // The worst-case allocation is kept unless much of it is unused.
    guard bound - output.count > 64 * 1024 else { return output }
    var trimmed = [UInt8]()
    trimmed.reserveCapacity(output.count)
    trimmed.append(contentsOf: output)
    return trimmed
  }
}

/// Why an image could not be encoded as PNG.
public enum PNGEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The encoder could not write the image (out of memory, a size past the PNG maximum);
  /// `message` says which.
  case failed(message: String)

  /// One sentence naming the encoding stage and the reason.
  public var description: String {
    switch self {
    case .failed(let message):
      return "PNG encoding failed: \(message)."
    }
  }
}
