import SpriteFetch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One folder of an output directory, opened once, into which files are written atomically
/// relative to its descriptor (an unnamed file linked in, or `openat`, `write`, `close`,
/// `renameat`), so no write walks the folder's path again. Temporary names are those of
/// ``FileIO/writeAtomically(_:to:)`` (`.NAME.tmp-PID-N`), so ``OutputDirectory``'s clean-up finds
/// them after an interrupted run.
final class OutputFolder: Sendable {
  /// The folder's path.
  let path: String
  /// The folder's absolute path without symbolic links (`realpath`), or `path` when that fails.
  var absolutePath: String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
  /// The open folder.
  private let descriptor: Int32
  /// Held while a file is created and renamed into place (see ``write(_:named:)``).
  private let lock = ThreadLock()

  /// Opens the existing folder at `path`.
  init(path: String) throws(FileIO.Failure) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw FileIO.Failure(errno: errno) }
    self.path = path
    self.descriptor = fd
  }

  deinit { close(descriptor) }

  /// The bytes of the file `name` in the folder, or nil when it cannot be read.
  func contents(of name: String) -> [UInt8]? {
    let fd = openat(descriptor, name, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return try? FileIO.readAll(fd)
  }

  /// Writes `bytes` atomically as the file `name` in the folder: readers see the old file or
  /// the whole new one; the temporary file is removed on failure.
  func write(_ bytes: [UInt8], named name: String) throws(FileIO.Failure) {
    try write(bytes, named: name, unnamed: true)
  }

  /// Writes as ``write(_:named:)`` does, through an unnamed file (``UnnamedFile``) when `unnamed`
  /// is true and the system has them, else a named temporary; returns whether the unnamed file
  /// was used.
  @discardableResult
  func write(_ bytes: [UInt8], named name: String, unnamed: Bool) throws(FileIO.Failure) -> Bool {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(FileIO.Failure) in try write(buffer, named: name, unnamed: unnamed) }
    }.get()
  }

  /// Writes the bytes of `buffer` atomically as the file `name`, as the array form does.
  func write(_ buffer: UnsafeRawBufferPointer, named name: String) throws(FileIO.Failure) {
    try write(buffer, named: name, unnamed: true)
  }

  /// Writes the bytes of `buffer` as the array form with `unnamed` does.
  @discardableResult
  func write(
    _ buffer: UnsafeRawBufferPointer, named name: String, unnamed: Bool
  ) throws(FileIO.Failure) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if unnamed {
      let outcome = UnnamedFile.write(
        buffer, folder: descriptor, folderPath: ".", name: name,
        temporary: FileIO.temporaryName(for: name))
      switch outcome {
      case .written: return true
      case .failed(let code): throw FileIO.Failure(errno: code)
      case .unsupported: break
      }
    }
    let temporary = FileIO.temporaryName(for: name)
    let fd = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileIO.Failure(errno: errno) }
    var failure = FileIO.writeAll(fd, buffer) ?? 0
    if close(fd) != 0, failure == 0 { failure = errno }
    if failure == 0, renameat(descriptor, temporary, descriptor, name) != 0 { failure = errno }
    if failure != 0 {
      unlinkat(descriptor, temporary, 0)
      throw FileIO.Failure(errno: failure)
    }
    return false
  }
}
