#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lock with a condition variable (`pthread_mutex_t` + `pthread_cond_t`), for threads that wait
/// for work (FoundationEssentials has no `NSCondition`).
package final class ThreadCondition: @unchecked Sendable {
  private let lock = ThreadLock()
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  /// Creates an unlocked lock with no waiters.
  package init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  /// Runs `body` while holding the lock.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    try lock.withLock(body)
  }

  /// Releases the lock, sleeps until signalled, and takes the lock again; call with it held.
  package func wait() { pthread_cond_wait(condition, lock.mutex) }

  /// Like ``wait()``, but returns by `deadline` (a `CLOCK_REALTIME` time, the condition's clock)
  /// if nothing signals first; call with the lock held and check the awaited state again after.
  package func wait(until deadline: timespec) {
    var deadline = deadline
    pthread_cond_timedwait(condition, lock.mutex, &deadline)
  }

  /// Wakes one waiting thread.
  package func signal() { pthread_cond_signal(condition) }

  /// Wakes every waiting thread.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
