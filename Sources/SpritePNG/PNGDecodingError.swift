/// Why a PNG could not be decoded.
///
/// Every corrupt input ends in one of these cases; the decoder never crashes and never returns
/// partial pixels.
public enum PNGDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The data does not start with the PNG magic bytes (`\x89PNG`), so it is not a PNG at all.
  case notPNG
  /// The data ends before the image is complete (a cut-off download or file).
  case truncated
  /// The header declares more pixels than the decoder's limits allow; nothing was allocated.
  case tooLarge(width: Int, height: Int, limit: PNGDecoder.Limits)
  /// libpng rejected the data; `message` is libpng's own text, such as `"IDAT: CRC error"`.
  case libpng(message: String)

  /// One sentence naming the decoding stage and the reason.
  public var description: String {
    switch self {
    case .notPNG:
      return "PNG decoding failed: the data is not a PNG file (it lacks the PNG signature)."
    case .truncated:
      return "PNG decoding failed: the data ends before the image is complete."
    case .tooLarge(let width, let height, let limit):
      return "PNG decoding failed: the image is \(width)x\(height) pixels, over the limit of "
        + "\(limit.maxSide) pixels per side and \(limit.maxPixels) pixels in total."
    case .libpng(let message):
      return "PNG decoding failed: libpng reports \"\(message)\"."
    }
  }
}
