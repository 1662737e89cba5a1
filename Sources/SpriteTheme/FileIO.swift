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

  /// Writes `bytes` to `path` atomically, so readers see the old file or the whole new one, never
  /// a part: on Linux through an unnamed file linked in when complete (``UnnamedFile``), elsewhere
  /// through a temporary file beside it and a rename. Nothing is left behind on failure.
  public static func writeAtomically(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(Failure) in try writeAtomically(UnsafeRawBufferPointer(buffer), to: path) }
    }
    if let contiguous { return try contiguous.get() }
    try Array(bytes).withUnsafeBytes { buffer in
      Result { () throws(Failure) in try writeAtomically(buffer, to: path) }
    }.get()
  }

  /// Writes the bytes of `buffer` to `path` atomically, as the `Collection` form does.
  public static func writeAtomically(_ buffer: UnsafeRawBufferPointer, to path: String) throws(Failure) {
    try writeAtomically(buffer, to: path, unnamed: true)
  }

  /// Writes atomically through an unnamed file where the system has them (``UnnamedFile``) and
  /// `unnamed` is true, else through a named temporary and a rename; returns whether the unnamed
  /// file was used.
  @discardableResult
  static func writeAtomically(
    _ buffer: UnsafeRawBufferPointer, to path: String, unnamed: Bool
  ) throws(Failure) -> Bool {
    if unnamed {
      let outcome = UnnamedFile.write(
        buffer, folder: AT_FDCWD, folderPath: folderPath(of: path), name: path,
        temporary: temporaryPath(for: path))
      switch outcome {
      case .written: return true
      case .failed(let code): throw Failure(errno: code)
      case .unsupported: break
      }
    }
    let temporary = temporaryPath(for: path)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw Failure(errno: errno) }
    var failure = writeAll(fd, buffer).map { Failure(errno: $0) }
    if close(fd) != 0, failure == nil { failure = Failure(errno: errno) }
    if failure == nil, rename(temporary, path) != 0 { failure = Failure(errno: errno) }
    if let failure {
      unlink(temporary)
      throw failure
    }
    return false
  }

  /// Writes all of `buffer` to `fd`, retrying after signals; the `errno` of a failure, or nil.
  static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < buffer.count, let base = buffer.baseAddress {
      let n = write(fd, base + offset, buffer.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += n
    }
    return nil
  }

  /// `DIR/.NAME.tmp-PID-N` beside `DIR/NAME`: hidden, unique within the process and across
  /// processes, and found by the clean-up of an interrupted run.
  static func temporaryPath(for path: String) -> String {
    var split = path.utf8.endIndex
    while split > path.utf8.startIndex, path.utf8[path.utf8.index(before: split)] != UInt8(ascii: "/") {
      split = path.utf8.index(before: split)
    }
    return String(path[..<split]) + temporaryName(for: String(path[split...]))
  }

  /// The folder of `path`: everything before its last `/` (`/` for a file in the root), or `.`.
  static func folderPath(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
  }

  /// `.NAME.tmp-PID-N` for a file `NAME`: the name ``temporaryPath(for:)`` gives, without the
  /// directory.
  static func temporaryName(for name: String) -> String {
    AtomicFile.temporaryName(for: name)
  }

  /// Calls `body` with the name (its bytes, without the NUL) and `d_type` of every entry of
  /// `directory`, `.` and `..` included, in the order `readdir` gives them; false when the
  /// directory cannot be opened.
  @discardableResult
  static func forEachEntry(
    in directory: String, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ type: Int) -> Void
  ) -> Bool {
    guard let stream = opendir(directory) else { return false }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let type = Int(entry.pointee.d_type)
      withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        let length = strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<length]), type)
      }
    }
    return true
  }

  /// Creates `path` and its missing parents as directories.
  public static func createDirectory(_ path: String) throws(Failure) {
    let code = DirectoryCreation.createWithParents(path)
    if code != 0 { throw Failure(errno: code) }
  }

}
