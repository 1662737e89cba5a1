import Foundation

/// One result of a PokeAPI crawl, in list order.
public enum CrawlItem: Sendable {
  /// Why an entry yields no sprite.
  public enum SkipReason: Sendable, Equatable, CustomStringConvertible {
    /// The sprite at the key path is null or missing.
    case nullSprite(key: String)
    /// The id is above 10000 (a form) and forms were not included; its entry was not fetched.
    case form

    /// A short phrase for `index.json` and messages.
    public var description: String {
      switch self {
      case .nullSprite(let key): return "no sprite at \(key)"
      case .form: return "a form (id above 10000; see --include-forms)"
      }
    }
  }

  /// An entry with a sprite URL; the crawler never fetches the sprite itself.
  case sprite(id: Int, name: String, url: URL)
  /// An entry that yields no sprite.
  case skipped(id: Int, name: String, reason: SkipReason)
  /// An entry that could not be fetched or used; `source` is its URL as the list gave it.
  case failed(id: Int?, name: String?, source: String, error: any Error & Sendable)

  /// The entry id, when known.
  public var id: Int? {
    switch self {
    case .sprite(let id, _, _), .skipped(let id, _, _): return id
    case .failed(let id, _, _, _): return id
    }
  }

  /// The entry name, when known.
  public var name: String? {
    switch self {
    case .sprite(_, let name, _), .skipped(_, let name, _): return name
    case .failed(_, let name, _, _): return name
    }
  }
}
