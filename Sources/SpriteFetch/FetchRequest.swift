/// One thing to download: a URL, the content expected there and conditional request headers.
public struct FetchRequest: Sendable, Equatable {
  /// The kind of body a request expects; checked before the response is returned.
  public enum ExpectedContent: Sendable, Equatable {
    /// The body must start with the 8-byte PNG signature.
    case png
    /// The body must be one JSON text by the strict grammar of RFC 8259 (no trailing commas,
    /// no leading zeros; any kind of value), as `JSONValue.init(parsing:)` reads it.
    case json
    /// Any body is accepted.
    case any
  }

  /// The URL to load (`http`, `https` or `file`).
  public var url: AbsoluteURL
  /// The content the body must look like.
  public var expectedContent: ExpectedContent
  /// An entity tag sent as `If-None-Match`, so an unchanged resource answers 304.
  public var ifNoneMatch: String?
  /// A date sent verbatim as `If-Modified-Since`, so an unchanged resource answers 304.
  public var ifModifiedSince: String?
  /// Further request headers by name; names and values must not contain line breaks.
  public var headers: [String: String]
  /// False when the caller keeps the response itself: a ``CachingDataLoader`` then hands the
  /// request straight to its inner loader, neither reading nor storing a cache entry.
  public var usesCache = true

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - url: The URL to load.
  ///   - expectedContent: The content the body must look like; `.any` by default.
  ///   - ifNoneMatch: An entity tag for revalidation.
  ///   - ifModifiedSince: A `Last-Modified` value for revalidation.
  ///   - headers: Further request headers.
  public init(
    url: AbsoluteURL, expecting expectedContent: ExpectedContent = .any, ifNoneMatch: String? = nil,
    ifModifiedSince: String? = nil, headers: [String: String] = [:]
  ) {
    self.url = url
    self.expectedContent = expectedContent
    self.ifNoneMatch = ifNoneMatch
    self.ifModifiedSince = ifModifiedSince
    self.headers = headers
  }

  /// True when there is any header line to send.
  var hasHeaders: Bool { ifNoneMatch != nil || ifModifiedSince != nil || !headers.isEmpty }

  /// The request header lines to send, in a stable order.
  var headerLines: [String] {
    var lines: [String] = []
    if let ifNoneMatch { lines.append("If-None-Match: \(ifNoneMatch)") }
    if let ifModifiedSince { lines.append("If-Modified-Since: \(ifModifiedSince)") }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      lines.append("\(name): \(value)")
    }
    return lines.filter { !$0.contains("\r") && !$0.contains("\n") }
  }
}
