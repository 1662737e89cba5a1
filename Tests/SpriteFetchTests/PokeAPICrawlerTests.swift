import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// Resolving PokeAPI URLs and reading list pages and entries from the shared real documents.
@Suite("PokeAPI documents")
struct PokeAPIDocumentTests {
  let base = URL(string: "http://127.0.0.1:8080/api/v2")!
  let page = URL(string: "http://127.0.0.1:8080/api/v2/pokemon/?offset=0&limit=20")!

  @Test("absolute and relative references resolve against the base, keeping its path prefix")
  func resolution() {
    func resolve(_ reference: String, base: URL? = nil) -> String? {
      PokeAPIURL.resolve(reference, page: page, base: base ?? self.base)?.absoluteString
    }
    #expect(resolve("/api/v2/pokemon/1/") == "http://127.0.0.1:8080/api/v2/pokemon/1/")
    #expect(
      resolve("/api/v2/pokemon/1/", base: URL(string: "http://127.0.0.1:8080/api/v2/")!)
        == "http://127.0.0.1:8080/api/v2/pokemon/1/")
    #expect(
      resolve("/api/v2/pokemon/1/", base: URL(string: "http://h:81/mirror/api/v2")!)
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
      PokeAPIURL.id(of: URL(string: "https://pokeapi.co/api/v2/pokemon/10034/")!) == 10034)
    #expect(PokeAPIURL.id(of: URL(string: "http://h/api/v2/pokemon/25")!) == 25)
    #expect(PokeAPIURL.id(of: URL(string: "http://h/api/v2/pokemon/")!) == nil)
  }

  @Test("the static list is one page of relative URLs; a derived page has absolute next links")
  func listPages() throws {
    guard let directory = PokeAPIData.require() else { return }
    let staticBytes = try Fixtures.bytes(
      of: directory.appendingPathComponent("api/v2/pokemon/index.json"))
    let list = try PokeAPIListPage.decode(staticBytes, pageURL: page, base: base)
    #expect(list.count == list.results.count)
    #expect(list.next == nil && list.previous == nil)
    #expect(list.results[0].url?.absoluteString == "http://127.0.0.1:8080/api/v2/pokemon/1/")
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

  @Test("a list page whose next link names file:// is refused with a message saying so")
  func nextPageFileRefused() throws {
    let bytes = Array(
      #"{"count": 1, "next": "file:///etc/passwd", "results": [{"name": "a", "url": "/api/v2/pokemon/1/"}]}"#
        .utf8)
    let decoded = try PokeAPIListPage.decode(bytes, pageURL: page, base: base)
    #expect(decoded.next == nil && decoded.results.map(\.name) == ["a"], "the results are kept")
    #expect(
      decoded.nextRefusal?.description
        == "the list page: the server's next page URL uses file://, which is only allowed for URLs you give (file:///etc/passwd)."
    )
  }

  @Test("URLs in messages are shortened to 120 characters; over-long server URLs are refused")
  func longURLs() throws {
    let long = "https://h/" + String(repeating: "a", count: 9000)
    #expect(URLText.shortened(long).count == 120)
    #expect(URLText.shortened(long).hasSuffix("…"))
    #expect(URLText.shortened("https://h/x") == "https://h/x")
    let url = try #require(URL(string: long))
    #expect(throws: PokeAPIError.self) {
      try PokeAPIURL.checkFromServer(url, subject: "x", role: "sprite")
    }
    #expect(throws: FetchError.urlTooLong(length: long.utf8.count)) {
      try URLText.check(url, origin: .user)
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
  static let live = URL(string: "https://pokeapi.co/api/v2")!

  @Test("follows next across pages up to the limit, yielding in list order with bounded fetches")
  func pagingThroughNext() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let loader = PokeAPIMockLoader(directory: directory, slowEarlyEntries: true)
    let crawler = PokeAPICrawler(base: Self.live, limit: 30, pageSize: 20, concurrency: 4)
    let items = try await crawler.collect(using: loader)
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
    let items = try await crawler.collect(using: loader)
    #expect(items.compactMap(\.id) == Array(21...40))
    #expect(items.compactMap(\.spriteURL).map(\.lastPathComponent) == ["25.png"])
    #expect(!loader.requested.contains { $0.query?.contains("offset=40") == true })
  }

  @Test("forms are skipped without fetching unless included; the last page ends at next: null")
  func formsAndLastPage() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let last = PokeAPIMockLoader(directory: directory)
    let tail = try await PokeAPICrawler(base: Self.live, offset: 1340, pageSize: 20).collect(
      using: last)
    #expect(tail.count == 11)
    #expect(tail.allSatisfy { $0.skipReason == .form })
    #expect(last.requested.count == 1)

    let page = PokeAPIMockLoader(directory: directory)
    let jump = try await PokeAPICrawler(base: Self.live, limit: 20, offset: 1020, pageSize: 20)
      .collect(using: page)
    #expect(jump.compactMap(\.id) == Array(1021...1025) + Array(10001...10015))
    #expect(jump.prefix(5).allSatisfy { $0.failure != nil })
    #expect(jump.dropFirst(5).allSatisfy { $0.skipReason == .form })
    #expect(page.requested.count == 1 + 5)

    let withForms = PokeAPIMockLoader(directory: directory)
    let included = try await PokeAPICrawler(
      base: Self.live, limit: 20, offset: 1020, includeForms: true, pageSize: 20
    ).collect(using: withForms)
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
      for try await _ in crawler.crawl(using: loader) { count.withLock { $0 += 1 } }
    }
    #expect(error?.underlying as? FetchError == .httpStatus(404))
    #expect(error?.url.absoluteString.contains("/pokemon/?offset=40&limit=") == true)
    #expect(count.withLock { $0 } == 40)
  }

  @Test("cancelling the crawling task cancels the entry loads in flight and ends the crawl")
  func stopCancelsInFlightLoads() async throws {
    guard let directory = PokeAPIData.require() else { return }
    let loader = HeldEntriesLoader(PokeAPIMockLoader(directory: directory))
    let crawler = PokeAPICrawler(base: Self.live, limit: 20, pageSize: 20, concurrency: 4)
    let seen = LockedBox(0)
    let crawl = Task {
      for try await _ in crawler.crawl(using: loader) { seen.withLock { $0 += 1 } }
    }
    while loader.held < 4 { try await Task.sleep(for: .milliseconds(5)) }
    crawl.cancel()
    // Up to two minutes, which only a hang exceeds (the pool may be busy with other suites).
    let deadline = ContinuousClock.now + .seconds(120)
    while loader.cancelled < 4 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(loader.cancelled == 4, "every entry load in flight was cancelled")
    // Ends a crawl whose stop did not reach its loads, so that the test fails rather than hangs.
    loader.releaseAll()
    await #expect(throws: CancellationError.self) { try await crawl.value }
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
  ) async throws -> (items: [CrawlItem], requested: [URL], server: PokeAPIServer)? {
    guard let directory = PokeAPIData.require() else { return nil }
    let server = try await PokeAPIServer(directory: directory)
    defer { Task { await server.stop() } }
    let loader = LoopbackOnlyLoader(TestLoaders.loader(retries: 0))
    let crawler = PokeAPICrawler(
      base: server.url("\(prefix)/api/v2"), limit: limit, offset: offset,
      includeForms: includeForms,
      spriteKey: spriteKey)
    let items = try await crawler.collect(using: loader)
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
    if case .failed(_, let name, let source, _) = failed[0] {
      #expect(name == "ivysaur" && source == server.url("/api/v2/pokemon/2/").absoluteString)
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
    #expect(
      starter?.items.first?.id == 10158
        && starter?.items.first?.skipReason == .nullSprite(key: "front_default"))
  }

  @Test("a base with a path prefix keeps it for relative URLs")
  func basePathPrefix() async throws {
    guard let (items, requested, server) = try await crawl(prefix: "/mirror", limit: 1) else {
      return
    }
    #expect(items.first?.spriteURL?.lastPathComponent == "1.png")
    #expect(requested.last == server.url("/mirror/api/v2/pokemon/1/"))
    // Compared without the trailing slash, which servers may or may not report.
    let paths = server.requestedPaths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    #expect(paths == ["/mirror/api/v2/pokemon", "/mirror/api/v2/pokemon/1"])
  }
}

