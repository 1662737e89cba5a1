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
/// for try await item in crawler.entries(using: CurlDataLoader()) { print(item) }
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

  /// Streams the crawl's items in list order; a list page that fails ends the stream with a
  /// ``PokeAPIListError`` naming the page.
  public func entries(using loader: any DataLoading) -> AsyncThrowingStream<CrawlItem, any Error> {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          try await crawl(using: loader) { continuation.yield($0) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Runs the whole crawl and returns its items in list order.
  public func collect(using loader: any DataLoading) async throws -> [CrawlItem] {
    var items: [CrawlItem] = []
    try await crawl(using: loader) { items.append($0) }
    return items
  }

  /// Pages through the list and hands each item to `yield`, in list order.
  private func crawl(using loader: any DataLoading, yield: (CrawlItem) -> Void) async throws {
    var pageURL: AbsoluteURL? = firstPageURL
    var visited: Set<AbsoluteURL> = []
    var remaining = limit ?? Int.max
    var isFirstPage = true
    while let url = pageURL, remaining > 0, visited.insert(url).inserted {
      if Task.isCancelled { throw FetchError.cancelled }
      let page: PokeAPIListPage
      do {
        let response = try await loader.load(FetchRequest(url: url, expecting: .json))
        page = try PokeAPIListPage.decode(response.body, pageURL: response.finalURL, base: base)
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
      await process(batch, using: loader, yield: yield)
      pageURL = page.next
    }
  }

  /// Resolves a page's results with at most `concurrency` in flight, yielding in list order.
  private func process(
    _ items: [PokeAPIListPage.Item], using loader: any DataLoading, yield: (CrawlItem) -> Void
  ) async {
    await withTaskGroup(of: (Int, CrawlItem).self) { group in
      var done: [Int: CrawlItem] = [:]
      var nextOut = 0
      func store(_ index: Int, _ item: CrawlItem) {
        done[index] = item
        while let ready = done.removeValue(forKey: nextOut) {
          yield(ready)
          nextOut += 1
        }
      }
      for (index, item) in items.enumerated() {
        while index - nextOut >= concurrency, let (finished, result) = await group.next() {
          store(finished, result)
        }
        group.addTask { (index, await resolve(item, using: loader)) }
      }
      while let (finished, result) = await group.next() { store(finished, result) }
    }
  }

  /// Turns one list result into an item, fetching its entry unless it is a skipped form.
  private func resolve(_ item: PokeAPIListPage.Item, using loader: any DataLoading) async
    -> CrawlItem
  {
    guard let id = item.id else {
      return .failed(
        id: nil, name: item.name, url: item.url,
        error: PokeAPIError.missingID(item.url.absoluteString))
    }
    if !includeForms, id >= Self.firstFormID {
      return .skipped(id: id, name: item.name, reason: .form)
    }
    do {
      let response = try await loader.load(FetchRequest(url: item.url, expecting: .json))
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
