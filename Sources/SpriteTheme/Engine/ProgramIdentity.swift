import Crypto
import SystemPackage

#if canImport(Darwin)
  import Darwin
#endif

/// The SHA-256 of the running program's executable file: part of every ``RunRecord`` key, so
/// that files made by another build (whose algorithms may differ) are never taken as up to date.
enum ProgramIdentity {
  /// The digest, computed once per process; nil when the executable cannot be read, and then
  /// no file is ever kept as up to date.
  static let digest: String? = {
    guard let path = executablePath else { return nil }
    do {
      let file = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
      return try file.closeAfter {
        var hasher = SHA256()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
          let n = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
          if n == 0 { break }
          hasher.update(data: chunk[0..<n])
        }
        return hasher.finalize().map { byte in
          let digits = Array("0123456789abcdef")
          return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
      }
    } catch {
      return nil
    }
  }()

  /// Where the running executable is.
  private static var executablePath: FilePath? {
    #if os(Linux)
      return "/proc/self/exe"
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return FilePath(platformString: buffer)
    #else
      return nil
    #endif
  }
}