/// Serves fixed documents by URL; anything else is a 404.
private struct DocumentsLoader: DataLoading {
  let documents: [String: String]

  func load(_ request: FetchRequest) async throws -> FetchResponse {
    guard let text = documents[request.url.absoluteString] else { throw FetchError.httpStatus(404) }
    return FetchResponse(status: 200, body: Array(text.utf8), finalURL: request.url)
  }
}

/// What a hostile server can point the crawl at.
@Suite("PokeAPI crawler and untrusted URLs")
struct PokeAPICrawlerUntrustedURLTests {
  static let base = URL(string: "http://127.0.0.1:9/api/v2")!

  /// A crawl of one list page with `entries` (name → entry URL) whose entry documents name
  /// `sprite`.
  func crawl(entryURL: String, sprite: String) async throws -> [CrawlItem] {
    let list =
      #"{"count": 1, "next": null, "results": [{"name": "bulbasaur", "url": "\#(entryURL)"}]}"#
    let entry = #"{"id": 1, "name": "bulbasaur", "sprites": {"front_default": "\#(sprite)"}}"#
    let loader = DocumentsLoader(documents: [
      "http://127.0.0.1:9/api/v2/pokemon/?offset=0&limit=1": list,
      "http://127.0.0.1:9/api/v2/pokemon/1/": entry,
    ])
    return try await PokeAPICrawler(base: Self.base, limit: 1).collect(using: loader)
  }

