/// One result of a PokeAPI crawl, in list order.
public enum CrawlItem: Sendable {
  /// Why an entry yields no sprite.
  public enum SkipReason: Sendable, Equatable {
    /// The sprite at the key path is null or missing.
    case nullSprite
    /// The id is above 10000 (a form) and forms were not included; its entry was not fetched.
    case form
  }

  /// An entry with a sprite URL; the crawler never fetches the sprite itself.
  case sprite(id: Int, name: String, url: AbsoluteURL)
  /// An entry that yields no sprite.
  case skipped(id: Int, name: String, reason: SkipReason)
  /// An entry that could not be fetched or parsed; `url` is the entry URL.
  case failed(id: Int?, name: String?, url: AbsoluteURL, error: any Error)

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

/// Crawls the PokeAPI pokemon list, then each entry's JSON, yielding sprite URLs (SPEC 9).
///
/// The first page is `<base>/pokemon/?offset=M&limit=P` with `P = min(limit, pageSize)`; later
/// pages follow `next` (absolute or relative, see `PokeAPIURL`) until `limit` list results have
/// been yielded or `next` is null. A static one-page list (the api-data dump) ignores the query:
/// a page answering `offset > 0` with `previous: null` is taken to start at index 0, so its first
/// `offset` results are dropped client-side (a live server sends a non-null `previous` there).
/// Results beyond `limit` are dropped whatever the server sent.
///
/// ```swift
/// let crawler = PokeAPICrawler(base: URL(string: "https://pokeapi.co/api/v2")!, limit: 151)
/// try crawler.crawl(using: CurlDataLoader()) { item in print(item); return true }
/// ```
public struct PokeAPICrawler: Sendable {
  /// The first id that is a form rather than a species' default pokemon.
  public static let firstFormID = 10001

  /// The API root, e.g. `https://pokeapi.co/api/v2`.
  public var base: AbsoluteURL
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

  /// Creates a crawler; see the properties for the options.
  public init(
    base: AbsoluteURL, limit: Int? = nil, offset: Int = 0, includeForms: Bool = false,
    spriteKey: String = PokeAPIEntry.defaultSpriteKey, pageSize: Int = 100, concurrency: Int = 8
  ) {
    self.base = base
    self.limit = limit.map { max(0, $0) }
    self.offset = max(0, offset)
    self.includeForms = includeForms
    self.spriteKey = spriteKey
    self.pageSize = max(1, pageSize)
    self.concurrency = max(1, concurrency)
  }

  /// The first list page: `<base>/pokemon/?offset=M&limit=P`.
  public var firstPageURL: AbsoluteURL {
    var root = base.absoluteString
    while root.hasSuffix("/") { root.removeLast() }
    let pageLimit = min(limit ?? pageSize, pageSize)
    return AbsoluteURL(string: "\(root)/pokemon/?offset=\(offset)&limit=\(max(1, pageLimit))")!
  }

  /// Runs the crawl on this thread, handing each item to `each` in list order, until the list
  /// ends, `each` returns false, or `stop` is cancelled (which also cancels the entry loads in
  /// flight and makes this throw `FetchError.cancelled`).
  ///
  /// - Throws: A ``PokeAPIListError`` naming the list page that failed, or `FetchError.cancelled`.
  public func crawl(
    using loader: any DataLoading, stop: LoadHandle? = nil, each: (CrawlItem) -> Bool
  ) throws {
    var pageURL: AbsoluteURL? = firstPageURL
    var visited: Set<AbsoluteURL> = []
    var remaining = limit ?? Int.max
    var isFirstPage = true
    while let url = pageURL, remaining > 0, visited.insert(url).inserted {
      if stop?.isCancelled == true { throw FetchError.cancelled }
      let page: PokeAPIListPage
      do {
        let response = try loadListPage(url, using: loader, stop: stop)
        page = try PokeAPIListPage.decode(response.body, pageURL: response.finalURL, base: base)
      } catch FetchError.cancelled {
        throw FetchError.cancelled
      } catch {
        throw PokeAPIListError(url: url, underlying: error)
      }
      var results = page.results[...]
      if isFirstPage, offset > 0, page.previous == nil {
        results = results.dropFirst(offset)
      }
      isFirstPage = false
      let batch = Array(results.prefix(remaining))
      remaining -= batch.count
      guard try process(batch, using: loader, stop: stop, each: each) else { return }
      pageURL = page.next
    }
  }

  /// Runs the whole crawl and returns its items in list order.
  public func collect(using loader: any DataLoading) throws -> [CrawlItem] {
    var items: [CrawlItem] = []
    try crawl(using: loader) { item in
      items.append(item)
      return true
    }
    return items
  }

