import Foundation

extension ResponseCache {
  /// One cached response: the body and the validators needed to revalidate it.
  public struct Entry: Sendable, Equatable {
    /// The request URL the entry is kept under, as an absolute string.
    public var url: String
    /// The HTTP status stored with the body (always 200 for entries written by this cache).
    public var status: Int
    /// The body bytes.
    public var body: [UInt8]
    /// The `ETag` header of the stored response, if any.
    public var etag: String?
    /// The `Last-Modified` header of the stored response, if any.
    public var lastModified: String?
    /// The `Content-Type` header of the stored response, if any.
    public var contentType: String?
    /// The URL the body came from after redirects, if known.
    public var finalURL: String?
    /// When the entry was stored or last revalidated.
    public var storedAt: Date

    /// The entry's age at `date`, in seconds; negative when `storedAt` lies in the future.
    public func age(at date: Date) -> Double { date.timeIntervalSince(storedAt) }

    /// True when the entry is younger than `ttl` at `date` (and not dated in the future).
    public func isFresh(at date: Date, ttl: Double) -> Bool {
      let age = age(at: date)
      return age >= 0 && age < ttl
    }

    /// True when the entry carries an `ETag` or `Last-Modified` to revalidate with.
    public var canRevalidate: Bool { etag != nil || lastModified != nil }

    /// The entry as a response with status 200, marked with `source`.
    public func response(requestURL: URL, source: FetchResponse.Source) -> FetchResponse {
      var response = FetchResponse(
        status: 200, body: body, etag: etag, lastModified: lastModified, contentType: contentType,
        finalURL: finalURL.flatMap { URL(string: $0) } ?? requestURL)
      response.source = source
      return response
    }
  }
}
