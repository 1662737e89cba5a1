#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The open directory of a ``ResponseCache``: entries are read and written relative to one
/// directory descriptor (`openat`, `renameat`), so no call walks the full path again, and an
/// entry's header and body go out in one `writev` without being copied together first.
///
/// The descriptor is opened on first use and kept; when the directory turns out to be gone
/// (removed, or not created yet), the next write creates it and opens it again.
final class CacheDirectory: @unchecked Sendable {
  /// The directory's path.
  let path: String
  private let lock = ThreadLock()
  /// Held while an entry is created and renamed into place (see ``writeAtomically(header:body:to:)``).
  private let writeLock = ThreadLock()
  private var descriptor: Int32 = -1
  /// Descriptors of removed directories, closed only in `deinit`: a call in flight may still use
  /// one, and closing it could let its number be reused for another file meanwhile.
  private var retired = [Int32]()

  /// Refers to the directory at `path`; nothing is opened yet.
  init(path: String) {
    self.path = path
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    for fd in retired { close(fd) }
  }

  /// The bytes of the file `name` in the directory, or nil when it cannot be read.
  func contents(of name: String) -> [UInt8]? {
    guard let directory = directory(creating: false) else { return nil }
    let fd = openat(directory, name, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    let size = Int(info.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      var offset = 0
      while offset < size, let base = buffer.baseAddress {
        let n = read(fd, base + offset, size - offset)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        offset += n
      }
      failed = offset != size
      initialized = offset
    }
    return failed ? nil : bytes
  }

  /// The names of the regular files (and links) in the directory, or nil when it cannot be
  /// listed (missing, or not a directory).
  func fileNames() -> [String]? {
    guard let stream = opendir(path) else { return nil }
    defer { closedir(stream) }
    var names = [String]()
    while let entry = readdir(stream) {
      let type = entry.pointee.d_type
      guard type == UInt8(DT_REG) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else {
        continue
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      names.append(name)
    }
    return names
  }

  /// Writes `header` then `body` to a unique temporary file in the directory and renames it to
  /// `name`, creating the directory when it is missing. No `fsync`: readers never see a partial
  /// file, which is all the cache needs.
  func writeAtomically(header: [UInt8], body: [UInt8], to name: String) throws(CacheFile.Failure) {
    let temporary = CacheFile.temporaryName(for: name)
    writeLock.lock()
    defer { writeLock.unlock() }
    for attempt in 0..<2 {
      guard let directory = directory(creating: attempt > 0) else {
        if attempt == 0 { continue }
        throw .failed(path: path, errno: errno)
      }
      let fd = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if fd < 0 {
        let code = errno
        if code == ENOENT, attempt == 0 {
          forget(directory)
          continue
        }
        throw .failed(path: path + "/" + temporary, errno: code)
      }
      var failure = Self.write(fd, header, body)
      if close(fd) != 0, failure == 0 { failure = errno }
      if failure == 0, renameat(directory, temporary, directory, name) != 0 { failure = errno }
      if failure != 0 {
        unlinkat(directory, temporary, 0)
        throw .failed(path: path + "/" + name, errno: failure)
      }
      return
    }
  }

  /// Writes both buffers whole with `writev`; the `errno` of a failure, or 0.
  private static func write(_ fd: Int32, _ header: [UInt8], _ body: [UInt8]) -> Int32 {
    header.withUnsafeBytes { head in
      body.withUnsafeBytes { tail in
        var done = 0
        let total = head.count + tail.count
        while done < total {
          var vectors = [iovec](repeating: iovec(), count: 2)
          var count: Int32 = 0
          if done < head.count {
            vectors[0] = iovec(
              iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress! + done),
              iov_len: head.count - done)
            count = 1
          }
          let bodyDone = max(0, done - head.count)
          if bodyDone < tail.count, let base = tail.baseAddress {
            vectors[Int(count)] = iovec(
              iov_base: UnsafeMutableRawPointer(mutating: base + bodyDone),
              iov_len: tail.count - bodyDone)
            count += 1
          }
          let n = writev(fd, vectors, count)
          if n < 0 {
            if errno == EINTR { continue }
            return errno
          }
          done += n
        }
        return 0
      }
    }
  }

  /// The directory descriptor, opened (and with `creating`, the directory created) when needed.
  private func directory(creating: Bool) -> Int32? {
    lock.lock()
    defer { lock.unlock() }
    if descriptor >= 0 { return descriptor }
    if creating {
      _ = DirectoryCreation.createWithParents(path)
    }
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    descriptor = fd
    return fd
  }

  /// Drops `fd` when it is still the kept descriptor (its directory is gone), so the next use
  /// opens the path again.
  private func forget(_ fd: Int32) {
    lock.lock()
    defer { lock.unlock() }
    if descriptor == fd {
      retired.append(fd)
      descriptor = -1
    }
  }
}