  /// Loads one list page and waits for it; cancelling `stop` cancels the load.
  private func loadListPage(
    _ url: AbsoluteURL, using loader: any DataLoading, stop: LoadHandle?
  ) throws -> FetchResponse {
    let outcome = ThreadHandoff<Result<FetchResponse, any Error>>()
    let handle = loader.load(FetchRequest(url: url, expecting: .json)) { outcome.put($0) }
    stop?.whenCancelled { handle.cancel() }
    defer { stop?.clearAction() }
    return try outcome.take().get()
  }

  /// Resolves a page's results with at most `concurrency` entry loads in flight, handing the
  /// items to `each` in list order; false when `each` asked to stop.
  private func process(
    _ items: [PokeAPIListPage.Item], using loader: any DataLoading, stop: LoadHandle?,
    each: (CrawlItem) -> Bool
  ) throws -> Bool {
    let loads = EntryLoads()
    stop?.whenCancelled { loads.cancelAll() }
    defer {
      stop?.clearAction()
      loads.cancelAll()
    }
    var nextStart = 0
    for (index, item) in items.enumerated() {
      while nextStart < items.count, nextStart - index < concurrency {
        if let url = entryURL(of: items[nextStart]) {
          let position = nextStart
          let handle = loader.load(FetchRequest(url: url, expecting: .json)) {
            loads.finish(position, $0)
          }
          loads.record(handle, at: position)
        }
        nextStart += 1
      }
      let crawlItem: CrawlItem
      if entryURL(of: item) == nil {
        crawlItem = resolve(item, response: nil)
      } else {
        guard let response = loads.wait(for: index) else { throw FetchError.cancelled }
        if case .failure(FetchError.cancelled) = response, stop?.isCancelled == true {
          throw FetchError.cancelled
        }
        crawlItem = resolve(item, response: response)
      }
      guard each(crawlItem) else { return false }
    }
    return true
  }

  /// The URL of the entry document to load for a list result; nil when none is loaded (no id,
  /// or a form left out).
  private func entryURL(of item: PokeAPIListPage.Item) -> AbsoluteURL? {
    guard let id = item.id, includeForms || id < Self.firstFormID else { return nil }
    return item.url
  }

  /// Turns one list result into an item, given its entry document's load (nil when
  /// ``entryURL(of:)`` loads none).
  private func resolve(
    _ item: PokeAPIListPage.Item, response: Result<FetchResponse, any Error>?
  ) -> CrawlItem {
    guard let id = item.id else {
      return .failed(
        id: nil, name: item.name, url: item.url,
        error: PokeAPIError.missingID(item.url.absoluteString))
    }
    guard let response else {
      return .skipped(id: id, name: item.name, reason: .form)
    }
    do {
      let response = try response.get()
      let entry = try PokeAPIEntry(json: response.body, spriteKey: spriteKey)
      guard let sprite = entry.sprite else {
        return .skipped(id: entry.id, name: entry.name, reason: .nullSprite)
      }
      guard let url = PokeAPIURL.resolve(sprite, page: response.finalURL, base: base) else {
        throw PokeAPIError.badEntry("entry \(entry.id) has an unusable sprite URL \(sprite)")
      }
      return .sprite(id: entry.id, name: entry.name, url: url)
    } catch {
      return .failed(id: id, name: item.name, url: item.url, error: error)
    }
  }
}

/// The entry loads of one list page: their handles (to cancel) and outcomes by position, which
/// the crawling thread waits for in list order.
private final class EntryLoads: @unchecked Sendable {
  private let condition = ThreadCondition()
  // Guarded by `condition`.
  private var handles: [Int: LoadHandle] = [:]
  private var outcomes: [Int: Result<FetchResponse, any Error>] = [:]
  private var cancelled = false

  /// Keeps the handle of the load at `position`, unless it has finished already.
  func record(_ handle: LoadHandle, at position: Int) {
    let cancel = condition.withLock { () -> Bool in
      if outcomes[position] == nil { handles[position] = handle }
      return cancelled
    }
    if cancel { handle.cancel() }
  }

  /// Stores the outcome of the load at `position` and wakes the crawling thread.
  func finish(_ position: Int, _ outcome: Result<FetchResponse, any Error>) {
    condition.withLock {
      handles[position] = nil
      outcomes[position] = outcome
      condition.broadcast()
    }
  }

  /// Waits for the outcome at `position`; nil once ``cancelAll()`` was called.
  func wait(for position: Int) -> Result<FetchResponse, any Error>? {
    condition.withLock {
      while outcomes[position] == nil && !cancelled { condition.wait() }
      return cancelled ? nil : outcomes.removeValue(forKey: position)
    }
  }

  /// Cancels every load in flight and wakes the crawling thread.
  func cancelAll() {
    let inFlight = condition.withLock { () -> [LoadHandle] in
      cancelled = true
      condition.broadcast()
      defer { handles.removeAll() }
      return Array(handles.values)
    }
    for handle in inFlight { handle.cancel() }
  }
}
