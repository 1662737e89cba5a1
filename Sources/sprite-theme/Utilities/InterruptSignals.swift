#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM, the two signals that stop a run: one handler for both, and their default
/// action back. ``InterruptFlag`` and ``InterruptHandler`` install their handlers through it.
enum InterruptSignals {
  /// Makes `handler` run on SIGINT and SIGTERM, restarting interrupted system calls when
  /// `restartingCalls`, and unblocks both signals. `handler` may do async-signal-safe work only.
  static func install(
    _ handler: @escaping @convention(c) (Int32) -> Void, restartingCalls: Bool
  ) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = restartingCalls ? SA_RESTART : 0
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
