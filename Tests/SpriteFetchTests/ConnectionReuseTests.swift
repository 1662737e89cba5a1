import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteFetch

/// Conditional requests and connection reuse, observed from inside the module.
@Suite("CurlDataLoader revalidation and reuse")
struct ConnectionReuseTests {
  @Test("sequential loads from one host reuse a single connection")
  func sequentialReuse() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let loader = TestLoaders.loader()
    for file in Fixtures.sampleSpriteFiles().prefix(5) {
      let url = server.url("/sprites/\(file.lastPathComponent)")
      _ = try await loader.load(FetchRequest(url: url, expecting: .png))
    }
    #expect(loader.connectionsOpened.load(ordering: .relaxed) == 1)
  }

  @Test("an idle connection older than maxConnectionAge is not reused")
  func maxConnectionAge() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    var configuration = TestLoaders.configuration()
    configuration.maxConnectionAge = .seconds(1)
    let loader = CurlDataLoader(configuration: configuration)
    let url = server.url(
      "/sprites/\(try #require(Fixtures.sampleSpriteFiles().first).lastPathComponent)")
    _ = try await loader.load(FetchRequest(url: url, expecting: .png))
    // Longer idle than the limit whatever the machine's speed (a busy one only adds to it).
    try await Task.sleep(for: .milliseconds(2500))
    _ = try await loader.load(FetchRequest(url: url, expecting: .png))
    #expect(loader.connectionsOpened.load(ordering: .relaxed) == 2)
  }

  @Test("Last-Modified is reported and If-Modified-Since is answered 304")
  func ifModifiedSince() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let name = try #require(Fixtures.sampleSpriteFiles().first).lastPathComponent
    let url = server.url("/sprites/\(name)")
    let loader = TestLoaders.loader()
    let first = try await loader.load(FetchRequest(url: url, expecting: .png))
    #expect(first.lastModified == LoopbackServer.lastModified)
    let second = try await loader.load(
      FetchRequest(url: url, expecting: .png, ifModifiedSince: first.lastModified))
    #expect(second.status == 304)
    #expect(second.body.isEmpty)
  }

  @Test("a redirect to file:// names the refused protocol")
  func redirectToFileMessage() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: server.url("/to-file")))
    }
    guard case .unsupportedURL(let message) = error else {
      Issue.record("expected unsupportedURL, got \(String(describing: error))")
      return
    }
    #expect(message.localizedCaseInsensitiveContains("file"))
    #expect(server.counter.count("/to-file") == 1)
  }
}
