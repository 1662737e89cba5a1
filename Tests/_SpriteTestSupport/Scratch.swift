import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one folder under the temporary folder that a test process writes to:
/// `$TMPDIR/spritetheme-tests-<pid>`, made on first use and removed when the process exits,
/// whether its tests passed or failed.
///
/// Every temporary file of the tests goes below it: ``TemporaryDirectory`` (one test's folder,
/// removed when the test releases it), the export tests' venv and catalogue, the browser and
/// Spark venvs. Child processes get it as `TMPDIR` (``childEnvironment``), so what the tools
/// make there (Chromium's profiles, pip's builds, the JVM's and Spark's files) goes with it. A
/// folder left by a test process that was killed is removed by the next one.
public enum Scratch {
  /// The prefix of every process's folder.
  public static let prefix = "spritetheme-tests-"

  /// The temporary folder the process was started with: `$TMPDIR`, else `/tmp`.
  public static let systemTemporary: URL = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["TMPDIR"].flatMap {
      $0.isEmpty ? nil : $0
    } ?? "/tmp", isDirectory: true)

  /// This process's folder, made on first use (with those of dead processes removed).
  public static let root: URL = {
    removeAbandoned()
    let url = systemTemporary.appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { Scratch.removeRoot() }
    return url
  }()

  /// A new, empty folder below ``root`` named `<name>-<UUID>`; the caller removes it, or it
  /// goes with the root at exit.
  public static func folder(_ name: String) throws -> URL {
    let url = root.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A path below ``root`` named `<name>-<UUID>`, not created.
  public static func path(_ name: String) -> URL {
    root.appendingPathComponent("\(name)-\(UUID().uuidString)")
  }

  /// What a child process gets added to its environment: ``root`` as its temporary folder
  /// (`TMPDIR`; `Scripts/with-spark.sh` hands it on to the JVM and Spark), and as the place
  /// for Python's bytecode caches, which would otherwise appear beside the test scripts.
  public static var childEnvironment: [String: String] {
    ["TMPDIR": root.path, "PYTHONPYCACHEPREFIX": root.appendingPathComponent("pycache").path]
  }

  /// Removes ``root`` and everything in it; called at exit.
  static func removeRoot() {
    try? FileManager.default.removeItem(at: root)
  }

  /// Removes the folders of test processes that no longer run (killed, so their exit handler
  /// never ran).
  static func removeAbandoned() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: systemTemporary.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH {
        try? FileManager.default.removeItem(at: systemTemporary.appendingPathComponent(name))
      }
    }
  }
}
