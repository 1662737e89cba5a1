#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  /// `NAME.tmp-PID-N`: a temporary name for `name`, unique across threads and processes, built
  /// in one buffer.
  static func temporaryName(for name: String) -> String {
    var name = name
    let serial = counter.next()
    return name.withUTF8 { utf8 in
      String(unsafeUninitializedCapacity: utf8.count + 48) { buffer in
        var count = 0
        func append(_ byte: UInt8) {
          buffer[count] = byte
          count += 1
        }
        func append(number: Int) {
          var value = UInt(number)
          let start = count
          repeat {
            append(UInt8(ascii: "0") + UInt8(value % 10))
            value /= 10
          } while value > 0
          buffer[start..<count].reverse()
        }
        for byte in utf8 { append(byte) }
        for byte in ".tmp-".utf8 { append(byte) }
        append(number: Int(processID))
        append(UInt8(ascii: "-"))
        append(number: serial)
        return count
      }
    }
  }

  /// A per-process counter that makes temporary names unique together with the process id.
  private static let counter = Counter()
  /// This process's id, read once.
  private static let processID = getpid()

  /// A thread-safe counter.
  private final class Counter: @unchecked Sendable {
    private let lock = ThreadLock()
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
