import CSpritePNG
import SpriteCore

/// Decodes PNG bytes into an ``RGBAImage`` with libpng, checking size limits before allocating.
///
/// Pixel contract: 8-bit **straight** (not premultiplied) RGBA, row-major from the top-left, no
/// row padding. Palette (with tRNS), grey, grey+alpha and RGB are expanded to RGBA; images without
/// alpha get 255; 16-bit samples keep their high byte; Adam7 interlacing is undone. No gamma or
/// colour management: gAMA, cHRM, sRGB, iCCP, sBIT and bKGD are ignored, so the values are the
/// stored samples. Every corrupt input (a bad CRC in any chunk, a wrong zlib Adler-32, missing
/// IDAT or IEND, bad header, cut-off data, non-PNG bytes) throws; no partial image is ever
/// returned.
///
/// ```swift
/// let image = try PNGDecoder().decode(bytes)
/// print(image.width, image.height, image[0, 0])
/// ```
public struct PNGDecoder: Sendable {
  /// The size limits checked against the header before pixel memory is allocated.
  public var limits: Limits

  /// Creates a decoder with the given size limits.
  public init(limits: Limits = .default) {
    self.limits = limits
  }

  /// Reads the signature and the IHDR chunk (CRC and values checked) and returns the image size.
  ///
  /// Nothing after IHDR is read, so later damage is only found by ``decode(_:)``. No size limit
  /// is applied: use it to inspect a file the limits would refuse.
  /// - Parameter bytes: The PNG file, or at least its first 33 bytes (signature and IHDR).
  /// - Returns: The width and height from the IHDR chunk.
  /// - Throws: ``PNGDecodingError/notPNG``, ``PNGDecodingError/truncated`` or
  ///   ``PNGDecodingError/libpng(message:)`` (for example a bad IHDR or its CRC).
  public func readHeader(_ bytes: [UInt8]) throws(PNGDecodingError) -> (width: Int, height: Int) {
    try readHeader(bytes, path: .fastest)
  }

  /// Reads the header like ``readHeader(_:)``; `.libpngRows` always asks libpng, which the
  /// shim's own reading of a plain IHDR is tested against.
  func readHeader(
    _ bytes: [UInt8], path: ImageDataPath
  ) throws(PNGDecodingError) -> (width: Int, height: Int) {
    guard PNGSignature.hasMagic(bytes) else { throw .notPNG }
    var width: UInt32 = 0
    var height: UInt32 = 0
    let (status, message) = bytes.withUnsafeBufferPointer { input in
      ShimCall.run { msg, cap in
        CSpritePNG_read_info(
          input.baseAddress!, input.count, path == .fastest, &width, &height, msg, cap)
      }
    }
    if let error = PNGDecodingError(status: status, message: message) { throw error }
    return (Int(width), Int(height))
  }

  /// Decodes a whole PNG file into 8-bit straight-alpha RGBA pixels.
  ///
  /// - Parameter bytes: The complete PNG file.
  /// - Returns: The image, `width * height * 4` bytes in R, G, B, A order from the top-left.
  /// - Throws: ``PNGDecodingError/tooLarge(width:height:limit:)`` before allocating when the header
  ///   exceeds ``limits``; otherwise the errors of ``readHeader(_:)``, and
  ///   ``PNGDecodingError/libpng(message:)`` for damage in or after the image data.
  /// - Complexity: O(*n*) in the file and image size; one read of IHDR, then one full pass.
  public func decode(_ bytes: [UInt8]) throws(PNGDecodingError) -> RGBAImage {
    try decode(bytes, path: .fastest).image
  }

  /// How ``decode(_:path:)`` may read the image data.
  public enum ImageDataPath: Sendable {
    /// The shim's whole-stream decode when the file's chunks are ordinary (see the shim), else
    /// libpng's row reads. Same pixels and errors either way.
    case fastest
    /// libpng's row reads only: the reference the fast path is tested against.
    case libpngRows
  }

