/// A count of unfinished pieces of work that a thread can wait on until it reaches zero:
/// `DispatchGroup`'s enter, leave and wait without starting libdispatch for it.
package final class ThreadCountdown: @unchecked Sendable {
  private let condition = ThreadCondition()
  // Guarded by `condition`.
  private var unfinished = 0

  /// Creates a countdown with nothing unfinished.
  package init() {}

  /// Counts one more piece of work.
  package func enter() {
    condition.withLock { unfinished += 1 }
  }

  /// Marks one piece of work finished; the last wakes the waiters.
  package func leave() {
    condition.withLock {
      precondition(unfinished > 0, "leave() without enter()")
      unfinished -= 1
      if unfinished == 0 { condition.broadcast() }
    }
  }

  /// Returns once every piece of work entered so far has left.
  package func wait() {
    condition.withLock {
      while unfinished > 0 { condition.wait() }
    }
  }
}
