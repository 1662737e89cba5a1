import Foundation
import _SpriteTestSupport

/// Runs the `sprite-theme` executable built beside the test bundle.
enum BuiltBinary {
  /// The executable's location: the test runner's own build folder.
  static var url: URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On macOS the runner lives inside `X.xctest/Contents/MacOS`.
    while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
    return directory.appendingPathComponent("sprite-theme")
  }

  /// The outcome of one run.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// When the process ended, as seen by Foundation's own thread (the test's task may resume
    /// much later on a busy machine).
    var exitedAt = ContinuousClock.now
  }

  /// Starts the binary with `arguments` from the package root, output discarded; standard input
  /// comes from `standardInput` (a file) or is closed.
  static func start(_ arguments: [String], standardInput: URL? = nil) throws -> Process {
    let process = configured(arguments, environment: [:])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = try standardInput.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
    try process.run()
    return process
  }

  private static func configured(
    _ arguments: [String], environment: [String: String], executable: URL? = nil
  ) -> Process {
    let process = Process()
    process.executableURL = executable ?? url
    process.arguments = arguments
    process.currentDirectoryURL = Fixtures.packageRoot
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    return process
  }

  /// Runs the binary with `arguments` from the package root; standard input comes from
  /// `standardInput` (a file) or `inputPipe`, or is closed; `onStart` gets the child's process
  /// id once it runs (to signal it, say). `executable` runs a copy of the binary instead.
  ///
  /// The wait suspends rather than blocks: a test's thread goes back to the cooperative pool
  /// (two threads on a two-core machine) while the child runs, so in-process servers and other
  /// tests keep running.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], standardInput: URL? = nil,
    inputPipe: Pipe? = nil, executable: URL? = nil, onStart: (@Sendable (Int32) -> Void)? = nil
  ) async throws -> Result {
    let process = configured(arguments, environment: environment, executable: executable)
    // Output goes to temporary files, so a large output can never block the child.
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("sprite-theme-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
      try? out.close()
      try? err.close()
    }
    process.standardOutput = out
    process.standardError = err
    if let inputPipe {
      process.standardInput = inputPipe
    } else {
      process.standardInput =
        try standardInput.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
    }
    let exitedAt = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<ContinuousClock.Instant, any Error>) in
      // Set before the launch, so an exit can never be missed.
      process.terminationHandler = { _ in continuation.resume(returning: .now) }
      do {
        try process.run()
        onStart?(process.processIdentifier)
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    return Result(
      status: process.terminationStatus,
      stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8), exitedAt: exitedAt)
  }
}