  @Test("an entry whose sprite URL names file:// fails with a message saying what happened")
  func spriteFileURL() async throws {
    let items = try await crawl(entryURL: "/api/v2/pokemon/1/", sprite: "file:///etc/passwd")
    #expect(items.count == 1)
    #expect(items[0].spriteURL == nil, "the file URL must not reach the downloads")
    #expect(
      items[0].failure.map(String.init(describing:))
        == "bulbasaur: the server's sprite URL uses file://, which is only allowed for URLs you give (file:///etc/passwd)."
    )
  }

  @Test("a list result whose entry URL names file:// fails without being read")
  func entryFileURL() async throws {
    let items = try await crawl(entryURL: "file:///etc/passwd", sprite: "http://127.0.0.1:9/1.png")
    #expect(items.count == 1)
    #expect(
      items[0].failure.map(String.init(describing:))?.hasPrefix(
        "bulbasaur: the server's entry URL uses file://") == true)
  }

  /// A list page of entries `ids` (on 127.0.0.1:9) linking `next`.
  static func listPage(_ ids: [Int], next: String?) -> String {
    let results = ids.map { #"{"name": "p\#($0)", "url": "/api/v2/pokemon/\#($0)/"}"# }
    let link = next.map { "\"\($0)\"" } ?? "null"
    return #"{"count": 9, "next": \#(link), "results": [\#(results.joined(separator: ", "))]}"#
  }

  /// Entry documents for `ids`, each with a sprite `<id>.png`.
  static func entries(_ ids: ClosedRange<Int>) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: ids.map { id in
        (
          "http://127.0.0.1:9/api/v2/pokemon/\(id)/",
          #"{"id": \#(id), "name": "p\#(id)", "sprites": {"front_default": "/\#(id).png"}}"#
        )
      })
  }

  /// Crawls `pages` (URL → document) and returns the ids yielded and the error that ended it.
  static func crawlPages(_ pages: [String: String]) async -> (ids: [Int], error: String?) {
    let loader = DocumentsLoader(documents: pages.merging(entries(1...9)) { $1 })
    var ids = [Int]()
    do {
      for try await item in PokeAPICrawler(base: base, pageSize: 2).crawl(using: loader) {
        ids.append(item.id ?? -1)
      }
      return (ids, nil)
    } catch {
      return (ids, String(describing: error))
    }
  }

  static let first = "http://127.0.0.1:9/api/v2/pokemon/?offset=0&limit=2"

  @Test("a page whose next link is refused keeps its entries; the refusal ends the list")
  func refusedNextKeepsEntries() async {
    let (ids, error) = await Self.crawlPages([
      Self.first: Self.listPage([1, 2], next: "/api/v2/pokemon/?offset=2&limit=2"),
      "http://127.0.0.1:9/api/v2/pokemon/?offset=2&limit=2": Self.listPage(
        [3, 4], next: "file:///etc/passwd"),
    ])
    #expect(ids == [1, 2, 3, 4])
    #expect(
      error
        == "the list page: the server's next page URL uses file://, which is only allowed for URLs you give (file:///etc/passwd)."
    )
  }

  @Test("a next link back to a page already read ends the list; no entry is yielded twice")
  func loopingNext() async {
    let (ids, error) = await Self.crawlPages([
      Self.first: Self.listPage([1, 2], next: "/api/v2/pokemon/?offset=2&limit=2"),
      "http://127.0.0.1:9/api/v2/pokemon/?offset=2&limit=2": Self.listPage(
        [3, 1], next: "/api/v2/pokemon/?offset=0&limit=2"),
    ])
    #expect(ids == [1, 2, 3])
    #expect(error?.contains("goes back to http://127.0.0.1:9/api/v2/pokemon/?offset=0") == true)
  }

  @Test("pages that only repeat entries, each linking a new next page, end the list")
  func endlessRepeats() async {
    var pages = [Self.first: Self.listPage([1, 2], next: "/api/v2/pokemon/?offset=2&limit=2")]
    for offset in stride(from: 2, to: 40, by: 2) {
      pages["http://127.0.0.1:9/api/v2/pokemon/?offset=\(offset)&limit=2"] = Self.listPage(
        [2, 1], next: "/api/v2/pokemon/?offset=\(offset + 2)&limit=2")
    }
    let (ids, error) = await Self.crawlPages(pages)
    #expect(ids == [1, 2])
    #expect(
      error?.contains("?offset=2&limit=2 lists no entry that earlier pages did not") == true,
      "\(error ?? "no error")")
  }

  @Test("the loader itself refuses a file URL that came from a response")
  func loaderRefusesResponseFileURL() async throws {
    let file = try #require(Fixtures.sampleSpriteFiles().first)
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: file, origin: .response))
    }
    #expect(error == .schemeNotAllowed(url: file.absoluteString, scheme: "file"))
  }
}

/// List pages from `inner`; entry loads that never finish until their task is cancelled.
private final class HeldEntriesLoader: DataLoading {
  let inner: any DataLoading
  private let counts = LockedBox((held: 0, cancelled: 0))
  private let release = LockedBox(false)

  init(_ inner: any DataLoading) { self.inner = inner }

  /// Entry loads started, and how many of them were cancelled.
  var held: Int { counts.withLock { $0.held } }
  var cancelled: Int { counts.withLock { $0.cancelled } }

  func load(_ request: FetchRequest) async throws -> FetchResponse {
    guard request.url.query == nil else { return try await inner.load(request) }
    counts.withLock { $0.held += 1 }
    while !release.withLock({ $0 }) {
      do {
        try await Task.sleep(for: .milliseconds(10))
      } catch {
        counts.withLock { $0.cancelled += 1 }
        throw FetchError.cancelled
      }
    }
    throw FetchError.cancelled
  }

  /// Ends every held load.
  func releaseAll() { release.withLock { $0 = true } }
}
