import SpriteFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's `read`, named apart from `FileIO.read`.
private enum SystemCall {
  #if canImport(Glibc)
    static let read = Glibc.read
  #elseif canImport(Musl)
    static let read = Musl.read
  #elseif canImport(Darwin)
    static let read = Darwin.read
  #endif
}

/// Whole-file reads and atomic writes with reasons a person can act on (`No such file or directory`).
public enum FileIO {
  /// Why a file could not be read or written: the operating system's own words and its `errno`.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` value, or 0 when the failure did not come from the operating system.
    public var code: Int32
    /// The reason, e.g. "No such file or directory".
    public var reason: String

    /// True when the disk is full or over quota: no later write can succeed either.
    public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }

    /// The reason.
    public var description: String { reason }

    init(errno code: Int32) {
      self.code = code
      self.reason = String(cString: strerror(code))
    }

    init(reason: String) {
      self.code = 0
      self.reason = reason
    }
  }

  /// Reads the whole file at `path`.
  public static func read(_ path: String) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(errno: errno) }
    defer { close(fd) }
    return try readAll(fd)
  }

  /// Reads the whole file open as `fd`, from its current offset.
  static func readAll(_ fd: Int32) throws(Failure) -> [UInt8] {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw Failure(errno: errno) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(errno: EISDIR) }
    // Read straight into an array sized by `fstat`. One spare byte tells whether the file grew
    // since; if it did, the rest is read in chunks. A regular file that gave exactly the bytes
    // `fstat` counted is read whole: no second call to see the end (POSIX returns fewer bytes
    // than asked from a regular file only at its end).
    let size = Int(info.st_size)
    let isRegular = (info.st_mode & S_IFMT) == S_IFREG
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
      count = 0
      while count < buffer.count {
        let n = SystemCall.read(fd, buffer.baseAddress! + count, buffer.count - count)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if n == 0 { break }
        count += n
        if isRegular && count == size { break }
      }
    }
    if failure != 0 { throw Failure(errno: failure) }
    if bytes.count <= size { return bytes }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(errno: errno)
      }
      if n == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<n])
    }
  }

  /// Writes `bytes` to `path` atomically, so readers see the old file or the whole new one,
  /// never a part: a temporary file beside it, then a rename (``AtomicFile``). Nothing is left
  /// behind on failure.
  public static func writeAtomically(
    _ bytes: some Collection<UInt8>, to path: String
  ) throws(Failure) {
    do {
      try AtomicFile.write(bytes, to: FilePath(path))
    } catch {
      throw Failure(errno: error.rawValue)
    }
  }

  /// Creates `path` and its missing parents as directories.
  public static func createDirectory(_ path: String) throws(Failure) {
    do {
      try Folder.create(FilePath(path))
    } catch {
      throw Failure(errno: error.rawValue)
    }
  }

}
