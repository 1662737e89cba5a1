import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of the running program's executable file: part of every ``RunRecord`` key, so
/// that files made by another build (whose algorithms may differ) are never taken as up to date.
///
/// The file is judged as `make` and ccache judge files: by its device, inode, size and
/// modification time. A rebuild or an update changes at least one of them; a copy of the same
/// program elsewhere redoes its first run once. Reading and hashing the whole executable instead
/// took 13 ms per run.
enum ProgramIdentity {
  /// `device:inode:size:seconds.nanoseconds`, read once per process; nil when the executable
  /// cannot be found, and then no file is ever kept as up to date.
  static let digest: String? = {
    guard let path = executablePath else { return nil }
    var info = stat()
    guard path.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(modified.tv_sec).\(modified.tv_nsec)"
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
