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

  /// `NAME.tmp-PID-N`: a temporary name for `name`, unique across threads and processes.
  static func temporaryName(for name: String) -> String {
    TemporaryName.make(for: name, hidden: false)
  }
}
