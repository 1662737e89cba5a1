import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// Resolving PokeAPI URLs and reading list pages and entries from the shared real documents.
@Suite("PokeAPI documents")
struct PokeAPIDocumentTests {
  let base = AbsoluteURL(string: "http://127.0.0.1:8080/api/v2")!
  let page = AbsoluteURL(string: "http://127.0.0.1:8080/api/v2/pokemon/?offset=0&limit=20")!

  @Test("absolute and relative references resolve against the base, keeping its path prefix")
  func resolution() {
    func resolve(_ reference: String, base: AbsoluteURL? = nil) -> String? {
      PokeAPIURL.resolve(reference, page: page, base: base ?? self.base)?.absoluteString
    }
    #expect(resolve("/api/v2/pokemon/1/") == "http://127.0.0.1:8080/api/v2/pokemon/1/")
    #expect(
      resolve("/api/v2/pokemon/1/", base: AbsoluteURL(string: "http://127.0.0.1:8080/api/v2/")!)
        == "http://127.0.0.1:8080/api/v2/pokemon/1/")
    #expect(
      resolve("/api/v2/pokemon/1/", base: AbsoluteURL(string: "http://h:81/mirror/api/v2")!)
        == "http://h:81/mirror/api/v2/pokemon/1/")
    #expect(resolve("/other/x") == "http://127.0.0.1:8080/other/x")
    #expect(
      resolve("https://pokeapi.co/api/v2/pokemon/?offset=20&limit=20")
        == "https://pokeapi.co/api/v2/pokemon/?offset=20&limit=20")
    #expect(
      resolve("?offset=20&limit=20") == "http://127.0.0.1:8080/api/v2/pokemon/?offset=20&limit=20")
    #expect(
      resolve("/api/v2/pokemon/?offset=5&limit=5")
        == "http://127.0.0.1:8080/api/v2/pokemon/?offset=5&limit=5")
    #expect(resolve("") == nil)
    #expect(
      PokeAPIURL.id(of: AbsoluteURL(string: "https://pokeapi.co/api/v2/pokemon/10034/")!) == 10034)
    #expect(PokeAPIURL.id(of: AbsoluteURL(string: "http://h/api/v2/pokemon/25")!) == 25)
    #expect(PokeAPIURL.id(of: AbsoluteURL(string: "http://h/api/v2/pokemon/")!) == nil)
  }

  @Test("the static list is one page of relative URLs; a derived page has absolute next links")
  func listPages() throws {
    guard let directory = PokeAPIData.require() else { return }
    let staticBytes = try Fixtures.bytes(
      of: directory.appendingPathComponent("api/v2/pokemon/index.json"))
    let list = try PokeAPIListPage.decode(staticBytes, pageURL: page, base: base)
    #expect(list.count == list.results.count)
    #expect(list.next == nil && list.previous == nil)
    #expect(list.results[0].url.absoluteString == "http://127.0.0.1:8080/api/v2/pokemon/1/")
    #expect(list.results[0].name == "bulbasaur" && list.results[0].id == 1)
    #expect(list.results[1024].id == 1025 && list.results[1025].id == 10001)

    let derived = directory.appendingPathComponent("derived/pokemon-offset-20-limit-20.json")
    let live = try PokeAPIListPage.decode(
      try Fixtures.bytes(of: derived), pageURL: page, base: base)
    #expect(live.next?.absoluteString == "https://pokeapi.co/api/v2/pokemon/?offset=40&limit=20")
    #expect(live.previous?.absoluteString == "https://pokeapi.co/api/v2/pokemon/?offset=0&limit=20")
    #expect(live.results.compactMap(\.id) == Array(21...40))
    #expect(throws: PokeAPIError.self) {
      try PokeAPIListPage.decode(Array("[]".utf8), pageURL: page, base: base)
    }
  }

  @Test("sprites are read by key path; null and missing give none")
  func entries() throws {
    guard let directory = PokeAPIData.require() else { return }
    func entry(_ id: Int, _ key: String = PokeAPIEntry.defaultSpriteKey) throws -> PokeAPIEntry {
      let file = directory.appendingPathComponent("api/v2/pokemon/\(id)/index.json")
      return try PokeAPIEntry(json: try Fixtures.bytes(of: file), spriteKey: key)
    }
    let sprites = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"
    let pikachu = try entry(25)
    #expect(pikachu == PokeAPIEntry(id: 25, name: "pikachu", sprite: "\(sprites)/25.png"))
    let artwork = try entry(25, "other.official-artwork.front_default")
    #expect(artwork.sprite == "\(sprites)/other/official-artwork/25.png")
    let starter = try entry(10158)
    #expect(starter.name == "pikachu-starter" && starter.sprite == nil)
    #expect(try entry(25, "other.nowhere.front_default").sprite == nil)
    #expect(try entry(25, "other").sprite == nil)
    #expect(throws: PokeAPIError.self) { try PokeAPIEntry(json: Array("{\"name\":1}".utf8)) }
    #expect(throws: PokeAPIError.self) { try PokeAPIEntry(json: Array("not json".utf8)) }
  }
}

