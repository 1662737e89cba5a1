import Foundation

/// Runs a child process to its end without blocking a thread of the cooperative pool (two on a
/// two-core machine): the wait suspends, so in-process servers and other tests keep running.
/// Output goes through temporary files, so a large output can never block the child. The child's
/// temporary folder is the test process's ``Scratch`` folder, so nothing it leaves stays behind.
public enum ChildProcess {
  /// The outcome of one run.
  public struct Result: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output, as UTF-8.
    public var stdout: String
    /// Standard error, as UTF-8.
    public var stderr: String
    /// When the process ended, as seen by Foundation's own thread (the test's task may resume
    /// much later on a busy machine).
    public var exitedAt: ContinuousClock.Instant
  }

  /// Runs `executable` with `arguments` in `directory` (the package root by default), with
  /// ``Scratch/childEnvironment`` and then `environment` added to this process's; standard input comes from `input` or is closed;
  /// `onStart` gets the child's process id once it runs (to signal it, say).
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    directory: URL = Fixtures.packageRoot, input: Any? = nil,
    onStart: (@Sendable (Int32) -> Void)? = nil
  ) async throws -> Result {
    let scratch = try Scratch.folder("child")
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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    for (key, value) in Scratch.childEnvironment { env[key] = value }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input ?? FileHandle.nullDevice
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
      stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
      stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
      exitedAt: exitedAt)
  }
}
