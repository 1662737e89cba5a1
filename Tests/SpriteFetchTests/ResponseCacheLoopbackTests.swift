import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// `CachingDataLoader` over `CurlDataLoader` against the loopback server, counting requests.
@Suite("Response cache over loopback HTTP")
struct ResponseCacheLoopbackTests {
  @Test("a re-run within the TTL makes no requests; past it, an ETag revalidation gets a 304")
  func rerunAndRevalidate() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let clock = TestClock()
    let scratch = try TemporaryDirectory()
    let directory = scratch.url.appendingPathComponent("cache")
    let files = Array(Fixtures.sampleSpriteFiles().prefix(6))
    try #require(files.count >= 2)
    let paths = files.map { "/sprites/\($0.lastPathComponent)" }
    let curl = TestLoaders.loader()

    func run(_ inner: any DataLoading) async throws -> [FetchResponse] {
      let loader = CachingDataLoader(
        wrapping: inner, cache: ResponseCache(directory: directory, now: clock.now))
      var responses: [FetchResponse] = []
      for path in paths {
        responses.append(
          try await loader.load(FetchRequest(url: server.url(path), expecting: .png)))
      }
      return responses
    }

    // First run: every URL is transferred once.
    let first = try await run(curl)
    for (index, response) in first.enumerated() {
      #expect(response.source == .network)
      #expect(response.body == (try Fixtures.bytes(of: files[index])))
      #expect(server.counter.count(paths[index]) == 1)
    }

    // Second run, a new loader on the same directory within the TTL: no requests at all.
    clock.advance(by: 3600)
    let second = try await run(curl)
    for (index, response) in second.enumerated() {
      #expect(response.source == .cache)
      #expect(response.status == 200)
      #expect(response.body == (try Fixtures.bytes(of: files[index])))
      #expect(server.counter.count(paths[index]) == 1)
    }

    // Past the TTL: revalidation with the ETag only; the server answers 304 without a body.
    clock.advance(by: CachingDataLoader.defaultTTL)
    let recorder = RecordingLoader(curl, dropIfModifiedSince: true)
    let third = try await run(recorder)
    let exchanges = recorder.exchanges
    #expect(exchanges.count == paths.count)
    for (index, response) in third.enumerated() {
      let name = files[index].lastPathComponent
      #expect(response.source == .revalidated)
      #expect(response.status == 200)
      #expect(response.body == (try Fixtures.bytes(of: files[index])))
      #expect(server.counter.count(paths[index]) == 2)
      guard index < exchanges.count else { continue }
      let (request, inner) = exchanges[index]
      #expect(request.ifNoneMatch == LoopbackServer.etag(for: name))
      #expect(request.ifModifiedSince == nil)
      #expect(inner.status == 304)
      #expect(inner.body.isEmpty)
    }

    // The refreshed entries are fresh again: a fourth run makes no requests.
    _ = try await run(curl)
    for path in paths { #expect(server.counter.count(path) == 2) }
  }
}
