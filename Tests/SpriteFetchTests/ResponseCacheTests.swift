import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteFetch

/// `ResponseCache` and `CachingDataLoader` with a mock inner loader and an injected clock.
@Suite("Response cache")
struct ResponseCacheTests {
  let clock = TestClock()
  /// The test's scratch folder, removed when the test ends.
  let scratch: TemporaryDirectory
  /// The cache's directory, not made until the cache stores something.
  let directory: URL
  let url = URL(string: "https://example.test/sprites/1.png?size=96")!

  func cache() -> ResponseCache { ResponseCache(directory: directory, now: clock.now) }

  init() throws {
    scratch = try TemporaryDirectory()
    directory = scratch.url.appendingPathComponent("cache")
  }

  @Test("a miss loads once and stores body, validators and date")
  func missStores() async throws {
    let inner = MockLoader()
    let response = try await CachingDataLoader(wrapping: inner, cache: cache()).load(
      FetchRequest(url: url))
    #expect(response.source == .network)
    #expect(response.body == MockLoader.body(for: url))
    #expect(inner.requests.count == 1)
    let entry = try #require(cache().entry(for: url))
    #expect(entry.body == MockLoader.body(for: url))
    #expect(entry.etag == MockLoader.etag)
    #expect(entry.lastModified == MockLoader.lastModified)
    #expect(entry.contentType == "image/png")
    #expect(entry.storedAt == clock.now())
  }

  @Test("a second load within the TTL makes no inner call")
  func freshHit() async throws {
    let inner = MockLoader()
    _ = try await CachingDataLoader(wrapping: inner, cache: cache()).load(
      FetchRequest(url: url))
    clock.advance(by: 23 * 3600)
    let response = try await CachingDataLoader(wrapping: inner, cache: cache()).load(
      FetchRequest(url: url, expecting: .png))
    #expect(inner.requests.count == 1)
    #expect(response.status == 200)
    #expect(response.source == .cache)
    #expect(response.body == MockLoader.body(for: url))
    #expect(response.etag == MockLoader.etag)
  }

  @Test("a stale entry is revalidated; a 304 reuses the body and refreshes storedAt")
  func staleNotModified() async throws {
    let inner = MockLoader()
    let loader = CachingDataLoader(wrapping: inner, cache: cache(), ttl: 60)
    _ = try await loader.load(FetchRequest(url: url))
    clock.advance(by: 61)
    let response = try await loader.load(FetchRequest(url: url))
    let conditional = try #require(inner.requests.last)
    #expect(conditional.ifNoneMatch == MockLoader.etag)
    #expect(conditional.ifModifiedSince == MockLoader.lastModified)
    #expect(inner.notModifiedCount == 1)
    #expect(response.status == 200)
    #expect(response.source == .revalidated)
    #expect(response.body == MockLoader.body(for: url))
    #expect(cache().entry(for: url)?.storedAt == clock.now())
    _ = try await loader.load(FetchRequest(url: url))
    #expect(inner.requests.count == 2)
  }

  @Test("a stale entry answered with 200 is replaced")
  func staleReplaced() async throws {
    let inner = MockLoader()
    let loader = CachingDataLoader(wrapping: inner, cache: cache(), ttl: 60)
    _ = try await loader.load(FetchRequest(url: url))
    inner.version = 2
    clock.advance(by: 120)
    let response = try await loader.load(FetchRequest(url: url))
    #expect(response.source == .network)
    #expect(response.body == MockLoader.body(for: url, version: 2))
    let entry = try #require(cache().entry(for: url))
    #expect(entry.body == MockLoader.body(for: url, version: 2))
    #expect(entry.etag == "\"v2\"")
    #expect(entry.storedAt == clock.now())
  }

  /// Ways an entry on disk can be broken.
  enum Damage: CaseIterable, Sendable {
    case entryMissing, bodyTruncated, bodyAltered, headerGarbled, entryForOtherURL, otherVersion
  }

  @Test("a damaged entry is a miss, never returned", arguments: Damage.allCases)
  func damagedEntry(damage: Damage) async throws {
    let inner = MockLoader()
    let other = URL(string: "https://example.test/sprites/2.png")!
    let loader = CachingDataLoader(wrapping: inner, cache: cache())
    _ = try await loader.load(FetchRequest(url: url))
    _ = try await loader.load(FetchRequest(url: other))
    let file = cache().file(for: url)
    let otherFile = cache().file(for: other)
    let fm = FileManager.default
    var bytes = [UInt8](try Data(contentsOf: file))
    switch damage {
    case .entryMissing: try fm.removeItem(at: file)
    case .bodyTruncated: try Data(bytes.dropLast(10)).write(to: file)
    case .bodyAltered:
      bytes[bytes.count - 20] ^= 0xFF
      try Data(bytes).write(to: file)
    case .headerGarbled:
      bytes[bytes.firstIndex(of: UInt8(ascii: "\n"))! + 2] = UInt8(ascii: "\n")
      try Data(bytes).write(to: file)
    case .entryForOtherURL:
      try fm.removeItem(at: file)
      try fm.copyItem(at: otherFile, to: file)
    case .otherVersion:
      bytes[EntryFile.magic.utf8.count - 1] = UInt8(ascii: "1")
      try Data(bytes).write(to: file)
    }
    #expect(cache().entry(for: url) == nil)
    let response = try await loader.load(FetchRequest(url: url))
    #expect(inner.requests.count == 3)
    #expect(response.source == .network)
    #expect(response.body == MockLoader.body(for: url))
    #expect(cache().entry(for: url)?.body == MockLoader.body(for: url))
  }

