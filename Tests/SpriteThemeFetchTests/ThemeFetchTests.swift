import Foundation
import SpriteCore
import SpriteFetch
import SpritePNG
import SpriteTheme
import Synchronization
import SystemPackage
import Testing
import _SpriteTestSupport

@testable import SpriteThemeFetch

/// `ThemeFetch` over `MockDataLoader`: every stage's failure keeps its context, with no socket.
@Suite("ThemeFetch with a mock loader")
struct ThemeFetchTests {
  static let base = "http://mock.invalid/api/v2"

  /// A small valid PNG.
  static func png() throws -> [UInt8] {
    try PNGEncoder.encode(SyntheticSprites.solid(RGBA8(r: 10, g: 200, b: 30), width: 8, height: 8))
  }

  /// Fixed inputs.
  static func stream(_ inputs: [FetchInput]) -> FetchInputs { .list(inputs) }

  /// The inputs `sprite-theme fetch --pokeapi` builds from a crawl.
  static func crawl(_ loader: any DataLoading) -> FetchInputs {
    .crawl(PokeAPICrawler(base: URL(string: base)!), loader: loader)
  }

  /// Runs `fetch` to the end.
  static func run(
    _ fetch: ThemeFetch, inputs: FetchInputs, loader: any DataLoading,
    progress: (@Sendable (ThemeFetch.Progress) -> Void)? = nil
  ) async throws -> ThemeFetch.Outcome {
    try await fetch.run(inputs: inputs, loader: loader, progress: progress)
  }

  /// Options writing to `directory`.
  static func options(_ directory: TemporaryDirectory) -> ThemeFetch.Options {
    ThemeFetch.Options(outputDirectory: FilePath(directory.url.path), jobs: 2)
  }

  static func json(_ object: Any) throws -> [UInt8] {
    [UInt8](try JSONSerialization.data(withJSONObject: object))
  }

  @Test("a good sprite is written; a non-PNG body fails in decode, a network error in fetch")
  func stageErrors() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    let good = "http://mock.invalid/good.png"
    let notPNG = "http://mock.invalid/not-png.png"
    let offline = "http://mock.invalid/offline.png"
    loader[good] = .body(try Self.png())
    loader[notPNG] = .body(Array("<html>not a sprite</html>".utf8))
    loader[offline] = .error(.transport(code: 7, message: "Connection refused"))
    let inputs = FetchInput.urlList([good, notPNG, offline].joined(separator: "\n"))
    let fetch = ThemeFetch(options: Self.options(directory))
    let seen = Mutex([ThemeFetch.Progress]())
    let outcome = try await Self.run(fetch, inputs: Self.stream(inputs), loader: loader) { counts in
      seen.withLock { $0.append(counts) }
    }
    var expected = ThemeFetch.Progress()
    (expected.listed, expected.sprites, expected.downloaded) = (3, 3, 2)
    (expected.analysed, expected.failed) = (1, 2)
    #expect(outcome.counts == expected, "the non-PNG body was downloaded, then failed in decode")
    #expect(seen.withLock { $0.contains(expected) })

