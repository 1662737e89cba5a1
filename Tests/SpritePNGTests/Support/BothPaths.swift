import SpriteCore
import Testing

@testable import SpritePNG

extension PNGDecoder {
  /// Decodes `bytes` along both paths (the shim's whole-stream decode where it takes the file,
  /// and libpng's row reads alone) and expects the same image or the same error. Returns the
  /// image (nil after an error) and whether the whole-stream path decoded it. Images are compared
  /// apart, so a failure does not print both.
  @discardableResult
  func decodedBothWays(
    _ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (image: RGBAImage?, usedWholeStream: Bool) {
    let fast = Result { () throws(PNGDecodingError) in try decode(bytes, path: .fastest) }
    let rows = Result { () throws(PNGDecodingError) in try decode(bytes, path: .libpngRows) }
    switch (fast, rows) {
    case (.success(let a), .success(let b)):
      let samePixels = a.image == b.image
      #expect(samePixels, "\(label): pixels differ", sourceLocation: sourceLocation)
      #expect(!b.usedWholeStream, sourceLocation: sourceLocation)
      return (a.image, a.usedWholeStream)
    case (.failure(let a), .failure(let b)):
      #expect(a == b, "\(label): errors differ", sourceLocation: sourceLocation)
      return (nil, false)
    case (.success, .failure(let error)):
      Issue.record("\(label): decoded, but libpng says \(error)", sourceLocation: sourceLocation)
      return (nil, false)
    case (.failure(let error), .success):
      Issue.record("\(label): \(error), but libpng decodes it", sourceLocation: sourceLocation)
      return (nil, false)
    }
  }
}
