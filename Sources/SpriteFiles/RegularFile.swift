import SystemPackage

/// Whole-file reads of regular files only, opened without ever blocking: the package's one way
/// to read a file a user or a folder named (sprites, theme files, records, shards).
///
/// A FIFO, socket or device could make `open` or `read` wait for ever, so the file is opened
/// with `O_NONBLOCK` (which returns at once for all of them), checked with `fstat`, and read only
/// when it is a regular file, whose reads the flag does not change.
package enum RegularFile {
  /// Why a file could not be read, in words for `index.json`.
  package struct Failure: Error, Sendable, Equatable {
    /// The reason, e.g. "No such file or directory" or "not a regular file (a FIFO)".
    package var reason: String
    /// True when the file was refused for being larger than the limit asked for.
    package var isTooLarge = false

    /// A failure for `reason`.
    package init(reason: String, isTooLarge: Bool = false) {
      self.reason = reason
      self.isTooLarge = isTooLarge
    }
  }

  /// The bytes of the regular file at `path`: at most `limit` of them (a larger file is refused
  /// before any is read, one that grows past it while read is refused then), and, unless
  /// `followingLinks`, only when `path` itself is not a symbolic link (`O_NOFOLLOW`), so a
  /// folder's file cannot lead the read outside the folder.
  ///
  /// - Throws: ``Failure`` with the system's reason, or naming what the file is instead.
  package static func read(
    _ path: FilePath, limit: Int = .max, followingLinks: Bool = true
  ) throws(Failure) -> [UInt8] {
    var options: FileDescriptor.OpenOptions = [.nonBlocking, .closeOnExec]
    if !followingLinks { options.insert(.noFollow) }
    do {
      let file = try FileDescriptor.open(path, .readOnly, options: options)
      return try file.closeAfter { () throws -> [UInt8] in
        let info = try file.stat()
        guard info.type == .regular else { throw Failure(reason: refusal(for: info.type)) }
        guard info.size <= limit else {
          throw Failure(reason: tooLarge(limit), isTooLarge: true)
        }
        let bytes = try readAll(file, expecting: Int(info.size), limit: limit)
        return bytes
      }
    } catch let failure as Failure {
      throw failure
    } catch Errno.tooManySymbolicLinkLevels where !followingLinks {
      throw Failure(reason: refusal(for: .symbolicLink))
    } catch {
      throw Failure(reason: (error as? Errno)?.reason ?? "\(error)")
    }
  }

  /// "larger than N bytes", for a file over `limit`.
  private static func tooLarge(_ limit: Int) -> String { "larger than \(limit) bytes" }

  /// "not a regular file (a FIFO)" and the like, for a file of type `type`.
  package static func refusal(for type: FileType) -> String {
    let kind =
      switch type {
      case .fifo: "a FIFO"
      case .socket: "a socket"
      case .characterSpecial: "a character device"
      case .blockSpecial: "a block device"
      case .directory: "a folder"
      case .symbolicLink: "a symbolic link"
      default: "of another kind"
      }
    return "not a regular file (\(kind))"
  }

  /// Every byte of the regular file `file` from its current offset. One `read` asks for one
  /// byte more than `expected` (the size `fstat` gave): a regular file gives fewer bytes than
  /// asked only at its end, so a short read past `expected` is the end and needs no second call.
  /// A file that grew since is read on in chunks to its end.
  private static func readAll(
    _ file: FileDescriptor, expecting expected: Int, limit: Int
  ) throws -> [UInt8] {
    var bytes = try [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
      count = 0
      while count < buffer.count {
        let n = try file.read(
          into: UnsafeMutableRawBufferPointer(
            UnsafeMutableBufferPointer(rebasing: buffer[count...])))
        count += n
        if n == 0 || count >= expected && count < buffer.count { return }
      }
    }
    guard bytes.count > expected else { return bytes }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
      if n == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<n])
      if bytes.count > limit { throw Failure(reason: tooLarge(limit), isTooLarge: true) }
    }
  }
}
