import SpriteCore
import Testing

@testable import SpritePNG

extension PNGDecoder {
  /// Decodes `bytes` along both image-data paths (whole stream and libpng's rows) and expects the
  /// same image or the same error. Returns the image (nil after an error), whether the
  /// whole-stream path decoded it and whether it did so without libpng. Images are compared
  /// apart, so a failure does not print both.
  @discardableResult
  func decodedBothWays(
    _ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (image: RGBAImage?, usedWholeStream: Bool, withoutLibpng: Bool) {
    let fast = Result { () throws(PNGDecodingError) in try decode(bytes, path: .fastest) }
    let rows = Result { () throws(PNGDecodingError) in try decode(bytes, path: .libpngRows) }
    switch (fast, rows) {
    case (.success(let a), .success(let b)):
      let samePixels = a.image == b.image
      #expect(samePixels, "\(label): pixels differ", sourceLocation: sourceLocation)
      #expect(b.route == .libpngRows, sourceLocation: sourceLocation)
      return (a.image, a.route.isWholeStream, a.route == .withoutLibpng)
    case (.failure(let a), .failure(let b)):
      #expect(a == b, "\(label): errors differ", sourceLocation: sourceLocation)
      return (nil, false, false)
    default:
      Issue.record("\(label): \(fast) against \(rows)", sourceLocation: sourceLocation)
      return (nil, false, false)
    }
  }
}
