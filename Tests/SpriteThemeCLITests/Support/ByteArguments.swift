import Foundation
import _SpriteTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built binary with arguments given as bytes, exactly as `argv` will hold them:
/// `Process` takes `String`s, so it cannot pass a name that is not UTF-8. The child is started
/// with `posix_spawn` on a thread of its own (the wait never holds the cooperative pool), with
/// ``Scratch/childEnvironment`` added to this process's environment.
enum ByteArguments {
  /// How one run ended.
  struct Outcome: Sendable {
    /// The exit status, or 128 + the signal.
    var status: Int32
    /// Standard output's bytes.
    var stdout: [UInt8]
    /// Standard error, as UTF-8.
    var stderr: String
  }

  /// Runs `sprite-theme arguments` (give absolute paths) with `standardInput`'s bytes on its
  /// standard input (closed when nil).
  static func run(_ arguments: [[UInt8]], standardInput: [UInt8] = []) async throws -> Outcome {
    let scratch = try Scratch.folder("bytes-child")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let input = scratch.appendingPathComponent("stdin")
    let output = scratch.appendingPathComponent("stdout")
    let errors = scratch.appendingPathComponent("stderr")
    try Data(standardInput).write(to: input)
    let argv = [Array(BuiltBinary.url.path.utf8)] + arguments
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in Scratch.childEnvironment { environment[key] = value }
    let variables = environment.map { Array("\($0.key)=\($0.value)".utf8) }
    let status = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result { try spawnAndWait(argv, variables, input, output, errors) })
      }
    }
    return Outcome(
      status: status, stdout: Array(try Data(contentsOf: output)),
      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }

  /// Spawns `argv` (its first element the program's path) with `environment` and its standard
  /// streams on the files, and waits for it (blocking: call it on a thread of its own); returns
  /// the exit status, or 128 + the signal.
  static func spawnAndWait(
    _ argv: [[UInt8]], _ environment: [[UInt8]], _ input: URL, _ output: URL, _ errors: URL
  ) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let cArguments = argv.map(duplicate) + [nil]
    let cEnvironment = environment.map(duplicate) + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, cArguments[0]!, &actions, nil, cArguments, cEnvironment)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  /// A C string of `bytes` (no NUL among them) for `argv` or `environ`; the caller frees it.
  private static func duplicate(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
    for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
    return pointer
  }
}

/// Paths as bytes, for the tests of names that are not UTF-8.
struct BytePath: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The path's bytes.
  var bytes: [UInt8]

  /// The path of `bytes`.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The path `value` (UTF-8).
  init(stringLiteral value: String) {
    bytes = Array(value.utf8)
  }

  /// The path of a folder on disk.
  init(_ url: URL) {
    bytes = Array(url.path.utf8)
  }

  /// `self/name`.
  static func / (folder: BytePath, name: BytePath) -> BytePath {
    BytePath(bytes: folder.bytes + [UInt8(ascii: "/")] + name.bytes)
  }

  /// Runs `body` with the path as a C string.
  func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
    try (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
      try body($0.baseAddress!)
    }
  }

  /// True when something is there (a link is followed).
  var exists: Bool { withCString { access($0, F_OK) } == 0 }

  /// Makes the folder.
  func makeFolder() throws {
    guard withCString({ mkdir($0, 0o755) }) == 0 else { throw POSIXError(.EIO) }
  }

  /// Writes `contents` as the file.
  func write(_ contents: [UInt8]) throws {
    let fd = withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    guard contents.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == contents.count
    else { throw POSIXError(.EIO) }
  }

  /// The file's bytes.
  func read() throws -> [UInt8] {
    let fd = withCString { open($0, O_RDONLY) }
    guard fd >= 0 else { throw POSIXError(.ENOENT) }
    defer { close(fd) }
    var bytes = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { return bytes }
      bytes += chunk[0..<n]
    }
  }

  /// The names in the folder, as bytes.
  func names() throws -> Set<[UInt8]> {
    guard let stream = withCString({ opendir($0) }) else { throw POSIXError(.ENOENT) }
    defer { closedir(stream) }
    var names = Set<[UInt8]>()
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if name != [46] && name != [46, 46] { names.insert(name) }
    }
    return names
  }
}
