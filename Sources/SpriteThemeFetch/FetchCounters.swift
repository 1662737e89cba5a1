import SpriteTheme
import Synchronization

/// The counts of one ``ThemeFetch`` run and the entries it skipped, shared by its tasks; every
/// change is reported to the run's progress closure.
final class FetchCounters: Sendable {
  private struct State {
    var counts = ThemeFetch.Progress()
    var skipped: [BatchIndex.Skip] = []
  }

  private let state = Mutex(State())
  private let progress: (@Sendable (ThemeFetch.Progress) -> Void)?

  /// Counters reporting to `progress`.
  init(progress: (@Sendable (ThemeFetch.Progress) -> Void)?) {
    self.progress = progress
  }

  /// The counts so far.
  var counts: ThemeFetch.Progress { state.withLock { $0.counts } }

  /// The entries skipped so far, in input order.
  var skipped: [BatchIndex.Skip] { state.withLock { $0.skipped } }

  /// Applies `change` and reports the new counts.
  func update(_ change: (inout ThemeFetch.Progress) -> Void) {
    let counts = state.withLock { state in
      change(&state.counts)
      return state.counts
    }
    progress?(counts)
  }

  /// Records an entry skipped on purpose (call in input order).
  func skip(name: String, reason: String) {
    let counts = state.withLock { state in
      state.skipped.append(BatchIndex.Skip(name: name, reason: reason))
      state.counts.skipped += 1
      return state.counts
    }
    progress?(counts)
  }
}
