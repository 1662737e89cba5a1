import Foundation

/// Checks that a body looks like the content a request expects.
enum ContentCheck {
  /// The 8-byte PNG signature.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Returns nil when `body` fits `expected`, or a reason when it does not. JSON is checked with
  /// the decoder the crawl uses (`JSONDecoder`, any kind of top-level value).
  static func problem(with body: [UInt8], expected: FetchRequest.ExpectedContent) -> String? {
    switch expected {
    case .any:
      return nil
    case .png:
      return body.starts(with: pngSignature)
        ? nil : "the body does not start with the PNG signature"
    case .json:
      let valid = (try? JSONDecoder().decode(AnyJSON.self, from: Data(body))) != nil
      return valid ? nil : "the body is not valid JSON"
    }
  }

  /// Decodes from any JSON value without reading it: the decoder still parses the whole text.
  private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
  }
}
