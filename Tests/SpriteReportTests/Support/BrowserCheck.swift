import Foundation
import _SpriteTestSupport

/// Runs a browser check from `Scripts/` through `Scripts/with-browser.sh`, which installs what is
/// missing (Debian's chromium and chromium-driver; Selenium into a throwaway venv) first.
enum BrowserCheck {
  /// The scripts' folder.
  static let scripts = Fixtures.packageRoot.appendingPathComponent(
    "Tests/SpriteReportTests/Scripts")

  /// One venv per test process, in its scratch folder (removed when the process exits).
  static let venv = Scratch.path("browser-venv")

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
    let run = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        scripts.appendingPathComponent("with-browser.sh").path, venv.path,
        scripts.appendingPathComponent(script).path,
      ] + arguments)
    let object =
      (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
    return Result(status: run.status, output: object, problems: run.stderr)
  }
}
