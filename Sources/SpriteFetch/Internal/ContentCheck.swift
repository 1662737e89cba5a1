#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks that a body looks like the content a request expects.
enum ContentCheck {
  /// The 8-byte PNG signature.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Returns nil when `body` fits `expected`, or a reason when it does not. JSON is checked by
  /// decoding it as the crawl does, with `JSONDecoder`, which also tolerates trailing commas and
  /// leading zeros.
  static func problem(with body: [UInt8], expected: FetchRequest.ExpectedContent) -> String? {
    switch expected {
    case .any:
      return nil
    case .png:
      return body.starts(with: pngSignature)
        ? nil : "the body does not start with the PNG signature"
    case .json:
      do {
        _ = try JSONDecoder().decode(AnyJSONDocument.self, from: Data(body))
        return nil
      } catch {
        return "the body is not valid JSON"
      }
    }
  }
}
