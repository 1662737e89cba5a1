import Foundation

/// One page of a PokeAPI list resource (`count`, `next`, `previous`, `results`), with URLs
/// resolved.
public struct PokeAPIListPage: Sendable, Equatable {
  /// One `{name, url}` result with its resolved URL and the id taken from it.
  public struct Item: Sendable, Equatable {
    /// The resource name, e.g. `bulbasaur`.
    public var name: String
    /// The resource URL, resolved to an absolute URL; nil when the reference could not form
    /// one (the entry then fails).
    public var url: URL?
    /// The reference as the page wrote it.
    public var reference: String
    /// The last path segment of `url` as an integer, or nil when it is not one.
    public var id: Int?
  }

  /// The total number of resources in the list (not pages).
  public var count: Int
  /// The next page, resolved, or nil on the last page (and when `next` was refused).
  public var next: URL?
  /// Why the page's `next` link was refused (not a URL, or not `http`/`https`), nil when it was
  /// usable or absent: the page's results still count, and the list ends after them with this.
  public var nextRefusal: PokeAPIError?
  /// The previous page, resolved, or nil on the first page (and always nil in the static dump).
  public var previous: URL?
  /// The results of this page, in list order.
  public var results: [Item]

  /// The page as the server sends it.
  private struct Document: Decodable {
    struct Result: Decodable {
      var name: String
      var url: String
    }
    var count: Int
    var next: String?
    var previous: String?
    var results: [Result]
  }

  /// Decodes a list page; `pageURL` is where it came from and `base` the API root (e.g.
  /// `.../api/v2`).
  ///
  /// The page must be a JSON object with an integer `count`, `next` and `previous` each a
  /// string, null or missing, and `results` an array of objects with string `name` and `url`;
  /// other members are ignored. `next` and `previous` come from the server, so they must be
  /// `http` or `https` URLs of at most ``URLText/maxLength`` bytes: a refused `next` is kept in
  /// ``nextRefusal`` (the results are good), a refused `previous` is dropped.
  ///
  /// - Throws: `PokeAPIError.badList` when the page is not a list page.
  public static func decode(_ bytes: [UInt8], pageURL: URL, base: URL) throws(PokeAPIError)
    -> PokeAPIListPage
  {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch {
      throw .badList("\(URLText.shortened(pageURL)) is not a list page (\(Self.reason(error)))")
    }
    func resolve(_ reference: String?, role: String) throws(PokeAPIError) -> URL? {
      guard let reference else { return nil }
      guard let url = PokeAPIURL.resolve(reference, page: pageURL, base: base) else {
        throw .badList(
          "\(URLText.shortened(pageURL)) has an unusable \(role) URL \(URLText.shortened(reference))"
        )
      }
      try PokeAPIURL.checkFromServer(url, subject: "the list page", role: role)
      return url
    }
    let results = document.results.map { result in
      let url = PokeAPIURL.resolve(result.url, page: pageURL, base: base)
      return Item(
        name: result.name, url: url, reference: result.url, id: url.flatMap(PokeAPIURL.id(of:)))
    }
    let next: URL?
    let nextRefusal: PokeAPIError?
    do {
      next = try resolve(document.next, role: "next page")
      nextRefusal = nil
    } catch {
      next = nil
      nextRefusal = error
    }
    return PokeAPIListPage(
      count: document.count, next: next, nextRefusal: nextRefusal,
      previous: try? resolve(document.previous, role: "previous page"), results: results)
  }

  /// A short reason for a decoding error: which member is missing or of the wrong type.
  static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _):
      return "\(key.stringValue) is missing"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return path.isEmpty
        ? "the document is not a JSON object" : "\(path.joined(separator: ".")) has the wrong type"
    case DecodingError.dataCorrupted:
      return "not JSON"
    default:
      return String(describing: error)
    }
  }
}
