#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a closure after a delay on a thread of its own, or as soon as a load handle is cancelled:
/// the retry backoff of ``CurlDataLoader``, which must never hold the transfer thread and must end
/// at once on a cancel. Retries are rare, so a thread per wait is cheap enough.
enum DelayedCall {
  /// Runs `body` once `delay` has passed or `handle` is cancelled, whichever comes first (at once
  /// if no thread can be started). `body` checks the handle itself.
  static func run(
    after delay: Duration, orWhenCancelled handle: LoadHandle,
    _ body: @escaping @Sendable () -> Void
  ) {
    let wait = Wait(deadline: deadline(after: delay))
    handle.whenCancelled { wait.end() }
    let started = DetachedThread.start(name: "SpriteFetch.backoff") {
      wait.sleep()
      body()
    }
    if !started { body() }
  }

  /// The `CLOCK_REALTIME` time `delay` from now (the clock `ThreadCondition` waits on).
  private static func deadline(after delay: Duration) -> timespec {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int64(now.tv_nsec) + attoseconds / 1_000_000_000
    var deadline = timespec()
    deadline.tv_sec = now.tv_sec + Int(seconds + nanoseconds / 1_000_000_000)
    deadline.tv_nsec = Int(nanoseconds % 1_000_000_000)
    return deadline
  }

  /// One wait: sleeps until its deadline or until ended.
  private final class Wait: @unchecked Sendable {
    private let condition = ThreadCondition()
    private let deadline: timespec
    // Guarded by `condition`.
    private var ended = false

    init(deadline: timespec) {
      self.deadline = deadline
    }

    /// Ends the wait early.
    func end() {
      condition.withLock {
        ended = true
        condition.broadcast()
      }
    }

    /// Returns at the deadline, or once ``end()`` was called.
    func sleep() {
      condition.withLock {
        while !ended && !Self.isPast(deadline) { condition.wait(until: deadline) }
      }
    }

    private static func isPast(_ deadline: timespec) -> Bool {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      return (now.tv_sec, now.tv_nsec) >= (deadline.tv_sec, deadline.tv_nsec)
    }
  }
}
