import Foundation

/// Why a PokeAPI crawl stopped: the list page at `url` could not be loaded or decoded.
///
/// The crawl stream ends with this error, so callers can report the page's URL as the source.
public struct PokeAPIListError: Error, Sendable, CustomStringConvertible {
  /// The list page that failed.
  public var url: URL
  /// The loader's or decoder's error (a `FetchError` or `PokeAPIError`).
  public var underlying: any Error & Sendable

  /// Creates the error for the page at `url`.
  public init(url: URL, underlying: any Error & Sendable) {
    self.url = url
    self.underlying = underlying
  }

  /// The underlying error's sentence.
  public var description: String { String(describing: underlying) }
}