    #expect(outcome.index.entries.map(\.name) == ["good"])
    #expect(outcome.index.entries.first?.source == good)
    let errors = outcome.index.errors
    #expect(errors.map(\.source) == [notPNG, offline])
    #expect(errors.map(\.stage) == ["decode", "fetch"])
    #expect(
      errors.last?.message
        == FetchError.transport(code: 7, message: "Connection refused").description)
    #expect(errors.allSatisfy { !$0.message.isEmpty })
    #expect(loader.requests.map(\.expectedContent) == [.png, .png, .png])
    let index = try Data(contentsOf: directory.url.appendingPathComponent("index.json"))
    Schemas.expectValid(index, against: Schemas.index, "index")
  }

  @Test("a crawl: a bad entry document fails under its URL, a failed list page under the page's")
  func crawlErrors() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    let page2 = "\(Self.base)/pokemon/?offset=2&limit=2"
    loader["\(Self.base)/pokemon/?offset=0&limit=100"] = .body(
      try Self.json([
        "count": 4, "next": page2, "previous": NSNull(),
        "results": [
          ["name": "one", "url": "\(Self.base)/pokemon/1/"],
          ["name": "two", "url": "\(Self.base)/pokemon/2/"],
        ],
      ]))
    loader[page2] = .error(.httpStatus(500))
    loader["\(Self.base)/pokemon/1/"] = .body(
      try Self.json([
        "id": 1, "name": "one", "sprites": ["front_default": "http://mock.invalid/1.png"],
      ]))
    loader["\(Self.base)/pokemon/2/"] = .body(Array("{ not json".utf8))
    loader["http://mock.invalid/1.png"] = .body(try Self.png())
    let fetch = ThemeFetch(options: Self.options(directory))
    let outcome = try await Self.run(fetch, inputs: Self.crawl(loader), loader: loader)

    #expect(outcome.index.entries.map(\.name) == ["one"])
    let errors = outcome.index.errors
    #expect(errors.map(\.source) == ["\(Self.base)/pokemon/2/", page2])
    #expect(errors.map(\.stage) == ["fetch", "fetch"])
    #expect(errors.first?.message.contains("PokeAPI entry") == true)
    #expect(errors.last?.message == FetchError.httpStatus(500).description)
  }

  @Test("download only: sprites written as received under unique names, errors as for themes")
  func downloadOnly() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    let bytes = try Self.png()
    loader["http://mock.invalid/a/Sprite.png"] = .body(bytes)
    loader["http://mock.invalid/b/Sprite.png"] = .body(bytes + [1])
    let inputs = FetchInput.urlList(
      [
        "http://mock.invalid/a/Sprite.png", "http://mock.invalid/b/Sprite.png",
        "http://mock.invalid/gone.png",
      ]
      .joined(separator: "\n"))
    var options = Self.options(directory)
    options.downloadOnly = true
    let fetch = ThemeFetch(options: options)
    let outcome = try await Self.run(fetch, inputs: Self.stream(inputs), loader: loader)

    let downloads = try #require(outcome.downloads)
    #expect(downloads.entries.map(\.name) == ["sprite", "sprite-2"])
    #expect(downloads.entries.map(\.sprite) == ["sprites/sprite.png", "sprites/sprite-2.png"])
    #expect(downloads.entries.map(\.bytes) == [bytes.count, bytes.count + 1])
    #expect(downloads.errors.map(\.source) == ["http://mock.invalid/gone.png"])
    #expect(outcome.index.errors == downloads.errors)
    let second = try Data(contentsOf: directory.url.appendingPathComponent("sprites/sprite-2.png"))
    #expect([UInt8](second) == bytes + [1])
    let index = try Data(contentsOf: directory.url.appendingPathComponent("index.json"))
    Schemas.expectValid(index, against: Schemas.downloads, "index")
    #expect(
      !FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("themes").path))
  }

  @Test("download only: a sprite that cannot be written stops the run with the file's path")
  func downloadOnlyWriteFailure() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    loader["http://mock.invalid/a/Blocked.png"] = .body(try Self.png())
    // A directory where the sprite's file should go: renaming the written file onto it fails.
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("sprites/blocked.png/inside"),
      withIntermediateDirectories: true)
    var options = Self.options(directory)
    options.downloadOnly = true
    let fetch = ThemeFetch(options: options)
    let inputs = FetchInput.urlList("http://mock.invalid/a/Blocked.png")
    await #expect {
      _ = try await Self.run(fetch, inputs: Self.stream(inputs), loader: loader)
    } throws: { error in
      (error as? ThemeEngine.Fatal)?.path.hasSuffix("sprites/blocked.png") == true
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent("index.json").path))
  }

  @Test(
    "download only: sprites/ is its own cache; fresh files are kept, stale ones revalidated, changed ones fetched again"
  )
  func downloadOnlyKeepsSprites() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    let bytes = try Self.png()
    let tagged = "http://mock.invalid/tagged.png"
    let plain = "http://mock.invalid/plain.png"
    loader[tagged] = .tagged(bytes, etag: "\"v1\"")
    loader[plain] = .body(bytes + [9])
    let clock = ManualClock()
    let counts = Mutex(ThemeFetch.Progress())
    func run(ttl: TimeInterval = 3600) async throws -> DownloadIndex {
      var options = Self.options(directory)
      (options.downloadOnly, options.ttl, options.now) = (true, ttl, clock.now)
      let fetch = ThemeFetch(options: options)
      let outcome = try await Self.run(
        fetch, inputs: Self.stream(FetchInput.urlList(tagged + "\n" + plain)), loader: loader)
      counts.withLock { $0 = outcome.counts }
      return try #require(outcome.downloads)
    }
    let sprites = directory.url.appendingPathComponent("sprites")

    let first = try await run()
    #expect(first.entries.map(\.bytes) == [bytes.count, bytes.count + 1])
    #expect(counts.withLock { ($0.listed, $0.downloaded, $0.cached, $0.analysed) } == (2, 2, 0, 0))
    #expect(loader.requests.count == 2)
    #expect(loader.requests.allSatisfy { !$0.usesCache && $0.ifNoneMatch == nil })
    let cache = directory.url.appendingPathComponent(".cache")
    let manifests = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    #expect(manifests.count == 1)
    #expect(manifests.first?.hasPrefix("downloads-") == true)
    #expect(
      !FileManager.default.fileExists(atPath: sprites.appendingPathComponent(".downloads").path))
    let manifest = DownloadManifest(
      parsing: try Data(contentsOf: cache.appendingPathComponent(manifests[0])))
    #expect(manifest.records[tagged]?.file == "tagged.png")
    #expect(manifest.records[tagged]?.etag == "\"v1\"")
    #expect(manifest.records[plain]?.bytes == bytes.count + 1)

    // Within the TTL: no request at all, and the same index.
    clock.advance(by: 1800)
    #expect(try await run() == first)
    #expect(loader.requests.count == 2)
    #expect(counts.withLock { ($0.downloaded, $0.cached) } == (0, 2))

    // Stale: the tagged sprite is revalidated (304, file kept); the one without validators is
    // fetched again whole.
    clock.advance(by: 3600)
    #expect(try await run() == first)
    #expect(counts.withLock { ($0.downloaded, $0.cached) } == (1, 1), "the 304 is cached")
    let stale = loader.requests.dropFirst(2)
    #expect(stale.count == 2)
    #expect(stale.first { $0.url.absoluteString == tagged }?.ifNoneMatch == "\"v1\"")
    #expect(stale.first { $0.url.absoluteString == plain }?.ifNoneMatch == nil)
    #expect([UInt8](try Data(contentsOf: sprites.appendingPathComponent("tagged.png"))) == bytes)

    // A changed file is fetched again, fresh or not; a new body replaces the old one.
    try Data([1, 2, 3]).write(to: sprites.appendingPathComponent("tagged.png"))
    loader[tagged] = .tagged(bytes + [7, 7], etag: "\"v2\"")
    let changed = try await run()
    #expect(changed.entries.map(\.bytes) == [bytes.count + 2, bytes.count + 1])
    #expect(loader.requests.count == 5)
    #expect(loader.requests.last?.ifNoneMatch == nil)
    #expect(
      [UInt8](try Data(contentsOf: sprites.appendingPathComponent("tagged.png"))) == bytes + [7, 7])

    // Without the cache, every sprite is fetched again.
    try FileManager.default.removeItem(at: cache)
    _ = try await run()
    #expect(loader.requests.count == 7)
  }

  @Test("the download manifest round-trips; another version or other text reads as empty")
  func manifestRoundTrip() {
    var manifest = DownloadManifest()
    manifest.records["http://b.test/2.png"] = .init(
      file: "2.png", bytes: 10, sha256: String(repeating: "ab", count: 32),
      fetchedAt: 1_763_800_000.25, etag: "\"x\"\t", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
    manifest.records["http://a.test/1.png"] = .init(
      file: "1.png", bytes: 0, sha256: "", fetchedAt: 0, etag: nil, lastModified: nil)
    let bytes = manifest.encoded()
    #expect(DownloadManifest(parsing: Data(bytes)) == manifest)
    var reordered = DownloadManifest()
    for url in manifest.records.keys.reversed() { reordered.records[url] = manifest.records[url] }
    #expect(reordered.encoded() == bytes, "keys are sorted, so the bytes are stable")
    var old = manifest
    old.version = 1
    #expect(DownloadManifest(parsing: Data(old.encoded())) == DownloadManifest())
    #expect(
      DownloadManifest(parsing: Data("sprite-theme-downloads 1\n".utf8)) == DownloadManifest())
  }

  @Test("skipped entries are listed in index.json with their reason and counted")
  func skippedListed() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    loader["http://mock.invalid/1.png"] = .body(try Self.png())
    let inputs: [FetchInput] = [
      .skipped(name: "pikachu-starter", reason: "no sprite at front_default"),
      .sprite(
        url: URL(string: "http://mock.invalid/1.png")!, name: "one", id: 1, origin: .response),
      .skipped(name: "charizard-mega-x", reason: "a form"),
    ]
    let outcome = try await Self.run(
      ThemeFetch(options: Self.options(directory)), inputs: .list(inputs), loader: loader)
    #expect(outcome.counts.skipped == 2)
    #expect(outcome.index.skipped.map(\.name) == ["pikachu-starter", "charizard-mega-x"])
    let written = try JSONDecoder().decode(
      BatchIndex.self, from: Data(contentsOf: directory.url.appendingPathComponent("index.json")))
    #expect(written.skipped == outcome.index.skipped)
    #expect(written.skipped.first?.reason == "no sprite at front_default")
  }

  @Test("cancelling the run stops the downloads and writes no index.json")
  func cancellation() async throws {
    let directory = try TemporaryDirectory()
    let inputs = (1...50).map {
      FetchInput.sprite(
        url: URL(string: "http://mock.invalid/\($0).png")!, name: "\($0)", id: nil, origin: .user)
    }
    let run = Task {
      try await ThemeFetch(options: Self.options(directory)).run(
        inputs: .list(inputs), loader: NeverLoader())
    }
    try await Task.sleep(for: .milliseconds(100))
    run.cancel()
    let outcome = try await run.value
    #expect(outcome.interrupted)
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent("index.json").path))
  }
}

