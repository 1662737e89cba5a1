import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM as a flag that a long loop polls between items, with no thread and no pipe
/// (``InterruptHandler`` needs both to call back at once). The handler, installed with
/// `sigaction(2)`, only stores to a lock-free atomic, which is async-signal-safe.
enum InterruptFlag {
  /// Whether SIGINT or SIGTERM has arrived since ``install()``.
  static var isRaised: Bool { raised.load(ordering: .relaxed) }

  private static let raised = Atomic<Bool>(false)

  /// Starts turning SIGINT and SIGTERM into the flag.
  static func install() {
    // The first use of a static runs its initialiser, which is not signal-safe: do it here.
    raised.store(false, ordering: .relaxed)
    InterruptSignals.install(
      { _ in InterruptFlag.raised.store(true, ordering: .relaxed) }, restartingCalls: false)
  }

  /// Gives SIGINT and SIGTERM their default action back.
  static func restore() {
    InterruptSignals.restore()
  }
}
