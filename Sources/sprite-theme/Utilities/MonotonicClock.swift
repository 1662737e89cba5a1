#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time since an arbitrary start that never jumps (`clock_gettime(CLOCK_MONOTONIC)`), for
/// the progress line's rates and redraws. The standard library's `ContinuousClock` lives in the
/// concurrency runtime, which this executable does not link (see the README's design notes).
struct MonotonicInstant: Sendable {
  /// Nanoseconds since the clock's start.
  let nanoseconds: Int64

  /// Now.
  static var now: MonotonicInstant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return MonotonicInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }

  /// The time from `earlier` to `later`.
  static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
    .nanoseconds(later.nanoseconds - earlier.nanoseconds)
  }
}