extension ThemeFetchTests {
  @Test("at most twice --concurrency downloads run at once, and themes keep input order")
  func boundedDownloads() async throws {
    let directory = try TemporaryDirectory()
    let png = try Self.png()
    let loader = SlowLoader(body: png)
    var options = Self.options(directory)
    options.concurrency = 3
    let inputs = (1...40).map {
      FetchInput.sprite(
        url: URL(string: "http://mock.invalid/\($0).png")!, name: "s\($0)", id: nil, origin: .user)
    }
    let outcome = try await ThemeFetch(options: options).run(inputs: .list(inputs), loader: loader)
    #expect(outcome.index.entries.map(\.name) == (1...40).map { "s\($0)" })
    #expect(loader.peak <= 6 && loader.peak > 1, "peak \(loader.peak)")
  }
}

/// Answers every URL with the same body after a delay that varies by URL; counts loads at once.
private final class SlowLoader: DataLoading {
  private let body: [UInt8]
  private let state = Mutex((now: 0, peak: 0))

  init(body: [UInt8]) { self.body = body }

  /// The most loads that ran at once.
  var peak: Int { state.withLock { $0.peak } }

  func load(_ request: FetchRequest) async throws -> FetchResponse {
    state.withLock { $0 = ($0.now + 1, max($0.peak, $0.now + 1)) }
    defer { state.withLock { $0.now -= 1 } }
    try await Task.sleep(for: .milliseconds(request.url.absoluteString.count % 5 * 3))
    return FetchResponse(status: 200, body: body, finalURL: request.url)
  }
}

/// A loader whose loads end only when their task is cancelled.
private struct NeverLoader: DataLoading {
  func load(_ request: FetchRequest) async throws -> FetchResponse {
    do {
      try await Task.sleep(for: .seconds(3600))
    } catch {}
    throw FetchError.cancelled
  }
}

/// A clock the test moves by hand.
private final class ManualClock: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_763_800_000))

  /// The current time.
  @Sendable func now() -> Date { current.withLock { $0 } }

  /// Moves the clock forward.
  func advance(by seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
