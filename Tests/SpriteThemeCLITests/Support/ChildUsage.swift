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
    let status = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try spawnAndWait(argv, input, output, errors) })
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

  /// Spawns `argv` with its standard streams on the files, and waits for it.
  private static func spawnAndWait(_ argv: [String], _ input: URL, _ output: URL, _ errors: URL)
    throws -> Int32
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let cArguments = argv.map { strdup($0) } + [nil]
    defer {
      for argument in cArguments { free(argument) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
