import Foundation
import SpriteFetch
import Synchronization
import _SpriteTestSupport

/// An in-process HTTP server on 127.0.0.1 (ephemeral port) serving samples and injected faults,
/// on threads of its own (``ThreadedHTTPServer``), so it answers however busy the cooperative
/// pool is.
///
/// Paths:
/// - `/sprites/<name>.png`: the sample, with an ETag; a matching `If-None-Match` answers 304.
/// - `/status/<code>`: that status with a short text body.
/// - `/flaky/<id>`: 500 on the first request per id, then the first sample.
/// - `/throttled/<id>`: 429 with `Retry-After: 1` on the first request per id, then the sample.
/// - `/redirect`: 302 to the first sample; `/loop`: 302 to itself; `/to-file`: 302 to a file URL.
/// - `/user-agent`: echoes the User-Agent header; `/html`: an HTML page; `/big/<bytes>`: that many bytes of zeros.
final class LoopbackServer: Sendable {
  let server: ThreadedHTTPServer
  let port: UInt16
  let counter = RequestCounter()

  /// Starts a server; it listens at once.
  init() async throws {
    let handler = FaultHandler(counter: counter)
    server = try ThreadedHTTPServer { handler.handleRequest($0) }
    port = server.port
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// Stops the server.
  func stop() async { server.stop() }

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
struct FaultHandler: Sendable {
  typealias Response = ThreadedHTTPServer.Response
  let counter: RequestCounter

  func handleRequest(_ request: ThreadedHTTPServer.Request) -> Response {
    let path = request.path
    let count = counter.record(path)
    let parts = path.split(separator: "/").map(String.init)
    switch parts.first {
    case "sprites" where parts.count == 2:
      return sprite(
        named: parts[1], ifNoneMatch: request.header("If-None-Match"),
        ifModifiedSince: request.header("If-Modified-Since"))
    case "status" where parts.count == 2:
      return Response(status: Int(parts[1]) ?? 500, body: Array("status \(parts[1])\n".utf8))
    case "flaky":
      return count == 1 ? Response(status: 500) : firstSprite()
    case "throttled":
      return count == 1 ? Response(status: 429, headers: [("Retry-After", "1")]) : firstSprite()
    case "redirect":
      return Response(status: 302, headers: [("Location", "/sprites/\(Self.firstName)")])
    case "loop":
      return Response(status: 302, headers: [("Location", "/loop")])
    case "to-file":
      let target = Fixtures.sampleSpriteFiles()[0].absoluteString
      return Response(status: 302, headers: [("Location", target)])
    case "user-agent":
      return Response(status: 200, body: Array((request.header("User-Agent") ?? "").utf8))
    case "html":
      return Response(
        status: 200, headers: [("Content-Type", "text/html")],
        body: Array("<html><body>not a sprite</body></html>".utf8))
    case "big" where parts.count == 2:
      return Response(status: 200, body: [UInt8](repeating: 0, count: Int(parts[1]) ?? 0))
    default:
      return Response(status: 404)
    }
  }

  static var firstName: String { Fixtures.sampleSpriteFiles()[0].lastPathComponent }

  private func firstSprite() -> Response {
    sprite(named: Self.firstName, ifNoneMatch: nil, ifModifiedSince: nil)
  }

  private func sprite(named name: String, ifNoneMatch: String?, ifModifiedSince: String?)
    -> Response
  {
    let url = Fixtures.sampleSprites.appendingPathComponent(name)
    guard let data = try? Data(contentsOf: url) else { return Response(status: 404) }
    let etag = LoopbackServer.etag(for: name)
    let modified = LoopbackServer.lastModified
    if ifNoneMatch == etag || ifModifiedSince == modified {
      return Response(status: 304, headers: [("ETag", etag)])
    }
    return Response(
      status: 200,
      headers: [("ETag", etag), ("Last-Modified", modified), ("Content-Type", "image/png")],
      data: data)
  }
}
