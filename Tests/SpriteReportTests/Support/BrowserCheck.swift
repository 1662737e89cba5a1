import Foundation
import _SpriteTestSupport

/// Runs a browser check from `Scripts/` through `Scripts/with-browser.sh`, which installs what is
/// missing (Debian's chromium and chromium-driver; Selenium into a throwaway venv) first.
enum BrowserCheck {
  /// The scripts' folder.
  static let scripts = Fixtures.packageRoot.appendingPathComponent(
    "Tests/SpriteReportTests/Scripts")

  /// One venv per test process, under the temporary folder, removed when the process exits.
  static let venv: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("spritetheme-browser-venv-\(getpid())")
    atexit {
      try? FileManager.default.removeItem(at: BrowserCheck.venv)
    }
    return url
  }()

  /// The outcome of one check.
  struct Result {
    /// The script's exit status (0: every check passed; 1: problems; 3: no browser).
    var status: Int32
    /// The JSON object the script printed, or empty.
    var output: [String: Any]
    /// Standard error: one line per problem (and set-up messages).
    var problems: String
  }

  /// Runs `Scripts/<script>` with `arguments`; waits without blocking a cooperative thread.
  static func run(_ script: String, _ arguments: [String]) async throws -> Result {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("spritetheme-browser-\(UUID().uuidString)")
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      [
        scripts.appendingPathComponent("with-browser.sh").path, venv.path,
        scripts.appendingPathComponent(script).path,
      ] + arguments
    process.currentDirectoryURL = Fixtures.packageRoot
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    let printed = try Data(contentsOf: outURL)
    let object = (try? JSONSerialization.jsonObject(with: printed)) as? [String: Any] ?? [:]
    return Result(
      status: process.terminationStatus, output: object,
      problems: try String(contentsOf: errURL, encoding: .utf8))
  }
}
