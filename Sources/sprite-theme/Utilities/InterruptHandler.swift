import Dispatch
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into a call to `onInterrupt` (on a private queue) while it lives, so
/// a long run can stop cleanly; `restore()` gives the signals their default action back.
final class InterruptHandler {
  private let sources: [any DispatchSourceSignal]

  /// Starts handling SIGINT and SIGTERM.
  init(onInterrupt: @escaping @Sendable () -> Void) {
    let queue = DispatchQueue(label: "sprite-theme.signals")
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler(handler: onInterrupt)
      source.resume()
      return source
    }
  }

  /// Stops handling the signals and restores their default action.
  func restore() {
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
