#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, for state that threads share.
///
/// The package links FoundationEssentials, which has no `NSLock`, and `Synchronization.Mutex`
/// needs macOS 15; this is the few lines both would give. The modules above use it too.
package final class ThreadLock: @unchecked Sendable {
  /// The mutex itself; ``ThreadCondition`` waits on it.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates an unlocked lock.
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Waits for and takes the lock.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Releases the lock taken by this thread.
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` while holding the lock.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
