import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// HTTP behaviour of `CurlDataLoader` against an in-process server on 127.0.0.1.
@Suite("CurlDataLoader over loopback HTTP")
struct CurlDataLoaderHTTPTests {
  @Test("a 200 PNG comes back with its bytes, ETag and content type")
  func pngOK() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let file = try #require(Fixtures.sampleSpriteFiles().first)
    let url = server.url("/sprites/\(file.lastPathComponent)")
    let response = try await TestLoaders.loader().load(FetchRequest(url: url, expecting: .png))
    #expect(response.status == 200)
    #expect(response.body == (try Fixtures.bytes(of: file)))
    #expect(response.etag == LoopbackServer.etag(for: file.lastPathComponent))
    #expect(response.contentType == "image/png")
    #expect(response.redirects == 0)
    #expect(response.finalURL == url)
  }

  @Test("a 404 throws httpStatus(404) without retrying")
  func notFound() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: server.url("/status/404")))
    }
    #expect(error == .httpStatus(404))
    #expect(server.counter.count("/status/404") == 1)
  }

  @Test("a 500 is retried and the second answer succeeds")
  func retryAfter500() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let response = try await TestLoaders.loader().load(
      FetchRequest(url: server.url("/flaky/a"), expecting: .png))
    #expect(response.status == 200)
    #expect(server.counter.count("/flaky/a") == 2)
  }

  @Test("a persistent 503 fails with httpStatus after the configured retries")
  func retriesExhausted() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader(retries: 2).load(
        FetchRequest(url: server.url("/status/503")))
    }
    #expect(error == .httpStatus(503))
    #expect(server.counter.count("/status/503") == 3)
  }

  @Test("a 429 with Retry-After: 1 waits about a second, then succeeds")
  func retryAfterHonoured() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let clock = ContinuousClock()
    let start = clock.now
    let response = try await TestLoaders.loader().load(
      FetchRequest(url: server.url("/throttled/a"), expecting: .png))
    let elapsed = clock.now - start
    #expect(response.status == 200)
    #expect(server.counter.count("/throttled/a") == 2)
    #expect(elapsed >= .milliseconds(950))
  }

  @Test("a redirect is followed and counted")
  func redirectFollowed() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let response = try await TestLoaders.loader().load(
      FetchRequest(url: server.url("/redirect"), expecting: .png))
    #expect(response.status == 200)
    #expect(response.redirects == 1)
    #expect(response.finalURL.path.hasPrefix("/sprites/"))
  }

  @Test("a redirect loop fails after five redirects")
  func redirectLoop() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: server.url("/loop")))
    }
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 47)  // CURLE_TOO_MANY_REDIRECTS
    #expect(server.counter.count("/loop") == 6)
  }

  @Test("a redirect from http to file:// is refused")
  func redirectToFileRefused() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: server.url("/to-file")))
    }
    guard case .unsupportedURL = error else {
      Issue.record("expected unsupportedURL, got \(String(describing: error))")
      return
    }
  }

  @Test("HTML where a PNG is expected is badContent")
  func htmlIsBadContent() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(
        FetchRequest(url: server.url("/html"), expecting: .png))
    }
    guard case .badContent = error else {
      Issue.record("expected badContent, got \(String(describing: error))")
      return
    }
    let json = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(
        FetchRequest(url: server.url("/html"), expecting: .json))
    }
    guard case .badContent = json else {
      Issue.record("expected badContent for JSON, got \(String(describing: json))")
      return
    }
  }

  @Test("a body over the size cap is tooLarge")
  func sizeCap() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader(maxBytes: 1024).load(
        FetchRequest(url: server.url("/big/4096")))
    }
    #expect(error == .tooLarge(limit: 1024))
    let fits = try await TestLoaders.loader(maxBytes: 1024).load(
      FetchRequest(url: server.url("/big/1024")))
    #expect(fits.body.count == 1024)
  }

  @Test("a matching If-None-Match is answered 304 with an empty body")
  func notModified() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let name = try #require(Fixtures.sampleSpriteFiles().first).lastPathComponent
    let url = server.url("/sprites/\(name)")
    let loader = TestLoaders.loader()
    let first = try await loader.load(FetchRequest(url: url, expecting: .png))
    let etag = try #require(first.etag)
    let second = try await loader.load(
      FetchRequest(url: url, expecting: .png, ifNoneMatch: etag))
    #expect(second.status == 304)
    #expect(second.isNotModified)
    #expect(second.body.isEmpty)
    #expect(second.etag == etag)
  }

  @Test("a reused handle keeps no request header or redirect rule of the request before it")
  func reusedHandleStartsClean() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    // One transfer handle, so every load below reuses it with the options it already holds.
    var configuration = TestLoaders.configuration()
    configuration.concurrency = 1
    configuration.userAgent = "reuse-test/1"
    let loader = CurlDataLoader(configuration: configuration)
    let file = try #require(Fixtures.sampleSpriteFiles().first)
    let url = server.url("/sprites/\(file.lastPathComponent)")
    let etag = LoopbackServer.etag(for: file.lastPathComponent)
    for _ in 0..<2 {
      // A file:// load allows redirects to file:// only...
      let local = try await loader.load(FetchRequest(url: file, expecting: .png))
      #expect(local.body == (try Fixtures.bytes(of: file)))
      // ...which the next http load must not inherit.
      let refused = await TestLoaders.fetchError {
        _ = try await loader.load(FetchRequest(url: server.url("/to-file")))
      }
      guard case .unsupportedURL = refused else {
        Issue.record("expected unsupportedURL, got \(String(describing: refused))")
        return
      }
      let revalidated = try await loader.load(
        FetchRequest(url: url, expecting: .png, ifNoneMatch: etag))
      #expect(revalidated.status == 304)
      // No If-None-Match left over: a full 200.
      let plain = try await loader.load(FetchRequest(url: url, expecting: .png))
      #expect(plain.status == 200)
      #expect(plain.body == (try Fixtures.bytes(of: file)))
      let agent = try await loader.load(FetchRequest(url: server.url("/user-agent")))
      #expect(String(decoding: agent.body, as: UTF8.self) == "reuse-test/1")
    }
  }

  @Test("20 parallel requests all succeed with bounded concurrency")
  func parallel() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let files = Array(Fixtures.sampleSpriteFiles().prefix(20))
    #expect(files.count == 20)
    var configuration = TestLoaders.configuration()
    configuration.concurrency = 4
    let loader = CurlDataLoader(configuration: configuration)
    let results = try await withThrowingTaskGroup(of: (URL, [UInt8]).self) { group in
      for file in files {
        group.addTask {
          let response = try await loader.load(
            FetchRequest(url: server.url("/sprites/\(file.lastPathComponent)"), expecting: .png))
          return (file, response.body)
        }
      }
      return try await group.reduce(into: [(URL, [UInt8])]()) { $0.append($1) }
    }
    #expect(results.count == 20)
    for (file, body) in results {
      #expect(body == (try Fixtures.bytes(of: file)))
    }
  }
}
