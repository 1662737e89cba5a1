import Foundation
import _SpriteTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built binary as a child and reports its own peak resident memory, from `wait4`'s
/// `rusage` for that child alone.
///
/// The child is started by a small Python process, not by the test process: `posix_spawn`
/// shares the spawner's memory until `exec` (`CLONE_VM`), and Linux counts the spawner's peak
/// resident size into the child's `ru_maxrss` at `exec`, which would charge the test runner's
/// hundred-odd MB to the child. Python's own few MB are below any child's.
enum ChildUsage {
  /// How one run ended.
  struct Outcome {
    /// The exit status, or 128 + the signal.
    var status: Int32
    /// The child's peak resident set size in kilobytes (`ru_maxrss`).
    var maxResidentKB: Int
  }

  /// Spawns `argv[2:]` with standard streams inherited, waits with `wait4`, and writes the exit
  /// status and `ru_maxrss` to the file `argv[1]`.
  private static let script = """
    import os, sys
    pid = os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ)
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    with open(sys.argv[1], "w") as f:
        f.write("%d %d" % (code if code >= 0 else 128 - code, usage.ru_maxrss))
    """

  /// Runs `sprite-theme arguments` (in the test's directory: give absolute paths) with standard
  /// input from `input`, standard output to `output` and standard error to `errors`; the wait
  /// is on a thread of its own, so the cooperative pool keeps running.
  static func run(_ arguments: [String], input: URL, output: URL, errors: URL) async throws
    -> Outcome
  {
    let report = output.appendingPathExtension("usage")
    let argv =
      ["/usr/bin/env", "python3", "-c", script, report.path, BuiltBinary.url.path] + arguments
    let environment = ProcessInfo.processInfo.environment.map {
      Array("\($0.key)=\($0.value)".utf8)
    }
    let status = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result {
            try ByteArguments.spawnAndWait(
              argv.map { Array($0.utf8) }, environment, input, output, errors)
          })
      }
    }
    let fields = (try? String(contentsOf: report, encoding: .utf8))?.split(separator: " ")
      .compactMap { Int($0) }
    guard status == 0, let fields, fields.count == 2 else {
      throw POSIXError(
        .ECHILD,
        userInfo: [NSLocalizedDescriptionKey: "python3 could not run the child (status \(status))"])
    }
    return Outcome(status: Int32(fields[0]), maxResidentKB: fields[1])
  }
}
