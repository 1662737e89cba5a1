import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What ``CacheDirectory`` shares for its atomic writes: their failures and unique temporary
/// names.
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

  /// `.tmp-PID-N`: a suffix that makes a temporary name unique across threads and processes.
  static func temporarySuffix() -> String {
    ".tmp-" + String(processID) + "-" + String(counter.next())
  }

  /// A per-process counter that makes temporary names unique together with the process id.
  private static let counter = Counter()
  /// This process's id, read once.
  private static let processID = getpid()

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