/// `PokeAPICrawler` over live-shaped pages (mock loader) and the static dump (loopback HTTP).
@Suite("PokeAPI crawler")
struct PokeAPICrawlerTests {
  static let live = AbsoluteURL(string: "https://pokeapi.co/api/v2")!

  @Test("follows next across pages up to the limit, yielding in list order with bounded fetches")
  func pagingThroughNext() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let loader = PokeAPIMockLoader(directory: directory, slowEarlyEntries: true)
    let crawler = PokeAPICrawler(base: Self.live, limit: 30, pageSize: 20, concurrency: 4)
    let items = try await offPool { try crawler.collect(using: loader) }
    #expect(items.compactMap(\.id) == Array(1...30))
    #expect(
      items.compactMap(\.spriteURL).map(\.lastPathComponent) == [
        "1.png", "4.png", "7.png", "25.png",
      ])
    #expect(items[1].name == "ivysaur")
    #expect(items.filter { $0.failure as? FetchError == .httpStatus(404) }.count == 26)
    let pages = loader.requested.filter { $0.query != nil }.map(\.absoluteString)
    #expect(
      pages == [
        "https://pokeapi.co/api/v2/pokemon/?offset=0&limit=20",
        "https://pokeapi.co/api/v2/pokemon/?offset=20&limit=20",
      ])
    #expect(loader.requested.allSatisfy { $0.host == "pokeapi.co" })
    #expect(loader.peakInFlight <= 4 && loader.peakInFlight > 1)
  }

  @Test("offset picks the starting page; reaching the limit stops paging")
  func offsetAndLimit() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let loader = PokeAPIMockLoader(directory: directory)
    let crawler = PokeAPICrawler(base: Self.live, limit: 20, offset: 20, pageSize: 20)
    let items = try await offPool { try crawler.collect(using: loader) }
    #expect(items.compactMap(\.id) == Array(21...40))
    #expect(items.compactMap(\.spriteURL).map(\.lastPathComponent) == ["25.png"])
    #expect(!loader.requested.contains { $0.query?.contains("offset=40") == true })
  }

  @Test("forms are skipped without fetching unless included; the last page ends at next: null")
  func formsAndLastPage() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let last = PokeAPIMockLoader(directory: directory)
    let tail = try await offPool {
      try PokeAPICrawler(base: Self.live, offset: 1340, pageSize: 20).collect(using: last)
    }
    #expect(tail.count == 11)
    #expect(tail.allSatisfy { $0.skipReason == .form })
    #expect(last.requested.count == 1)

    let page = PokeAPIMockLoader(directory: directory)
    let jump = try await offPool {
      try PokeAPICrawler(base: Self.live, limit: 20, offset: 1020, pageSize: 20).collect(
        using: page)
    }
    #expect(jump.compactMap(\.id) == Array(1021...1025) + Array(10001...10015))
    #expect(jump.prefix(5).allSatisfy { $0.failure != nil })
    #expect(jump.dropFirst(5).allSatisfy { $0.skipReason == .form })
    #expect(page.requested.count == 1 + 5)

    let withForms = PokeAPIMockLoader(directory: directory)
    let included = try await offPool {
      try PokeAPICrawler(
        base: Self.live, limit: 20, offset: 1020, includeForms: true, pageSize: 20
      ).collect(using: withForms)
    }
    #expect(included.allSatisfy { $0.failure != nil })
    #expect(withForms.requested.count == 1 + 20)
  }

  @Test("a list page that fails ends the stream with its URL and error after the earlier items")
  func failingListPage() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let crawler = PokeAPICrawler(base: Self.live, limit: 45, pageSize: 20)
    let count = LockedBox(0)
    let loader = PokeAPIMockLoader(directory: directory)
    let error = await #expect(throws: PokeAPIListError.self) {
      try await offPool {
        try crawler.crawl(using: loader) { _ in
          count.withLock { $0 += 1 }
          return true
        }
      }
    }
    #expect(error?.underlying as? FetchError == .httpStatus(404))
    #expect(error?.url.absoluteString.contains("/pokemon/?offset=40&limit=") == true)
    #expect(count.withLock { $0 } == 40)
  }

  @Test(
    "cancelling the stop handle cancels the entry loads in flight and ends the crawl with cancelled"
  )
  func stopCancelsInFlightLoads() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let loader = HeldEntriesLoader(PokeAPIMockLoader(directory: directory))
    let crawler = PokeAPICrawler(base: Self.live, limit: 20, pageSize: 20, concurrency: 4)
    let stop = LoadHandle()
    let seen = LockedBox(0)
    let crawl = Task {
      try await offPool {
        try crawler.crawl(using: loader, stop: stop) { _ in
          seen.withLock { $0 += 1 }
          return true
        }
      }
    }
    while loader.held < 4 { try await Task.sleep(for: .milliseconds(5)) }
    stop.cancel()
    var waited = 0
    while loader.cancelled < 4 && waited < 30_000 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 10
    }
    #expect(loader.cancelled == 4, "every entry load in flight was cancelled")
    // Ends a crawl whose stop did not reach its loads, so that the test fails rather than hangs.
    loader.releaseAll()
    await #expect(throws: FetchError.cancelled) { try await crawl.value }
    #expect(loader.held == 4, "no load beyond the concurrency was started")
    #expect(seen.withLock { $0 } == 0)
  }
}

