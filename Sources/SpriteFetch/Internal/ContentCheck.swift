/// Checks that a body looks like the content a request expects.
enum ContentCheck {
  /// The 8-byte PNG signature.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Returns nil when `body` fits `expected`, or a reason when it does not. JSON is checked
  /// against exactly the grammar the crawl parses with (`JSONValue.init(parsing:)`), without
  /// building values: one RFC 8259 value of any kind (fragments such as `3` included) with only
  /// whitespace around it and an optional leading UTF-8 byte order mark. Trailing commas,
  /// leading zeros, invalid UTF-8, lone surrogates, unescaped control characters, numbers beyond
  /// the range of `Double` and nesting deeper than 512 are refused.
  static func problem(with body: [UInt8], expected: FetchRequest.ExpectedContent) -> String? {
    switch expected {
    case .any:
      return nil
    case .png:
      return body.starts(with: pngSignature)
        ? nil : "the body does not start with the PNG signature"
    case .json:
      let valid = body.withUnsafeBytes { buffer in (try? JSONValue.validate(buffer)) != nil }
      return valid ? nil : "the body is not valid JSON"
    }
  }
}
