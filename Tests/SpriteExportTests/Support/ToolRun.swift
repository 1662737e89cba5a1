import Foundation
import _SpriteTestSupport

/// Runs external tools (Python, swiftc, the validators) and the Python scripts beside the tests.
enum ToolRun {
  /// The outcome of one run.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `executable` with `arguments`; output goes through temporary files, so a large output
  /// never blocks the child.
  static func run(_ executable: String, _ arguments: [String]) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("sprite-export-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("out")
    let err = scratch.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
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
  /// What the export tests install: JSON Schema validation, a CSS parser, the browser driver.
  static let packages = ["jsonschema>=4.18", "referencing", "tinycss2>=1.2", "selenium>=4.11"]

  /// The environment's `python`, or why it could not be made.
  static let python: Swift.Result<String, SetupFailure> = make()

  /// Why the environment could not be made.
  struct SetupFailure: Error, CustomStringConvertible {
    /// The failed step and its output.
    var description: String
  }

  /// Runs a script from `Scripts/` with the environment's Python; fails the caller when the
  /// environment could not be made.
  static func runScript(_ name: String, _ arguments: [String]) throws -> ToolRun.Result {
    let python = try self.python.get()
    return try ToolRun.run(python, [ToolRun.script(name)] + arguments)
  }

  private static func make() -> Swift.Result<String, SetupFailure> {
    guard let system = ToolRun.find("python3") else {
      return .failure(SetupFailure(description: "python3 is not on PATH"))
    }
    let folder = ProcessScratch.folder("venv").path
    do {
      let venv = try ToolRun.run(system, ["-m", "venv", folder])
      guard venv.status == 0 else {
        return .failure(SetupFailure(description: "python3 -m venv failed: \(venv.stderr)"))
      }
      let pip = try ToolRun.run(
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
