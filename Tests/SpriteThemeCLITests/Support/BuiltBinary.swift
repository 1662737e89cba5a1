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
  typealias Result = ChildProcess.Result

  /// Starts the binary with `arguments` from the package root, output discarded; standard input
  /// comes from `standardInput` (a file) or is closed; standard error goes to `standardError`
  /// when given.
  static func start(
    _ arguments: [String], environment: [String: String] = [:], standardInput: URL? = nil,
    standardOutput: FileHandle? = nil, standardError: FileHandle? = nil
  ) throws -> Process {
    let process = configured(arguments, environment: environment)
    process.standardOutput = standardOutput ?? FileHandle.nullDevice
    process.standardError = standardError ?? FileHandle.nullDevice
    process.standardInput =
      try standardInput.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
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
    for (key, value) in Scratch.childEnvironment { env[key] = value }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    return process
  }

  /// Runs the binary with `arguments` from the package root; standard input comes from
  /// `standardInput` (a file) or `inputPipe`, or is closed; `onStart` gets the child's process
  /// id once it runs (to signal it, say). `executable` runs a copy of the binary instead. The
  /// wait suspends rather than blocks (``ChildProcess``).
  static func run(
    _ arguments: [String], environment: [String: String] = [:], standardInput: URL? = nil,
    inputPipe: Pipe? = nil, executable: URL? = nil, onStart: (@Sendable (Int32) -> Void)? = nil
  ) async throws -> Result {
    let input: Any? = try inputPipe ?? standardInput.map { try FileHandle(forReadingFrom: $0) }
    return try await ChildProcess.run(
      executable ?? url, arguments, environment: environment, input: input, onStart: onStart)
  }
}
