import Foundation
import SpriteFlow
import SpriteShard

/// Crawls the PokeAPI pokemon list, then each entry's JSON, yielding sprite URLs (SPEC 9).
///
/// The first page is `<base>/pokemon/?offset=M&limit=P` with `P = min(limit, pageSize)`; later
/// pages follow `next` (absolute or relative, see ``PokeAPIURL``) until `limit` list results have
/// been yielded or `next` is null. A static one-page list (the api-data dump) ignores the query:
/// a page answering `offset > 0` with `previous: null` is taken to start at index 0, so its first
/// `offset` results are dropped client-side (a live server sends a non-null `previous` there).
/// Results beyond `limit` are dropped whatever the server sent.
///
/// Only the base is the user's URL: every URL read from a response (pages, entries, sprites)
/// must be `http` or `https`, or it is refused with a message saying so.
///
/// ```swift
/// let crawler = PokeAPICrawler(base: URL(string: "https://pokeapi.co/api/v2")!, limit: 151)
/// for try await item in crawler.crawl(using: CurlDataLoader()) { print(item) }
/// ```
public struct PokeAPICrawler: Sendable {
  /// The first id that is a form rather than a species' default pokemon.
  public static let firstFormID = 10001

  /// The API root, e.g. `https://pokeapi.co/api/v2`.
  public var base: URL
  /// The most list results to yield (skipped and failed ones count), or nil for all.
  public var limit: Int?
  /// How many list results to skip first.
  public var offset: Int
  /// Whether forms (ids above 10000) are fetched; otherwise they are yielded as skipped.
  public var includeForms: Bool
  /// The dotted key path under `sprites`, e.g. `other.official-artwork.front_default`.
  public var spriteKey: String
  /// The `limit` asked of the server per list page.
  public var pageSize: Int
  /// The most entry documents fetched at once.
  public var concurrency: Int
  /// The share of the list to crawl (`--shard I/N`), or nil for all: the entries whose URL, as
  /// the list page writes it (`results[].url`), hashes into it. `offset` and `limit` apply to
  /// the whole list first, and the other entries' documents are never loaded.
  public var shard: Shard?

  /// Creates a crawler; see the properties for the options.
  public init(
    base: URL, limit: Int? = nil, offset: Int = 0, includeForms: Bool = false,
    spriteKey: String = PokeAPIEntry.defaultSpriteKey, pageSize: Int = 100, concurrency: Int = 8,
    shard: Shard? = nil
  ) {
    self.shard = shard
    self.base = base
    self.limit = limit.map { max(0, $0) }
    self.offset = max(0, offset)
    self.includeForms = includeForms
    self.spriteKey = spriteKey
    self.pageSize = max(1, pageSize)
    self.concurrency = max(1, concurrency)
  }

  /// The first list page: `<base>/pokemon/?offset=M&limit=P`.
  public var firstPageURL: URL {
    var root = base.absoluteString
    while root.hasSuffix("/") { root.removeLast() }
    let pageLimit = min(limit ?? pageSize, pageSize)
    return URL(string: "\(root)/pokemon/?offset=\(offset)&limit=\(max(1, pageLimit))")!
  }

  /// The crawl as an async sequence of items in list order: list pages are loaded as the
  /// sequence reaches them, and up to ``concurrency`` entry documents at once ahead of it.
  ///
  /// Iterating throws a ``PokeAPIListError`` naming a list page that failed (after the items
  /// before it), or `CancellationError` when the iterating task is cancelled.
  public func crawl(using loader: any DataLoading) -> PokeAPICrawl {
    PokeAPICrawl(crawler: self, loader: loader)
  }

  /// Runs the whole crawl and returns its items in list order.
  public func collect(using loader: any DataLoading) async throws -> [CrawlItem] {
    var items: [CrawlItem] = []
    for try await item in crawl(using: loader) { items.append(item) }
    return items
  }

  /// Turns one list result into an item, loading its entry document unless it is a form left
  /// out.
  func resolve(_ item: PokeAPIListPage.Item, using loader: any DataLoading) async -> CrawlItem {
    guard let url = item.url else {
      return .failed(
        id: nil, name: item.name, source: item.reference,
        error: PokeAPIError.badEntry(
          "\(item.name) has an unusable URL \(URLText.shortened(item.reference))"))
    }
    do {
      try PokeAPIURL.checkFromServer(url, subject: item.name, role: "entry")
    } catch {
      return .failed(id: item.id, name: item.name, source: url.absoluteString, error: error)
    }
    guard let id = item.id else {
      return .failed(
        id: nil, name: item.name, source: url.absoluteString,
        error: PokeAPIError.missingID(url.absoluteString))
    }
    guard includeForms || id < Self.firstFormID else {
      return .skipped(id: id, name: item.name, reason: .form)
    }
    do {
      let response = try await loader.load(
        FetchRequest(url: url, expecting: .json, origin: .response))
      let entry = try PokeAPIEntry(json: response.body, spriteKey: spriteKey)
      guard let sprite = entry.sprite else {
        return .skipped(id: entry.id, name: entry.name, reason: .nullSprite(key: spriteKey))
      }
      guard let spriteURL = PokeAPIURL.resolve(sprite, page: response.finalURL, base: base) else {
        throw PokeAPIError.badEntry(
          "\(entry.name) has an unusable sprite URL \(URLText.shortened(sprite))")
      }
      try PokeAPIURL.checkFromServer(spriteURL, subject: entry.name, role: "sprite")
      return .sprite(id: entry.id, name: entry.name, url: spriteURL)
    } catch {
      return .failed(id: id, name: item.name, source: url.absoluteString, error: error)
    }
  }
}

/// A PokeAPI crawl in list order (see ``PokeAPICrawler/crawl(using:)``).
public struct PokeAPICrawl: AsyncSequence, Sendable {
  /// One list result resolved.
  public typealias Element = CrawlItem

  private let items: OrderedConcurrentMap<PokeAPIListResults, CrawlItem>

  init(crawler: PokeAPICrawler, loader: any DataLoading) {
    items = OrderedConcurrentMap(
      PokeAPIListResults(crawler: crawler, loader: loader), window: crawler.concurrency
    ) { item in
      await crawler.resolve(item, using: loader)
    }
  }

  /// Starts the crawl; nothing is loaded until the first `next()`.
  public func makeAsyncIterator()
    -> OrderedConcurrentMap<PokeAPIListResults, CrawlItem>.AsyncIterator
  {
    items.makeAsyncIterator()
  }
}
