import Foundation
import Synchronization
import _SpriteTestSupport

/// An in-process HTTP server on 127.0.0.1 (ephemeral port) serving a small PokeAPI-shaped tree,
/// on threads of its own (``ThreadedHTTPServer``): the binary under test gets its answers however
/// busy the test process's cooperative pool is (its no-progress timeout is 30 s).
///
/// - `/api/v2/pokemon/`: one list page with every entry; `/api/v2/pokemon/<id>/`: an entry.
/// - Entries 1…n are the first `samples` samples (named after their files), sprites at `/sprites/<id>.png`;
///   then one entry with a null sprite, one form (id 10001) and, when `broken`, one whose
///   sprite answers 404, and when `hostileSprite` is given, one (`hostile`) whose sprite URL is
///   that text (say a `file://` URL: a server must not make the client read local files).
/// - `/files/<sample file name>`: a sample by its file name.
/// - `/slow/<id>.png`: the sprite of `/sprites/<id>.png` after a 25 ms pause (queries ignored).
/// - `/gated/<id>.png?copy=N`: the sprite of `/sprites/<id>.png`; at once when N is below
///   `ungatedCopies`, the others once the test calls `openGate()`.
/// - `/stall/<name>`: no answer until the server stops (counted in `stalled` when it arrives).
/// - Sprites carry an `ETag`; a request whose `If-None-Match` matches gets a 304 (counted).
final class PokeAPITestServer: Sendable {
  /// One entry of the tree.
  struct Entry: Sendable {
    var id: Int
    var name: String
    var sample: URL?
    /// The sprite URL the entry names instead of its own `/sprites/<id>.png`.
    var spriteURL: String? = nil
  }

  let server: ThreadedHTTPServer
  let port: UInt16
  let requests = LockedCount()
  /// The 304 answers so far.
  let notModified = LockedCount()
  /// The requests to `/stall/...` so far.
  let stalled = LockedCount()
  let entries: [Entry]
  /// The `/gated/<id>.png?copy=N` requests answered before the gate opens: those with N below
  /// this.
  static let ungatedCopies = 2
  private let gate = Gate()
  /// Open once the server stops: what `/stall/` waits for.
  private let stopped = Gate()

  /// Starts a server; it listens at once.
  init(samples: Int = 6, broken: Bool = false, hostileSprite: String? = nil) async throws {
    var entries = Fixtures.sampleSpriteFiles().prefix(samples).enumerated().map { offset, url in
      Entry(id: offset + 1, name: url.deletingPathExtension().lastPathComponent, sample: url)
    }
    let next = entries.count + 1
    entries.append(Entry(id: next, name: "no-sprite", sample: nil))
    if broken {
      entries.append(
        Entry(id: next + 1, name: "broken", sample: URL(fileURLWithPath: "/nonexistent.png")))
    }
    if let hostileSprite {
      entries.append(Entry(id: next + 2, name: "hostile", sample: nil, spriteURL: hostileSprite))
    }
    entries.append(Entry(id: 10001, name: "some-form", sample: Fixtures.sampleSpriteFiles().first))
    self.entries = entries
    let handler = TreeHandler(
      entries: entries, requests: requests, notModified: notModified, stalled: stalled,
      gated: LockedCount(), gate: gate, stopped: stopped)
    server = try ThreadedHTTPServer { handler.handleRequest($0) }
    port = server.port
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Answers the `/gated/` requests held so far, and every later one at once.
  func openGate() { gate.open() }

  /// Stops the server, letting every held request go.
  func stop() async {
    gate.open()
    stopped.open()
    server.stop()
  }
}

/// A request counter shared between the handler and the tests.
final class LockedCount: Sendable {
  private let value = Atomic<Int>(0)

  /// Adds one request; the count with it.
  @discardableResult
  func increment() -> Int { value.add(1, ordering: .relaxed).newValue }

  /// The requests so far.
  var count: Int { value.load(ordering: .relaxed) }
}

/// Blocks the threads that wait on it until it opens; open once, open for good.
final class Gate: Sendable {
  private let condition = NSCondition()
  private let isOpen = Mutex(false)

  /// Returns once the gate is open.
  func wait() {
    condition.lock()
    defer { condition.unlock() }
    while !isOpen.withLock({ $0 }) { condition.wait() }
  }

  /// Opens the gate and lets every waiter through.
  func open() {
    condition.lock()
    isOpen.withLock { $0 = true }
    condition.broadcast()
    condition.unlock()
  }
}

/// Serves the tree; hosts in generated URLs come from the request's Host header.
private struct TreeHandler: Sendable {
  typealias Response = ThreadedHTTPServer.Response
  let entries: [PokeAPITestServer.Entry]
  let requests: LockedCount
  let notModified: LockedCount
  let stalled: LockedCount
  let gated: LockedCount
  let gate: Gate
  let stopped: Gate

  func handleRequest(_ request: ThreadedHTTPServer.Request) -> Response {
    requests.increment()
    let host = request.header("Host") ?? "127.0.0.1"
    let parts = request.path.split(separator: "/").map(String.init)
    if parts == ["api", "v2", "pokemon"] {
      let results = entries.map {
        ["name": $0.name, "url": "http://\(host)/api/v2/pokemon/\($0.id)/"]
      }
      return json([
        "count": entries.count, "next": NSNull(), "previous": NSNull(), "results": results,
      ])
    }
    if parts.count == 4, parts.prefix(3) == ["api", "v2", "pokemon"], let id = Int(parts[3]),
      let entry = entries.first(where: { $0.id == id })
    {
      let sprite: Any =
        entry.spriteURL ?? (entry.sample == nil ? NSNull() : "http://\(host)/sprites/\(id).png")
      return json(["id": id, "name": entry.name, "sprites": ["front_default": sprite]])
    }
    if parts.count == 2, parts[0] == "slow" {
      Thread.sleep(forTimeInterval: 0.025)  // this connection's thread only
    }
    if parts.count == 2, parts[0] == "gated" {
      _ = gated.increment()
      // By the URL, not by arrival: on a busy machine the requests come in any order, and the
      // run writes its themes in input order, so the answered ones must be the first inputs.
      let copy = request.query.flatMap { query in
        query.split(separator: "&").first { $0.hasPrefix("copy=") }.flatMap {
          Int($0.dropFirst("copy=".count))
        }
      }
      if (copy ?? .max) >= PokeAPITestServer.ungatedCopies { gate.wait() }
    }
    if parts.count == 2, parts[0] == "stall" {
      stalled.increment()
      stopped.wait()
    }
    if parts.count == 2, ["sprites", "slow", "gated"].contains(parts[0]),
      let id = Int(parts[1].replacingOccurrences(of: ".png", with: "")),
      let sample = entries.first(where: { $0.id == id })?.sample,
      let data = try? Data(contentsOf: sample)
    {
      let etag = "\"\(id)-\(data.count)\""
      if request.header("If-None-Match") == etag {
        notModified.increment()
        return Response(status: 304, headers: [("ETag", etag)])
      }
      return Response(
        status: 200, headers: [("Content-Type", "image/png"), ("ETag", etag)], data: data)
    }
    if parts.count == 2, parts[0] == "files",
      let data = try? Data(contentsOf: Fixtures.sampleSprites.appendingPathComponent(parts[1]))
    {
      return Response(status: 200, headers: [("Content-Type", "image/png")], data: data)
    }
    return Response(status: 404)
  }

  private func json(_ object: Any) -> Response {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return Response(status: 200, headers: [("Content-Type", "application/json")], data: data)
  }
}