  @Test("an entry file round-trips every field; values with line breaks are left out")
  func entryFileRoundTrip() throws {
    let entry = ResponseCache.Entry(
      url: url.absoluteString, status: 200, body: [0x89, 0x50, 0x0A, 0x0A, 0x00],
      etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT", contentType: "image/png",
      finalURL: "https://example.test/final.png", storedAt: Date(timeIntervalSince1970: 1.25e9))
    #expect(EntryFile.decode(Data(EntryFile.encode(entry))) == entry)
    var broken = entry
    broken.etag = "a\nb"
    broken.contentType = nil
    broken.finalURL = nil
    var expected = broken
    expected.etag = nil
    #expect(EntryFile.decode(Data(EntryFile.encode(broken))) == expected)
  }

  @Test("inner errors pass through; a stale entry is not served on error")
  func errorsPassThrough() async throws {
    let inner = MockLoader()
    let loader = CachingDataLoader(wrapping: inner, cache: cache(), ttl: 60)
    _ = try await loader.load(FetchRequest(url: url))
    clock.advance(by: 61)
    inner.failure = .timedOut
    let error = await TestLoaders.fetchError {
      _ = try await loader.load(FetchRequest(url: url))
    }
    #expect(error == .timedOut)
  }

  @Test("file URLs bypass the cache; cached bodies are checked against the expected content")
  func bypassAndContentCheck() async throws {
    let inner = MockLoader()
    let loader = CachingDataLoader(wrapping: inner, cache: cache())
    let file = URL(fileURLWithPath: "/tmp/sprite.png")
    _ = try await loader.load(FetchRequest(url: file))
    _ = try await loader.load(FetchRequest(url: file))
    #expect(inner.requests.count == 2)
    #expect(cache().entry(for: file) == nil)
    _ = try await loader.load(FetchRequest(url: url))
    let error = await TestLoaders.fetchError {
      _ = try await loader.load(FetchRequest(url: url, expecting: .json))
    }
    #expect(error == .badContent("the body is not valid JSON"))
    #expect(inner.requests.count == 3)
  }

  @Test("two loaders sharing a directory under parallel loads return only correct bodies")
  func concurrentSharing() async throws {
    // No validators: every stale load rewrites the whole entry.
    let inner = MockLoader(bodyLength: 64 << 10, validators: false)
    let urls = (0..<8).map { URL(string: "https://example.test/sprites/\($0).png")! }
    // One loader always refetches and rewrites; the other mostly reads.
    let writer = CachingDataLoader(
      wrapping: inner, cache: ResponseCache(directory: directory, now: clock.now), ttl: 0)
    let reader = CachingDataLoader(
      wrapping: inner, cache: ResponseCache(directory: directory, now: clock.now))
    let mismatches = try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<200 {
        let target = urls[index % urls.count]
        let loader = index % 2 == 0 ? writer : reader
        group.addTask {
          let response = try await loader.load(FetchRequest(url: target, expecting: .png))
          return response.body == MockLoader.body(for: target, length: 64 << 10)
            && response.status == 200
        }
      }
      return try await group.reduce(0) { $0 + ($1 ? 0 : 1) }
    }
    #expect(mismatches == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.contains(".tmp") })
    #expect(names.count == urls.count)
    for target in urls {
      #expect(cache().entry(for: target)?.body == MockLoader.body(for: target, length: 64 << 10))
    }
  }

  @Test("a cache whose directory is removed while in use creates it again on the next store")
  func directoryRemovedInUse() throws {
    let cache = cache()
    let first = FetchResponse(status: 200, body: [1, 2, 3], finalURL: url)
    try cache.store(first, for: url)
    #expect(cache.entry(for: url)?.body == [1, 2, 3])
    try FileManager.default.removeItem(at: directory)
    #expect(cache.entry(for: url) == nil)
    let second = FetchResponse(status: 200, body: [4, 5], finalURL: url)
    try cache.store(second, for: url)
    #expect(cache.entry(for: url)?.body == [4, 5])
    #expect(
      ResponseCache(directory: directory, now: clock.now).entry(for: url)?.body == [4, 5])
  }

  @Test("entry files are named by the SHA-256 of the URL; a renamed entry is not found")
  func entryNames() throws {
    try cache().store(FetchResponse(status: 200, body: [7], finalURL: url), for: url)
    // `printf %s 'https://example.test/sprites/1.png?size=96' | sha256sum`
    #expect(
      cache().file(for: url).lastPathComponent
        == "\(ResponseCache.digest(url.absoluteString)).entry")
    #expect(
      ResponseCache.digest("abc")
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    try FileManager.default.moveItem(
      at: cache().file(for: url), to: directory.appendingPathComponent("renamed.entry"))
    #expect(cache().entry(for: url) == nil)
  }
}
