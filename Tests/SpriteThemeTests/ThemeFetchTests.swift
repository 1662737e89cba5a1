import Foundation
import SpriteCore
import SpriteFetch
import SpritePNG
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

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
    .crawl(PokeAPICrawler(base: AbsoluteURL(string: base)!), loader: loader)
  }

  /// Runs `fetch` to the end on a thread of its own, off the cooperative pool.
  static func run(
    _ fetch: ThemeFetch, inputs: FetchInputs, loader: any DataLoading,
    progress: (@Sendable (ThemeFetch.Progress) -> Void)? = nil
  ) async throws -> ThemeFetch.Outcome {
    try await offPool { try fetch.run(inputs: inputs, loader: loader, progress: progress) }
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
    let fetch = ThemeFetch(options: .init(outputDirectory: directory.url.path, analysisThreads: 2))
    let seen = Locked([ThemeFetch.Progress]())
    let outcome = try await Self.run(fetch, inputs: Self.stream(inputs), loader: loader) { counts in
      seen.withLock { $0.append(counts) }
    }
    var expected = ThemeFetch.Progress()
    (expected.listed, expected.downloaded, expected.analysed, expected.failed) = (3, 2, 1, 2)
    #expect(outcome.counts == expected, "the non-PNG body was downloaded, then failed in decode")
    #expect(seen.withLock { $0.contains(expected) })
    #expect(seen.withLock { $0.count } == 6, "one update per listed entry and per finished one")

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
    let fetch = ThemeFetch(options: .init(outputDirectory: directory.url.path, analysisThreads: 1))
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
    let fetch = ThemeFetch(options: .init(outputDirectory: directory.url.path, downloadOnly: true))
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
    let fetch = ThemeFetch(options: .init(outputDirectory: directory.url.path, downloadOnly: true))
    let inputs = FetchInput.urlList("http://mock.invalid/a/Blocked.png")
    await #expect {
      _ = try await Self.run(fetch, inputs: Self.stream(inputs), loader: loader)
    } throws: { error in
      (error as? ThemeBatch.Fatal)?.path.hasSuffix("sprites/blocked.png") == true
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
    let counts = Locked(ThemeFetch.Progress())
    func run(ttl: TimeInterval = 3600) async throws -> DownloadIndex {
      let fetch = ThemeFetch(
        options: .init(
          outputDirectory: directory.url.path, downloadOnly: true, ttl: ttl, now: clock.now))
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
      parsing: [UInt8](try Data(contentsOf: cache.appendingPathComponent(manifests[0]))))
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

  @Test("the download manifest round-trips, in a stable order, and skips what it cannot hold")
  func manifestRoundTrip() {
    var manifest = DownloadManifest()
    manifest.records["http://b.test/2.png"] = .init(
      file: "2.png", bytes: 10, hash: 0xDEAD_BEEF, fetchedAt: 1_763_800_000.25, etag: "\"x\"",
      lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
    manifest.records["http://a.test/1.png"] = .init(
      file: "1.png", bytes: 0, hash: 0, fetchedAt: 0, etag: nil, lastModified: nil)
    let bytes = manifest.encoded()
    #expect(DownloadManifest(parsing: bytes) == manifest)
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0] == "sprite-theme-downloads 1")
    var reordered = DownloadManifest()
    for url in manifest.records.keys.reversed() { reordered.records[url] = manifest.records[url] }
    #expect(reordered.encoded() == bytes)
    var withTab = manifest
    withTab.records["http://c.test/3.png"] = .init(
      file: "3.png", bytes: 1, hash: 1, fetchedAt: 1, etag: "a\tb", lastModified: nil)
    #expect(DownloadManifest(parsing: withTab.encoded()) == manifest)
    #expect(DownloadManifest(parsing: Array("other 1\n".utf8)) == DownloadManifest())
    #expect(DownloadManifest(parsing: bytes + Array("bad\tline\n".utf8)) == manifest)
  }

  @Test("a manifest field is any text without a tab, line feed or carriage return")
  func manifestFields() {
    // Every byte value alone, inside ASCII text, and next to multi-byte UTF-8.
    for byte in UInt8(0)...UInt8(127) {
      let separator = byte == 0x09 || byte == 0x0A || byte == 0x0D
      for text in [
        String(decoding: [byte], as: UTF8.self),
        "etag-" + String(decoding: [byte], as: UTF8.self) + "-tail",
        "é" + String(decoding: [byte], as: UTF8.self) + "🎨",
      ] {
        #expect(DownloadManifest.isField(text) == !separator, "byte \(byte)")
      }
    }
    #expect(DownloadManifest.isField(""))
    #expect(DownloadManifest.isField("Sun, 06 Nov 1994 08:49:37 GMT"))
    #expect(!DownloadManifest.isField(String(repeating: "abc", count: 100) + "\r"))
    #expect(DownloadManifest.isField(String(repeating: "abc", count: 100)))
  }

  @Test("the download manifest's exact bytes: fields, numbers, hex digits, order by URL hash")
  func manifestBytes() {
    var manifest = DownloadManifest()
    manifest.records["http://b.test/2.png"] = .init(
      file: "2.png", bytes: 1_234_567, hash: 0x0123_4567_89AB_CDEF, fetchedAt: 1_763_800_000.25,
      etag: "\"x\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
    manifest.records["http://a.test/1.png"] = .init(
      file: "1.png", bytes: 0, hash: 0, fetchedAt: 0, etag: nil, lastModified: nil)
    let a = "http://a.test/1.png\t1.png\t0\t0000000000000000\t0\t\t\n"
    let b =
      "http://b.test/2.png\t2.png\t1234567\t0123456789abcdef\t1763800000250\t\"x\"\t"
      + "Sun, 06 Nov 1994 08:49:37 GMT\n"
    let ordered = FNV1a.hash("http://a.test/1.png") < FNV1a.hash("http://b.test/2.png")
    let expected = "sprite-theme-downloads 1\n" + (ordered ? a + b : b + a)
    #expect(String(decoding: manifest.encoded(), as: UTF8.self) == expected)
  }
}

/// A clock the test moves by hand.
private final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current = Timestamp(secondsSince1970: 1_763_800_000)

  /// The current time.
  @Sendable func now() -> Timestamp { lock.withLock { current } }

  /// Moves the clock forward.
  func advance(by seconds: Double) { lock.withLock { current.secondsSince1970 += seconds } }
}
