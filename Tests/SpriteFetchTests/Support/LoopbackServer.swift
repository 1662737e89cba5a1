import FlyingFox
import Foundation
import SpriteFetch
import Synchronization
import _SpriteTestSupport

/// An in-process HTTP server on 127.0.0.1 (ephemeral port) serving samples and injected faults.
///
/// Paths:
/// - `/sprites/<name>.png`: the sample, with an ETag; a matching `If-None-Match` answers 304.
/// - `/status/<code>`: that status with a short text body.
/// - `/flaky/<id>`: 500 on the first request per id, then the first sample.
/// - `/throttled/<id>`: 429 with `Retry-After: 1` on the first request per id, then the sample.
/// - `/redirect`: 302 to the first sample; `/loop`: 302 to itself; `/to-file`: 302 to a file URL.
/// - `/user-agent`: echoes the User-Agent header; `/html`: an HTML page; `/big/<bytes>`: that many bytes of zeros.
final class LoopbackServer: Sendable {
  let server: HTTPServer
  let port: UInt16
  let counter = RequestCounter()
  private let task: Task<Void, any Error>

  /// Starts a server and waits until it listens.
  init() async throws {
    let counter = counter
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled,
      handler: FaultHandler(counter: counter))
    self.server = server
    task = Task { try await server.run() }
    // Generous: other suites' synchronous subprocess runs can hold the cooperative pool for
    // many seconds on a small, busy machine.
    try await server.waitUntilListening(timeout: 60)
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw URLError(.cannotConnectToHost)
    }
    self.port = port
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// Stops the server.
  func stop() async {
    await server.stop(timeout: 1)
    task.cancel()
  }

  /// The Last-Modified value of every sample.
  static let lastModified = "Sun, 06 Nov 1994 08:49:37 GMT"

  /// The ETag the server gives a sample name.
  static func etag(for name: String) -> String { "\"\(name)-v1\"" }
}

/// Counts requests per path, shared between the handler and the tests.
final class RequestCounter: Sendable {
  private let counts = LockedBox<[String: Int]>([:])

  /// Records a request and returns how many this path has had, including this one.
  func record(_ path: String) -> Int {
    counts.withLock { counts in
      counts[path, default: 0] += 1
      return counts[path]!
    }
  }

  /// How many requests this path has had.
  func count(_ path: String) -> Int { counts.withLock { $0[path, default: 0] } }
}

/// A value behind a `Mutex`, for test bookkeeping shared across tasks.
final class LockedBox<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) { mutex = Mutex(value) }

  func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T {
    mutex.withLock { body(&$0) }
  }
}

/// Routes requests to samples and faults.
struct FaultHandler: HTTPHandler {
  let counter: RequestCounter

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path = request.path
    let count = counter.record(path)
    let parts = path.split(separator: "/").map(String.init)
    switch parts.first {
    case "sprites" where parts.count == 2:
      return sprite(
        named: parts[1], ifNoneMatch: request.headers[.ifNoneMatch],
        ifModifiedSince: request.headers[.ifModifiedSince])
    case "status" where parts.count == 2:
      return HTTPResponse(
        statusCode: HTTPStatusCode(Int(parts[1]) ?? 500, phrase: "Test"),
        body: Data("status \(parts[1])\n".utf8))
    case "flaky":
      return count == 1 ? HTTPResponse(statusCode: .internalServerError) : firstSprite()
    case "throttled":
      return count == 1
        ? HTTPResponse(
          statusCode: .tooManyRequests, headers: HTTPHeaders([HTTPHeader("Retry-After"): "1"]))
        : firstSprite()
    case "redirect":
      return HTTPResponse(
        statusCode: .found, headers: HTTPHeaders([.location: "/sprites/\(Self.firstName)"]))
    case "loop":
      return HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "/loop"]))
    case "to-file":
      let target = Fixtures.sampleSpriteFiles()[0].absoluteString
      return HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: target]))
    case "user-agent":
      return HTTPResponse(
        statusCode: .ok, body: Data((request.headers[HTTPHeader("User-Agent")] ?? "").utf8))
    case "html":
      return HTTPResponse(
        statusCode: .ok, headers: HTTPHeaders([.contentType: "text/html"]),
        body: Data("<html><body>not a sprite</body></html>".utf8))
    case "big" where parts.count == 2:
      return HTTPResponse(statusCode: .ok, body: Data(count: Int(parts[1]) ?? 0))
    default:
      return HTTPResponse(statusCode: .notFound)
    }
  }

  static var firstName: String { Fixtures.sampleSpriteFiles()[0].lastPathComponent }

  private func firstSprite() -> HTTPResponse {
    sprite(named: Self.firstName, ifNoneMatch: nil, ifModifiedSince: nil)
  }

  private func sprite(named name: String, ifNoneMatch: String?, ifModifiedSince: String?)
    -> HTTPResponse
  {
    let url = Fixtures.sampleSprites.appendingPathComponent(name)
    guard let data = try? Data(contentsOf: url) else { return HTTPResponse(statusCode: .notFound) }
    let etag = LoopbackServer.etag(for: name)
    let modified = LoopbackServer.lastModified
    if ifNoneMatch == etag || ifModifiedSince == modified {
      return HTTPResponse(statusCode: .notModified, headers: HTTPHeaders([.eTag: etag]))
    }
    return HTTPResponse(
      statusCode: .ok,
      headers: HTTPHeaders([.eTag: etag, .lastModified: modified, .contentType: "image/png"]),
      body: data)
  }
}
