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
  /// Every byte of the file at `path`.
  ///
  /// - Throws: The system's reason, e.g. "No such file or directory".
  static func read(_ path: String) throws(ShardFileError) -> [UInt8] {
    do {
      let file = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
      return try file.closeAfter {
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
          let n = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
          if n == 0 { return bytes }
          bytes.append(contentsOf: chunk[..<n])
        }
      }
    } catch {
      throw ShardFileError(reason: Self.reason(error))
    }
  }

  /// `length` bytes of the file at `path` from byte `offset`.
  static func read(_ path: String, offset: Int, length: Int) throws(ShardFileError) -> [UInt8] {
    do {
      let file = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
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
    var code = folder.withPlatformString { mkdir($0, 0o755) } == 0 ? 0 : errno
    if code == ENOENT {
      let parent = folder.removingLastComponent()
      if !parent.isEmpty, parent != folder { try makeFolder(parent) }
      code = folder.withPlatformString { mkdir($0, 0o755) } == 0 ? 0 : errno
    }
    if code == EEXIST { code = (try? folder.stat().type) == .directory ? 0 : ENOTDIR }
    if code != 0 { throw ShardFileError(reason: String(cString: strerror(code))) }
  }

  /// The system's words for `error`.
  static func reason(_ error: any Error) -> String {
    if let errno = error as? Errno { return String(cString: strerror(errno.rawValue)) }
    return "\(error)"
  }
}

/// Why a file operation of a merge failed, in the system's words.
struct ShardFileError: Error {
  /// The reason, e.g. "Permission denied".
  var reason: String
}