  /// Decodes like ``decode(_:)`` along the given path, and reports whether the whole-stream
  /// path decoded it. ``ImageDataPath/libpngRows`` is the libpng floor `sprite-theme bench`
  /// compares decoding with.
  public func decode(
    _ bytes: [UInt8], path: ImageDataPath
  ) throws(PNGDecodingError) -> (image: RGBAImage, usedWholeStream: Bool) {
    let (width, height) = try readHeader(bytes, path: path)
    guard limits.allows(width: width, height: height) else {
      throw .tooLarge(width: width, height: height, limit: limits)
    }
    let byteCount = width * height * 4
    let maxSide = UInt32(clamping: limits.maxSide)
    var result: (status: CSpritePNG_Status, message: String) = (.OK, "")
    var route = CSpritePNG_Path.libpng
    // Not zero-filled first: on success the shim has written every byte.
    let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { output, initializedCount in
      result = bytes.withUnsafeBufferPointer { input in
        ShimCall.run { msg, cap in
          CSpritePNG_decode_rgba8(
            input.baseAddress!, input.count, output.baseAddress!, byteCount,
            maxSide, maxSide, path == .fastest, &route, msg, cap)
        }
      }
      initializedCount = result.status == .OK ? byteCount : 0
    }
    if let error = PNGDecodingError(
      status: result.status, message: result.message,
      size: (width, height), limits: limits)
    {
      throw error
    }
    return (RGBAImage(width: width, height: height, pixels: pixels), route == .wholeStream)
  }
}

extension PNGDecodingError {
  /// Maps a shim status to an error, or `nil` for success.
  init?(
    status: CSpritePNG_Status, message: String,
    size: (width: Int, height: Int) = (0, 0), limits: PNGDecoder.Limits = .default
  ) {
    switch status {
    case .OK: return nil
    case .notPNG: self = .notPNG
    case .truncated: self = .truncated
    case .tooLarge:
      self = .tooLarge(width: size.width, height: size.height, limit: limits)
    case .libpngError: self = .libpng(message: message)
    case .bufferTooSmall:
      preconditionFailure("SpritePNG gave libpng a buffer of the wrong size: \(message)")
    case .encodeError:
      preconditionFailure("the PNG decoder reported an encoding error: \(message)")
    }
  }
}

extension PNGDecoder {
  /// Size limits checked against the PNG header before any pixel memory is allocated.
  ///
  /// They guard against decompression bombs: a tiny file whose header claims a huge image.
  /// The most bytes decoding a `width` x `height` PNG file of `fileSize` bytes holds besides the
  /// file and the decoded RGBA pixels: the whole-stream path's inflated rows (8-byte pixels at
  /// most, up to its 16 MiB cap, else libpng's rows), a copy of the image data when it comes in
  /// several chunks, and a row pointer per row. The memory budget counts this.
  public static func workingBytes(width: Int, height: Int, fileSize: Int) -> Int {
    let rows = (8 * width + 1) * height + 8 * width
    return min(rows, 16 << 20) + fileSize + 8 * height + 64 * 1024
  }

  public struct Limits: Hashable, Sendable {
    /// The largest width or height accepted, in pixels.
    public var maxSide: Int
    /// The largest `width * height` accepted, in pixels.
    public var maxPixels: Int

    /// The defaults: 16384 pixels per side and 64 Mpx (67,108,864 pixels, 256 MiB of RGBA8).
    public static let `default` = Limits()

    /// Creates limits; both values must be positive.
    public init(maxSide: Int = 16384, maxPixels: Int = 64 * 1024 * 1024) {
      precondition(maxSide > 0 && maxPixels > 0, "PNGDecoder.Limits needs positive values")
      self.maxSide = maxSide
      self.maxPixels = maxPixels
    }

    /// Returns true when an image of this size is within the limits.
    public func allows(width: Int, height: Int) -> Bool {
      guard width <= maxSide, height <= maxSide else { return false }
      let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
      return !overflow && pixels <= maxPixels
    }
  }
}
