import Foundation
import SpriteFetch
import Synchronization
import _SpriteTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-purpose TCP server on 127.0.0.1 that answers each connection with fixed bytes, then
/// closes the connection or holds it. It makes faults a real HTTP server will not: a body
/// shorter than its Content-Length, or a response that stalls mid-body.
///
/// The test drives it: a held connection stays open and silent until the test calls
/// `release(sending:)` (or `stop()`), so a stall lasts exactly as long as the test wants, however
/// slow the machine; `requests` counts the requests read, for a test to await.
final class RawSocketServer: Sendable {
  /// What a connection does once its response is written.
  enum Ending: Sendable {
    /// Closes the connection at once.
    case close
    /// Keeps the connection open and silent until `release(sending:)` or `stop()`.
    case holdUntilReleased
    /// Keeps the connection open for this many seconds, or until released.
    case holdFor(Double)
    /// Sends one byte every 100 ms until released (a slow-loris server: never silent long
    /// enough for a no-progress limit).
    case trickleUntilReleased
  }

  let port: UInt16
  /// The requests read so far (each connection's first request).
  let requests = AwaitableCount()
  private let listener: Int32
  private let responses: [[UInt8]]
  private let ending: Ending
  private let connections = Atomic<Int>(0)
  /// Set by `release(sending:)`: the bytes every held connection writes before it closes.
  private let released = Mutex<[UInt8]?>(nil)
  private let releaseSignal = NSCondition()

  /// Starts listening on an ephemeral port; every connection gets `response`, then `ending`.
  convenience init(response: String, then ending: Ending) throws {
    try self.init(responses: [response], then: ending)
  }

  /// Starts listening on an ephemeral port; every connection gets `response` and is held open
  /// for `holdOpen` seconds (or until released).
  convenience init(response: String, holdOpen: Double) throws {
    try self.init(responses: [response], then: holdOpen > 0 ? .holdFor(holdOpen) : .close)
  }

  /// Starts listening on an ephemeral port; connection `i` gets `responses[i]`, and those after
  /// the last get the last one; then `ending`.
  init(responses: [String], then ending: Ending) throws {
    self.responses = responses.map { Array($0.utf8) }
    self.ending = ending
    (listener, port) = try LoopbackListener.open(backlog: 16)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// Ends every held connection, now and later: each writes `tail` (the rest of a stalled body,
  /// say) and closes.
  func release(sending tail: String = "") {
    releaseSignal.lock()
    released.withLock { $0 = $0 ?? Array(tail.utf8) }
    releaseSignal.broadcast()
    releaseSignal.unlock()
  }

  /// Stops accepting connections and closes held ones. The accept thread closes the socket
  /// itself, so the descriptor number cannot be reused by another server while that thread
  /// still waits on it.
  func stop() {
    release()
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        close(listener)
        return
      }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  /// How many connections were accepted.
  var connectionCount: Int { connections.load(ordering: .relaxed) }

  private func serve(_ connection: Int32) {
    let index = connections.add(1, ordering: .relaxed).oldValue
    let response = responses[min(index, responses.count - 1)]
    var request: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
      let n = read(connection, &buffer, buffer.count)
      if n <= 0 { break }
      request += buffer[0..<n]
    }
    send(response, to: connection)
    requests.increment()
    switch ending {
    case .close: break
    case .holdUntilReleased: send(waitForRelease(until: nil), to: connection)
    case .holdFor(let seconds):
      send(waitForRelease(until: Date(timeIntervalSinceNow: seconds)), to: connection)
    case .trickleUntilReleased:
      while !isReleased(waitingUntil: Date(timeIntervalSinceNow: 0.1)),
        LoopbackListener.send([UInt8(ascii: ".")], to: connection)
      {}
    }
    close(connection)
  }

  /// Blocks this connection's thread until `release(sending:)` (or `deadline`); the tail to write.
  private func waitForRelease(until deadline: Date?) -> [UInt8] {
    releaseSignal.lock()
    defer { releaseSignal.unlock() }
    while true {
      if let tail = released.withLock({ $0 }) { return tail }
      if let deadline {
        if !releaseSignal.wait(until: deadline) { return [] }
      } else {
        releaseSignal.wait()
      }
    }
  }

  /// Whether `release(sending:)` (or `stop()`) has come, waiting for it until `deadline`.
  private func isReleased(waitingUntil deadline: Date) -> Bool {
    releaseSignal.lock()
    defer { releaseSignal.unlock() }
    if released.withLock({ $0 }) != nil { return true }
    _ = releaseSignal.wait(until: deadline)
    return released.withLock { $0 } != nil
  }

  private func send(_ bytes: [UInt8], to connection: Int32) {
    _ = LoopbackListener.send(bytes, to: connection)
  }
}
