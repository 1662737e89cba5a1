import Foundation
import Synchronization
import _SpriteTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP server on 127.0.0.1 that reads a request, sends the start of a response and then
/// holds the connection, sending nothing more, until the client closes it or the test stops
/// the server. The test can wait until a transfer is surely in flight (``responded``) and see
/// whether the client gave the connection up (``closedByClient``), with no timing involved.
final class HeldResponseServer: Sendable {
  /// What has happened so far.
  struct Events: Sendable {
    /// Connections accepted.
    var connections = 0
    /// Requests read whole and answered with the start of the response.
    var responded = 0
    /// Connections the client closed (while held, before ``stop()``).
    var closedByClient = 0
  }

  /// The port, on 127.0.0.1.
  let port: UInt16
  private let listener: Int32
  private let head: [UInt8]
  private let state = Mutex((events: Events(), open: [Int32](), stopped: false))

  /// Starts listening on an ephemeral port; every connection gets `head` and then nothing.
  init(head: String) throws {
    self.head = Array(head.utf8)
    (listener, port) = try LoopbackListener.open(backlog: 16)
    Thread { [self] in acceptLoop() }.start()
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// What has happened so far.
  var events: Events { state.withLock { $0.events } }

  /// Waits until `condition` holds for the events, polling; false when `seconds` pass first (a
  /// deadline that only catches a hang).
  func wait(within seconds: Double, until condition: (Events) -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition(events) {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// Stops accepting and ends the held connections. The threads close the descriptors
  /// themselves, so no number is reused while one of them still waits on it.
  func stop() {
    let open = state.withLock { state in
      state.stopped = true
      return state.open
    }
    for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        close(listener)
        return
      }
      let stopped = state.withLock { state in
        state.events.connections += 1
        state.open.append(connection)
        return state.stopped
      }
      if stopped { shutdown(connection, Int32(SHUT_RDWR)) }
      Thread { [self] in serve(connection) }.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer {
      state.withLock { $0.open.removeAll { $0 == connection } }
      close(connection)
    }
    var request: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
      let n = read(connection, &buffer, buffer.count)
      if n <= 0 { return }
      request += buffer[0..<n]
    }
    guard LoopbackListener.send(head, to: connection) else { return }
    state.withLock { $0.events.responded += 1 }
    // Held: nothing more is sent. A read ends when the client closes the connection (0) or
    // stop() shuts it down.
    while read(connection, &buffer, buffer.count) > 0 {}
    state.withLock { state in
      if !state.stopped { state.events.closedByClient += 1 }
    }
  }
}
