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
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = { _ in InterruptFlag.raised.store(true, ordering: .relaxed) }
    #else
      action.__sigaction_handler.sa_handler = { _ in
        InterruptFlag.raised.store(true, ordering: .relaxed)
      }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
    // A process started from a thread that blocks them (libdispatch's worker threads block every
    // signal) inherits that mask, and a blocked signal never reaches a handler. Unblocked here,
    // before any worker thread is started, they reach this process's threads again.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// Gives SIGINT and SIGTERM their default action back.
  static func restore() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
