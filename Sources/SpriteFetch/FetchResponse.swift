import Foundation

/// A completed download: the final status, body and the headers a cache needs.
public struct FetchResponse: Sendable, Equatable {
  /// The HTTP status of the final response (200 for a `file://` URL that was read).
  public var status: Int
  /// The body bytes; empty for a 304 answer.
  public var body: [UInt8]
  /// The `ETag` header of the final response, if any.
  public var etag: String?
  /// The `Last-Modified` header of the final response, if any.
  public var lastModified: String?
  /// The `Content-Type` header of the final response, if any.
  public var contentType: String?
  /// The URL the body came from after redirects.
  public var finalURL: URL
  /// The number of redirects followed.
  public var redirects: Int
  /// Where the body came from: the network, the cache, or the cache after a 304 revalidation.
  public var source: Source = .network

  /// Where a response's body came from.
  public enum Source: Sendable, Equatable {
    /// Transferred from the server (or read from a `file://` URL).
    case network
    /// Served from a fresh cache entry without any transfer.
    case cache
    /// Served from a stale cache entry after the server answered 304 Not Modified.
    case revalidated
  }

  /// Creates a response; used by loaders and by mocks in tests.
  public init(
    status: Int, body: [UInt8], etag: String? = nil, lastModified: String? = nil,
    contentType: String? = nil, finalURL: URL, redirects: Int = 0
  ) {
    self.status = status
    self.body = body
    self.etag = etag
    self.lastModified = lastModified
    self.contentType = contentType
    self.finalURL = finalURL
    self.redirects = redirects
  }

  /// True for a `304 Not Modified` answer, whose body the caller must take from its cache.
  public var isNotModified: Bool { status == 304 }
}
