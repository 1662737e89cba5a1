import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and atomic writes for ``ResponseCache``, with plain POSIX calls: one `open`,
/// `fstat`, `read`, `close` to read; `open`, `write`, `close`, `rename` to write.
enum CacheFile {
  /// Why a write failed.
  enum Failure: Error, CustomStringConvertible {
    /// The directory does not exist (yet).
    case noDirectory
    /// Another error, with the file and `errno`.
    case failed(path: String, errno: Int32)

    /// One line for people.
    var description: String {
      switch self {
      case .noDirectory: return "the cache directory does not exist"
      case .failed(let path, let code): return "\(path): \(String(cString: strerror(code)))"
      }
    }
  }

  /// The bytes of the file at `path`, or nil when it cannot be read.
  static func contents(of path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    let size = Int(info.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      var offset = 0
      while offset < size, let base = buffer.baseAddress {
        let n = read(fd, base + offset, size - offset)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        offset += n
      }
      failed = offset != size
      initialized = offset
    }
    return failed ? nil : bytes
  }

  /// A per-process counter that makes temporary names unique together with the process id.
  private static let counter = Counter()
  /// This process's id, read once.
  private static let processID = getpid()

  /// Writes `bytes` to a unique temporary file beside `path`, then renames it over `path`.
  ///
  /// No `fsync`: readers never see a partial file, which is all the cache needs.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
    let temporary = path + ".tmp-" + String(processID) + "-" + String(counter.next())
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw errno == ENOENT ? .noDirectory : .failed(path: temporary, errno: errno)
    }
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let n = write(fd, base + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += n
      }
    }
    if close(fd) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw .failed(path: path, errno: failure)
    }
  }

  /// A thread-safe counter.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next value, starting at 1.
    func next() -> Int {
      lock.withLock {
        value += 1
        return value
      }
    }
  }
}