/// The crawler with `CurlDataLoader` against the static dump served on 127.0.0.1.
@Suite("PokeAPI crawler over loopback HTTP")
struct PokeAPICrawlerLoopbackTests {
  /// Runs a crawl against a fresh server; returns the items and the URLs the loader was asked for.
  func crawl(
    prefix: String = "", limit: Int?, offset: Int = 0, includeForms: Bool = false,
    spriteKey: String = PokeAPIEntry.defaultSpriteKey
  ) async throws -> (items: [CrawlItem], requested: [AbsoluteURL], server: PokeAPIServer)? {
    guard let directory = PokeAPIData.require() else { return nil }
    let server = try await PokeAPIServer(directory: directory)
    defer { Task { await server.stop() } }
    let loader = LoopbackOnlyLoader(TestLoaders.loader(retries: 0))
    let crawler = PokeAPICrawler(
      base: server.url("\(prefix)/api/v2"), limit: limit, offset: offset,
      includeForms: includeForms,
      spriteKey: spriteKey)
    let items = try await offPool { try crawler.collect(using: loader) }
    #expect(loader.requested.allSatisfy { $0.host == "127.0.0.1" && $0.port == Int(server.port) })
    #expect(!loader.requested.contains { $0.absoluteString.contains("raw.githubusercontent") })
    return (items, loader.requested, server)
  }

