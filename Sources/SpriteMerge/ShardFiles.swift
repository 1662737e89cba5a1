import SpriteFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations of a merge, each failing with the system's own words.
enum ShardFiles {
  /// The most bytes of a theme file read from a shard (one is about 8 KB).
  static let themeLimit = 1 << 20
  /// The most bytes of a thumbnail read from a shard (a 256 px RGBA8 one is at most 257 KB).
  static let thumbnailLimit = 16 << 20

  /// Every byte of the regular file at `path`, at most `limit`; a shard's own files (`inside`)
  /// only when `path` is not a symbolic link, so a shard cannot point the merge at a file
  /// outside it.
  ///
  /// - Throws: The system's reason, e.g. "No such file or directory", or what the file is
  ///   instead of a regular file.
  static func read(
    _ path: FilePath, limit: Int = .max, inside: Bool = false
  ) throws(ShardFileError) -> [UInt8] {
    do {
      return try RegularFile.read(path, limit: limit, followingLinks: !inside)
    } catch {
      throw ShardFileError(reason: error.reason)
    }
  }

  /// `length` bytes of the file at `path` from byte `offset`.
  static func read(_ path: FilePath, offset: Int, length: Int) throws(ShardFileError) -> [UInt8] {
    do {
      let file = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
      return try file.closeAfter {
        var bytes = [UInt8](repeating: 0, count: length)
        var count = 0
        while count < length {
          let n = try bytes.withUnsafeMutableBytes {
            try file.read(
              fromAbsoluteOffset: Int64(offset + count),
              into: UnsafeMutableRawBufferPointer(rebasing: $0[count...]))
          }
          if n == 0 { throw ShardFileError(reason: "the file is shorter than it was") }
          count += n
        }
        return bytes
      }
    } catch let error as ShardFileError {
      throw error
    } catch {
      throw ShardFileError(reason: Self.reason(error))
    }
  }

  /// Creates `folder` and its missing parents; an existing folder is fine.
  static func makeFolder(_ folder: FilePath) throws(ShardFileError) {
    do {
      try Folder.create(folder)
    } catch {
      throw ShardFileError(reason: error.reason)
    }
  }

  /// The system's words for `error`.
  static func reason(_ error: any Error) -> String {
    if let errno = error as? Errno { return errno.reason }
    return "\(error)"
  }
}

/// Why a file operation of a merge failed, in the system's words.
struct ShardFileError: Error {
  /// The reason, e.g. "Permission denied".
  var reason: String
}
