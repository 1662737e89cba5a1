import Foundation

/// One thing to download: a URL, the content expected there and conditional request headers.
public struct FetchRequest: Sendable, Equatable {
  /// The kind of body a request expects; checked before the response is returned.
  public enum ExpectedContent: Sendable, Equatable {
    /// The body must start with the 8-byte PNG signature.
    case png
    /// The body must be one JSON text (RFC 8259) as `JSONDecoder` reads it.
    case json
    /// Any body is accepted.
    case any
  }

  /// Where a URL came from, which decides the schemes it may use (SPEC section 9).
  public enum Origin: Sendable, Equatable {
    /// Typed by the user (a `--pokeapi` root, a line of a `--urls` file): `http`, `https` or
    /// `file`.
    case user
    /// Read from a server's response (a list's `next`, an entry's sprite): `http` or `https`
    /// only, so that a server cannot make the program read local files.
    case response
  }

  /// The URL to load.
  public var url: URL
  /// The content the body must look like.
  public var expectedContent: ExpectedContent
  /// Where ``url`` came from; `.response` refuses `file` URLs.
  public var origin: Origin
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
  ///   - origin: Where the URL came from; `.user` by default.
  ///   - ifNoneMatch: An entity tag for revalidation.
  ///   - ifModifiedSince: A `Last-Modified` value for revalidation.
  ///   - headers: Further request headers.
  public init(
    url: URL, expecting expectedContent: ExpectedContent = .any, origin: Origin = .user,
    ifNoneMatch: String? = nil, ifModifiedSince: String? = nil, headers: [String: String] = [:]
  ) {
    self.url = url
    self.expectedContent = expectedContent
    self.origin = origin
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
