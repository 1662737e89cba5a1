import ArgumentParser
import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM as task cancellation, for the commands that write many files.
///
/// The signals arrive through Dispatch signal sources, whose handlers run on a queue of their
/// own, never waiting for a thread of Swift's cooperative pool (jobs may hold all of them). The
/// first signal cancels the work, which then finishes the files in flight, so only whole files
/// are left, and returns. A signal always stops the process within ``gracePeriod``: work still
/// busy then (in a read that cancellation cannot reach, say) is abandoned and the process exits
/// with 130, as it does at once on a second signal. Files are written under a temporary name
/// and renamed, so even then no file with a final name is partial.
enum Interruption {
  /// How long the work may take to stop after the first signal: 0.9 s, or the milliseconds in
  /// `SPRITE_THEME_GRACE_MS`. Only tests set it: one that checks the work stops by itself must
  /// not depend on how fast a busy machine finishes the files in flight.
  static let gracePeriod: DispatchTimeInterval = {
    let text = ProcessInfo.processInfo.environment["SPRITE_THEME_GRACE_MS"]
    guard let text, let milliseconds = Int(text), milliseconds > 0 else {
      return .milliseconds(900)
    }
    return .milliseconds(milliseconds)
  }()

  /// Runs `work` in a task that SIGINT and SIGTERM cancel, and returns its value; cancelling the
  /// calling task cancels it too. `work` tells from `Task.isCancelled` whether it was stopped.
  static func cancellingOnSignals<Value: Sendable>(
    _ work: sending @escaping @isolated(any) () async -> Value
  ) async -> Value {
    let task = Task(operation: work)
    let watch = Watch(cancel: { task.cancel() })
    let queue = DispatchQueue(label: "sprite-theme.signals")
    let sources = [SIGINT, SIGTERM].map { signal in
      let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
      // One call may stand for several signals: Dispatch merges those that arrive before the
      // handler runs, and `data` counts them where the platform tells (Darwin; Linux's
      // libdispatch reports 1 however many merged, so there a second signal that comes before
      // the first is handled is still lost). The cycle ends when the source is cancelled.
      source.setEventHandler { watch.signalled(times: max(1, Int(source.data))) }
      return source
    }
    // A signal before a source is registered would still have its default action: wait.
    for source in sources {
      await withCheckedContinuation { continuation in
        source.setRegistrationHandler { continuation.resume() }
        source.resume()
      }
    }
    let value = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    watch.settle()
    for source in sources { source.cancel() }
    return value
  }

  /// Counts the signals and keeps the promise of ``gracePeriod``.
  private final class Watch: Sendable {
    private let cancel: @Sendable () -> Void
    private let signals = Atomic<Int>(0)
    private let settled = Atomic<Bool>(false)

    init(cancel: @escaping @Sendable () -> Void) {
      self.cancel = cancel
    }

    /// The first signal cancels the work and starts the grace period; a second one ends the
    /// process, whether it comes in a later call or merged into the same one.
    func signalled(times: Int) {
      let (_, count) = signals.add(times, ordering: .relaxed)
      guard count == 1 else { Interruption.end() }
      cancel()
      DispatchQueue.global().asyncAfter(deadline: .now() + Interruption.gracePeriod) {
        [self] in
        guard !settled.load(ordering: .acquiring) else { return }
        Diagnostics.error("the files in flight did not finish in time; stopped without them.")
        Interruption.end()
      }
    }

    /// The work has returned: the grace period no longer runs.
    func settle() {
      settled.store(true, ordering: .releasing)
    }
  }

  /// Ends the process at once with exit 130.
  ///
  /// `_exit`, not `exit`: the work may be blocked in a read holding a stdio lock (`readLine` on
  /// standard input), which flushing the streams on the way out would wait for forever. The
  /// commands that run here write nothing to standard output through stdio (`batch --jsonl`
  /// writes whole lines through ``OutputLines``, which is closed first), and standard error is
  /// unbuffered.
  static func end() -> Never {
    OutputLines.close()
    _exit(ExitCode.interrupted.rawValue)
  }
}
