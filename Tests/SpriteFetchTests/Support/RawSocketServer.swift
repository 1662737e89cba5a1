import Foundation
import SpriteFetch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-purpose TCP server on 127.0.0.1 that answers each connection with fixed bytes, then
/// holds the connection open for a while before closing it. It makes faults FlyingFox cannot:
/// a body shorter than its Content-Length, or a response that stalls mid-body.
final class RawSocketServer: Sendable {
  let port: UInt16
  private let listener: Int32
  private let responses: [[UInt8]]
  private let holdOpen: Double
  private let connections = Atomic<Int>(0)

  /// Starts listening on an ephemeral port; every connection gets `response`.
  convenience init(response: String, holdOpen: Double) throws {
    try self.init(responses: [response], holdOpen: holdOpen)
  }

  /// Starts listening on an ephemeral port; connection `i` gets `responses[i]`, and those after
  /// the last get the last one.
  init(responses: [String], holdOpen: Double) throws {
    self.responses = responses.map { Array($0.utf8) }
    self.holdOpen = holdOpen
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(fd, raw, length) == 0 && listen(fd, 16) == 0
          && getsockname(fd, raw, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// Stops accepting connections. The accept thread closes the socket itself, so the descriptor
  /// number cannot be reused by another server while that thread still waits on it.
  func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

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
    _ = response.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    Thread.sleep(forTimeInterval: holdOpen)
    close(connection)
  }
}
