import Dispatch
import Foundation
import Synchronization
import Testing
import _SpriteTestSupport

/// SIGINT and SIGTERM sent to the built binary during a `batch`.
@Suite("End to end: signals stop a batch", .serialized)
struct InterruptTests {
  /// Set once a run has ended, so its watchdog leaves the process id alone.
  final class Finished: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Marks the run as ended.
    func set() { flag.store(true, ordering: .releasing) }

    /// Whether the run has ended.
    var isSet: Bool { flag.load(ordering: .acquiring) }
  }

  /// How long a test waits for something that must happen before calling it a hang. It only
  /// catches hangs: on a machine busy with other work, what takes milliseconds can take seconds.
  static let hangLimit: Duration = .seconds(120)

  /// The environment of a run whose work must stop by itself after a signal: a grace period
  /// (`SPRITE_THEME_GRACE_MS`) as long as `hangLimit`, so a busy machine finishing its files
  /// in flight slowly is never cut short by the default 0.9 s, and a stop that never comes still
  /// ends the run.
  static let patientGrace = ["SPRITE_THEME_GRACE_MS": "120000"]

  /// Calls `condition` until it holds (true) or `hangLimit` passes (false). For waits on another
  /// process, which only polling can see.
  @discardableResult
  static func wait(until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + hangLimit
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      usleep(5000)
    }
    return true
  }

  /// Kills `pid` once `hangLimit` has passed unless `finished` is set first: a run waiting for
  /// something that never comes ends, so the test fails instead of hanging.
  static func watchdog(_ pid: Int32, finished: Finished) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(120)) {
      if !finished.isSet { kill(pid, SIGKILL) }
    }
  }

  /// `copies` copies of every sample under `directory/in/<copy>/`; the folder.
  static func manyInputs(in directory: TemporaryDirectory, copies: Int) throws -> URL {
    let inputs = directory.url.appendingPathComponent("in")
    for copy in 0..<copies {
      let folder = inputs.appendingPathComponent("\(copy)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for url in Fixtures.sampleSpriteFiles() {
        try FileManager.default.copyItem(
          at: url, to: folder.appendingPathComponent(url.lastPathComponent))
      }
    }
    return inputs
  }

  /// The lines of `/proc/<pid>/status` that start with `key` (Linux), as hexadecimal masks.
  static func signalMasks(_ pid: Int32, _ keys: [String]) -> [UInt64] {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").compactMap { line in
      guard let key = keys.first(where: { line.hasPrefix($0 + ":") }) else { return nil }
      return UInt64(line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
    }
  }

  /// Waits (up to `hangLimit`) until process `pid` handles SIGINT: on Linux, until its
  /// `/proc/<pid>/status` lists SIGINT as caught; elsewhere a fixed 0.3 s. A signal sent earlier
  /// would meet its default action, before the program could handle it.
  static func waitUntilHandlingSignals(_ pid: Int32) {
    #if os(Linux)
      wait {
        signalMasks(pid, ["SigCgt"]).first.map { $0 & (1 << UInt64(SIGINT - 1)) != 0 } ?? false
      }
    #else
      usleep(300_000)
    #endif
  }

  /// Waits (up to `hangLimit`) until process `pid` has taken every `signal` sent to it: none is
  /// pending any more. A second signal sent while the first is still pending would merge with it.
  static func waitUntilTaken(_ signal: Int32, by pid: Int32) {
    #if os(Linux)
      wait {
        let pending = signalMasks(pid, ["SigPnd", "ShdPnd"])
        return pending.count == 2 && pending.allSatisfy { $0 & (1 << UInt64(signal - 1)) == 0 }
      }
    #else
      usleep(300_000)
    #endif
  }

  /// Whether `pid` is still the run writing to `out` (its command line names the folder), so a
  /// process id reused after the run ends is never signalled.
  static func isRun(_ pid: Int32, writingTo out: URL) -> Bool {
    #if os(Linux)
      let commandLine =
        (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
      return commandLine.range(of: Data(out.path.utf8)) != nil
    #else
      return kill(pid, 0) == 0
    #endif
  }

  /// Runs `arguments` and sends `signal` once `folder` holds `count` visible files, or without a
  /// folder once the program handles signals and has had a moment to block on its input; a
  /// watchdog kills a run still going after `hangLimit`.
  static func run(
    _ arguments: [String], environment: [String: String] = patientGrace, signal: Int32,
    once folder: URL?, holds count: Int, inputPipe: Pipe? = nil
  ) async throws -> BuiltBinary.Result {
    let finished = Finished()
    defer { finished.set() }
    return try await BuiltBinary.run(arguments, environment: environment, inputPipe: inputPipe) {
      pid in
      watchdog(pid, finished: finished)
      DispatchQueue.global().async {
        if let folder {
          // Should the files never come, the signal goes anyway and the test's counts fail.
          wait {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return files.filter { !$0.hasPrefix(".") }.count >= count
          }
        }
        waitUntilHandlingSignals(pid)
        // Time to block on its input; the test holds either way.
        if folder == nil { usleep(100_000) }
        kill(pid, signal)
      }
    }
  }

  @Test(
    "SIGINT and SIGTERM stop a batch over many inputs at once: 130, whole files, no index",
    arguments: [SIGINT, SIGTERM])
  func signalStopsBatchQuickly(signal: Int32) async throws {
    let directory = try TemporaryDirectory()
    let inputs = try Self.manyInputs(in: directory, copies: 40)
    let out = directory.url.appendingPathComponent("out")
    let themes = out.appendingPathComponent("themes")
    let arguments = [
      "batch", inputs.path, "--thumbnails", "32,96", "--jobs", "2", "--out", out.path,
    ]
    // A grace period as long as the test's patience: the work must stop by itself, finishing
    // its files in flight, however slow the machine (the summary says so; a grace period that
    // ran out would say that instead).
    let result = try await Self.run(arguments, signal: signal, once: themes, holds: 5)
    #expect(result.status == 130, "\(result.stderr)")
    #expect(result.stderr.contains("interrupted after"), "\(result.stderr)")
    #expect(!result.stderr.contains("did not finish in time"), "the files in flight finished")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
    let written = try FileManager.default.contentsOfDirectory(atPath: themes.path)
    #expect(written.count >= 5 && written.count < 40 * Fixtures.sampleSpriteFiles().count)
    for name in written {
      #expect(!name.hasPrefix("."), "no temporary file is left: \(name)")
      let data = try Data(contentsOf: themes.appendingPathComponent(name))
      #expect(throws: Never.self, "\(name) is whole") {
        try JSONSerialization.jsonObject(with: data)
      }
    }
  }

  @Test("the grace period ends a batch whose work cannot stop: blocked reading its list on stdin")
  func signalStopsBlockedBatch() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    // The pipe stays open and empty: reading the list of paths blocks, and cancellation cannot
    // reach the read. Only the grace period (the default, 0.9 s) can end the run; without it the
    // watchdog would, and the test would fail on the status.
    let pipe = Pipe()
    let result = try await Self.run(
      ["batch", "-", "--out", out.path], environment: [:], signal: SIGINT, once: nil, holds: 0,
      inputPipe: pipe)
    try pipe.fileHandleForWriting.close()
    #expect(result.status == 130, "\(result.stderr)")
    #expect(result.stderr.contains("did not finish in time"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
  }

  @Test("a second signal ends a stopping batch at once, without waiting out the grace period")
  func secondSignalEndsAtOnce() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let pipe = Pipe()
    let finished = Finished()
    // A grace period as long as the test's patience: only the second signal can end the run
    // before it, and a grace period that ran out would say so on standard error.
    let result = try await BuiltBinary.run(
      ["batch", "-", "--out", out.path], environment: Self.patientGrace, inputPipe: pipe
    ) { pid in
      Self.watchdog(pid, finished: finished)
      DispatchQueue.global().async {
        Self.waitUntilHandlingSignals(pid)
        usleep(100_000)  // time to block on standard input; the test holds either way
        // SIGINT until the run ends. A signal is lost when it merges with one not yet handled:
        // in the kernel while the first is pending, and in Dispatch (whose handler on Linux
        // never learns that two arrived) until the handler has run, which on a busy machine
        // can take long and cannot be seen from here. Every signal after the first is a second
        // one, so the run must end without waiting out the grace period, however many merge.
        let deadline = ContinuousClock.now + Self.hangLimit
        while Self.isRun(pid, writingTo: out), ContinuousClock.now < deadline {
          kill(pid, SIGINT)
          Self.waitUntilTaken(SIGINT, by: pid)
          usleep(20_000)
        }
      }
    }
    finished.set()
    try pipe.fileHandleForWriting.close()
    #expect(result.status == 130, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "no grace period ran out: \(result.stderr)")
  }
}
