import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// The shared PokeAPI documents (`../shared/testdata/pokeapi`) and ways to serve them.
enum PokeAPIData {
  /// The folder, or nil when it is missing.
  static let directory = Fixtures.sharedTestData("pokeapi")

  /// The folder, or nil after saying loudly that it is missing (a failure under CI).
  static func require(sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
    if let directory { return directory }
    Issue.record(
      "PokeAPI test data is missing at ../shared/testdata/pokeapi: tests skipped.",
      severity: Fixtures.isCI ? .error : .warning, sourceLocation: sourceLocation)
    return nil
  }

  /// The file behind a request path such as `/mirror/api/v2/pokemon/25/`, or nil.
  ///
  /// Everything before `api/v2/pokemon` is ignored, so a base with a path prefix works too.
  static func file(forPath path: String, in directory: URL) -> URL? {
    let parts = path.split(separator: "/").map(String.init)
    guard let start = parts.firstIndex(of: "api"), parts.count > start + 2,
      parts[start + 1] == "v2", parts[start + 2] == "pokemon"
    else { return nil }
    let rest = parts[(start + 3)...]
    var file = directory.appendingPathComponent("api/v2/pokemon")
    if let id = rest.first {
      guard rest.count == 1, Int(id) != nil else { return nil }
      file.appendPathComponent(id)
    }
    file.appendPathComponent("index.json")
    return FileManager.default.fileExists(atPath: file.path) ? file : nil
  }
}

/// A loopback HTTP server on 127.0.0.1 serving the static dump: `/…/api/v2/pokemon/` (the
/// one-page list with relative URLs, whatever the query) and `/…/api/v2/pokemon/<id>/`; else 404.
/// Its connections run on threads of their own (``ThreadedHTTPServer``), not on the cooperative
/// pool.
final class PokeAPIServer: Sendable {
  let server: ThreadedHTTPServer
  let port: UInt16
  let counter = RequestCounter()
  private let paths = LockedBox<[String]>([])

  /// Starts a server over the data folder; it listens at once.
  init(directory: URL) async throws {
    let counter = counter
    let paths = paths
    server = try ThreadedHTTPServer { request in
      _ = counter.record(request.path)
      paths.withLock { $0.append(request.path) }
      guard let file = PokeAPIData.file(forPath: request.path, in: directory),
        let data = try? Data(contentsOf: file)
      else { return ThreadedHTTPServer.Response(status: 404) }
      return ThreadedHTTPServer.Response(
        status: 200, headers: [("Content-Type", "application/json")], data: data)
    }
    port = server.port
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// Every request path, in arrival order.
  var requestedPaths: [String] { paths.withLock { $0 } }

  /// Stops the server.
  func stop() async { server.stop() }
}

/// A `DataLoading` that answers `https://pokeapi.co` URLs from the folder without any network:
/// list pages from `derived/pokemon-offset-M-limit-L.json` (live-shaped, absolute URLs, `next`
/// links), entries from `api/v2/pokemon/<id>/index.json`; anything else throws `.httpStatus(404)`.
/// With `slowEarlyEntries`, entry `id` takes `(60 - id % 60)` ms, so later entries finish first.
final class PokeAPIMockLoader: DataLoading {
  private let directory: URL
  private let slowEarlyEntries: Bool
  private let log = LockedBox<[URL]>([])
  private let flight = LockedBox<(now: Int, peak: Int)>((0, 0))

  /// Creates a loader over the data folder.
  init(directory: URL, slowEarlyEntries: Bool = false) {
    self.directory = directory
    self.slowEarlyEntries = slowEarlyEntries
  }

  /// Every URL requested, in order.
  var requested: [URL] { log.withLock { $0 } }
  /// The most loads that ran at once.
  var peakInFlight: Int { flight.withLock { $0.peak } }

  func load(_ request: FetchRequest) async throws -> FetchResponse {
    let url = request.url
    log.withLock { $0.append(url) }
    flight.withLock { $0 = ($0.now + 1, max($0.peak, $0.now + 1)) }
    defer { flight.withLock { $0.now -= 1 } }
    if slowEarlyEntries, url.query == nil, let id = PokeAPIURL.id(of: url) {
      try await Task.sleep(for: .milliseconds(60 - id % 60))
    }
    guard url.scheme == "https", url.host == "pokeapi.co" else {
      throw FetchError.unsupportedURL(url.absoluteString)
    }
    guard let file = self.file(for: url), let data = try? Data(contentsOf: file) else {
      throw FetchError.httpStatus(404)
    }
    return FetchResponse(status: 200, body: [UInt8](data), finalURL: url)
  }

  private func file(for url: URL) -> URL? {
    guard let components = URLComponents(string: url.absoluteString) else {
      return nil
    }
    if components.path == "/api/v2/pokemon/", let items = components.queryItems {
      let query = Dictionary(
        items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
      guard let offset = query["offset"], let limit = query["limit"] else { return nil }
      let file = directory.appendingPathComponent(
        "derived/pokemon-offset-\(offset)-limit-\(limit).json")
      return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
    guard components.query == nil else { return nil }
    return PokeAPIData.file(forPath: components.path, in: directory)
  }
}

/// Passes loads to `inner` after checking the host is 127.0.0.1; records every URL asked for.
final class LoopbackOnlyLoader: DataLoading {
  let inner: any DataLoading
  private let log = LockedBox<[URL]>([])

  init(_ inner: any DataLoading) { self.inner = inner }

  /// Every URL requested, in order, including refused ones.
  var requested: [URL] { log.withLock { $0 } }

  func load(_ request: FetchRequest) async throws -> FetchResponse {
    log.withLock { $0.append(request.url) }
    guard request.url.host == "127.0.0.1" else {
      throw FetchError.unsupportedURL(request.url.absoluteString)
    }
    return try await inner.load(request)
  }
}

extension CrawlItem {
  /// The sprite URL of a `.sprite` item.
  var spriteURL: URL? {
    if case .sprite(_, _, let url) = self { return url }
    return nil
  }

  /// The reason of a `.skipped` item.
  var skipReason: SkipReason? {
    if case .skipped(_, _, let reason) = self { return reason }
    return nil
  }

  /// The error of a `.failed` item.
  var failure: (any Error)? {
    if case .failed(_, _, _, let error) = self { return error }
    return nil
  }
}
