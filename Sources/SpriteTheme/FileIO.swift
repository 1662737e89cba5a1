import SpriteFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The library's face of the package's one file API (`SpriteFiles`): whole reads of regular
/// files and atomic writes, paths as bytes (`FilePath`), with reasons a person can act on
/// (`No such file or directory`).
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

  /// Reads the whole regular file at `path`; a FIFO, device or folder is refused unread
  /// (``RegularFile``).
  public static func read(_ path: FilePath) throws(Failure) -> [UInt8] {
    do {
      return try RegularFile.read(path)
    } catch {
      throw Failure(reason: error.reason)
    }
  }

  /// Writes `bytes` to `path` atomically, so readers see the old file or the whole new one,
  /// never a part: a temporary file beside it, then a rename (``AtomicFile``). Nothing is left
  /// behind on failure.
  public static func writeAtomically(
    _ bytes: some Collection<UInt8>, to path: FilePath
  ) throws(Failure) {
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw Failure(errno: error.rawValue)
    }
  }

  /// Creates `path` and its missing parents as directories.
  public static func createDirectory(_ path: FilePath) throws(Failure) {
    do {
      try Folder.create(path)
    } catch {
      throw Failure(errno: error.rawValue)
    }
  }
}
