#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered writes to standard output and standard error (FoundationEssentials has no
/// `FileHandle`).
enum StandardStream {
  /// Writes all of `bytes` to standard output.
  static func writeOutput(_ bytes: [UInt8]) { write(bytes, to: STDOUT_FILENO) }

  /// Writes all of `text` to standard error.
  static func writeError(_ text: String) { write(Array(text.utf8), to: STDERR_FILENO) }

  /// Writes all of `bytes` to `fd`, retrying after signals; gives up on any other error.
  private static func write(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        #if canImport(Glibc)
          let n = Glibc.write(fd, base + offset, buffer.count - offset)
        #elseif canImport(Musl)
          let n = Musl.write(fd, base + offset, buffer.count - offset)
        #else
          let n = Darwin.write(fd, base + offset, buffer.count - offset)
        #endif
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        offset += n
      }
    }
  }
}
