import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (ephemeral port) for loopback tests, each connection on
/// a thread of its own.
///
/// An in-process server on Swift's cooperative pool (FlyingFox, used before) shares its two
/// threads (on a two-core machine) with every suite running beside it: on a busy machine it
/// could not answer for minutes, and clients in and out of the test process timed out. This one never waits for
/// the pool, so it answers as soon as the operating system runs it. Handlers are synchronous
/// and may block (a gate, a pause): only their own connection waits.
///
/// It speaks just what the tests' clients (libcurl) send: requests without bodies, persistent
/// connections, responses with a `Content-Length`.
public final class ThreadedHTTPServer: Sendable {
  /// A request as the handler sees it.
  public struct Request: Sendable {
    /// The method, such as `GET`.
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The query after `?`, or nil.
    public var query: String?
    /// Header fields, names in lower case.
    public var headers: [String: String]

    /// The value of header `name` (any case), or nil.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
  }

  /// A response: status, header fields (a `Content-Length` is added) and body.
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields in order.
    public var headers: [(String, String)]
    /// The body.
    public var body: [UInt8]

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
      self.status = status
      self.headers = headers
      self.body = body
    }

    /// A response whose body is `data`.
    public init(status: Int, headers: [(String, String)] = [], data: Data) {
      self.init(status: status, headers: headers, body: [UInt8](data))
    }
  }

  /// The port it listens on.
  public let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (Request) -> Response
  private let open = Mutex<Set<Int32>>([])

  /// Starts listening on an ephemeral port of 127.0.0.1; `handler` answers every request.
  public init(handler: @escaping @Sendable (Request) -> Response) throws {
    self.handler = handler
    (listener, port) = try LoopbackListener.open(backlog: 128)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Stops accepting connections and ends the open ones (a handler still blocked finishes into
  /// a closed connection). The threads close the descriptors themselves, so their numbers cannot
  /// be reused while a thread still uses them.
  public func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    for connection in open.withLock({ $0 }) { shutdown(connection, Int32(SHUT_RDWR)) }
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        close(listener)
        return
      }
      open.withLock { _ = $0.insert(connection) }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  /// Answers the requests of one connection until the client closes it.
  private func serve(_ connection: Int32) {
    defer {
      open.withLock { _ = $0.remove(connection) }
      close(connection)
    }
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      var end = Self.headEnd(in: pending)
      while end == nil {
        let count = read(connection, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return }
        pending += buffer[0..<count]
        end = Self.headEnd(in: pending)
      }
      guard let end, let request = Self.parse(pending[..<end]) else { return }
      pending.removeFirst(end + 4)
      let response = handler(request)
      guard transmit(Self.encode(response, head: request.method == "HEAD"), to: connection) else {
        return
      }
      if request.header("Connection")?.lowercased() == "close" { return }
    }
  }

  /// The offset of the blank line ending a request head in `bytes`, or nil.
  private static func headEnd(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index
    }
    return nil
  }

  private static func parse(_ head: ArraySlice<UInt8>) -> Request? {
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let words = lines[0].split(separator: " ")
    guard words.count == 3 else { return nil }
    let target = words[1].split(separator: "?", maxSplits: 1).map(String.init)
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Request(
      method: String(words[0]), path: target[0], query: target.count > 1 ? target[1] : nil,
      headers: headers)
  }

  private static func encode(_ response: Response, head: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(phrase(response.status))\r\n"
    for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
    let bodiless = response.status == 304 || response.status == 204 || response.status < 200
    if !bodiless { text += "Content-Length: \(response.body.count)\r\n" }
    text += "\r\n"
    return Array(text.utf8) + (bodiless || head ? [] : response.body)
  }

  private static func phrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 302: "Found"
    case 304: "Not Modified"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }

  /// Writes all of `bytes`; false when the client has gone. Never raises SIGPIPE.
  private func transmit(_ bytes: [UInt8], to connection: Int32) -> Bool {
    LoopbackListener.send(bytes, to: connection)
  }
}