  @Test("relative list URLs resolve to the server; a 404 entry fails while the others complete")
  func staticListAndMissingEntries() async throws {
    guard let (items, requested, server) = try await crawl(limit: 7) else { return }
    #expect(items.compactMap(\.id) == Array(1...7))
    #expect(items.compactMap(\.spriteURL).map(\.lastPathComponent) == ["1.png", "4.png", "7.png"])
    let failed = items.filter { $0.failure != nil }
    #expect(failed.compactMap(\.id) == [2, 3, 5, 6])
    #expect(failed.allSatisfy { $0.failure as? FetchError == .httpStatus(404) })
    if case .failed(_, let name, let url, _) = failed[0] {
      #expect(name == "ivysaur" && url == server.url("/api/v2/pokemon/2/"))
    }
    #expect(requested.first == server.url("/api/v2/pokemon/?offset=0&limit=7"))
    #expect(requested.count == 8)
  }

  @Test("a static list that ignores the query gets offset applied client-side; nested key path")
  func offsetOnStaticList() async throws {
    guard let (items, _, _) = try await crawl(limit: 1, offset: 24) else { return }
    #expect(items.count == 1)
    #expect(
      items.first?.spriteURL?.absoluteString
        == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png")
    let nested = try await crawl(
      limit: 1, offset: 24, spriteKey: "other.official-artwork.front_default")
    #expect(
      nested?.items.first?.spriteURL?.absoluteString
        == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/25.png"
    )
  }

  @Test("form 10034 is skipped unless included; form 10158 has a null sprite")
  func forms() async throws {
    guard let skipped = try await crawl(limit: 1, offset: 1058) else { return }
    #expect(skipped.items.first?.id == 10034 && skipped.items.first?.skipReason == .form)
    #expect(skipped.requested.count == 1)
    let included = try await crawl(limit: 1, offset: 1058, includeForms: true)
    #expect(included?.items.first?.spriteURL?.lastPathComponent == "10034.png")
    #expect(included?.items.first?.name == "charizard-mega-x")
    let starter = try await crawl(limit: 1, offset: 1182, includeForms: true)
    #expect(starter?.items.first?.id == 10158 && starter?.items.first?.skipReason == .nullSprite)
  }

  @Test("a base with a path prefix keeps it for relative URLs")
  func basePathPrefix() async throws {
    guard let (items, requested, server) = try await crawl(prefix: "/mirror", limit: 1) else {
      return
    }
    #expect(items.first?.spriteURL?.lastPathComponent == "1.png")
    #expect(requested.last == server.url("/mirror/api/v2/pokemon/1/"))
    // FlyingFox reports request paths without the trailing slash.
    let paths = server.requestedPaths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    #expect(paths == ["/mirror/api/v2/pokemon", "/mirror/api/v2/pokemon/1"])
  }
}

/// List pages from `inner`; entry loads (the completion form) that never finish until cancelled.
private final class HeldEntriesLoader: DataLoading {
  let inner: any DataLoading
  private let counts = LockedBox((held: 0, cancelled: 0))

  init(_ inner: any DataLoading) { self.inner = inner }

  private let handles = LockedBox<[LoadHandle]>([])

  /// Entry loads started, and how many of them were cancelled.
  var held: Int { counts.withLock { $0.held } }
  var cancelled: Int { counts.withLock { $0.cancelled } }

  func load(_ request: FetchRequest) throws -> FetchResponse { try inner.load(request) }

  func load(
    _ request: FetchRequest,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) -> LoadHandle {
    guard request.url.query == nil else {
      completion(Result { try inner.load(request) })
      return LoadHandle()
    }
    counts.withLock { $0.held += 1 }
    let handle = LoadHandle()
    handles.withLock { $0.append(handle) }
    handle.whenCancelled { [counts] in
      counts.withLock { $0.cancelled += 1 }
      completion(.failure(FetchError.cancelled))
    }
    return handle
  }

  /// Cancels every held load (counted as cancelled too).
  func releaseAll() {
    for handle in handles.withLock({ $0 }) { handle.cancel() }
  }
}
