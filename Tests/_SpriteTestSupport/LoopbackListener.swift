import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The listening socket of every test server: TCP on an ephemeral port of 127.0.0.1.
public enum LoopbackListener {
  /// Opens, binds and listens with room for `backlog` pending connections; returns the
  /// descriptor and the port the system chose.
  public static func open(backlog: Int32 = 128) throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(fd, raw, length) == 0 && listen(fd, backlog) == 0
          && getsockname(fd, raw, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// Writes all of `bytes` to `connection`; false when the client has gone. Never raises
  /// SIGPIPE (`MSG_NOSIGNAL`), which would end the whole test process when a client closes
  /// first (a timed-out download, say).
  public static func send(_ bytes: [UInt8], to connection: Int32) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.send(connection, buffer.baseAddress! + offset, bytes.count - offset, flags)
        #else
          Darwin.send(connection, buffer.baseAddress! + offset, bytes.count - offset, flags)
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return false }
      offset += written
    }
    return true
  }
}
