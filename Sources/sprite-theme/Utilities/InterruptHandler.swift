import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into a call to `onInterrupt` (on a thread of its own) while it lives,
/// so a long run can stop cleanly; `restore()` gives the signals their default action back.
///
/// The self-pipe trick: the handler, installed with `sigaction(2)`, only writes one byte to a
/// pipe (`write(2)` is async-signal-safe), and a thread blocked reading the pipe makes the call.
/// One handler at a time.
final class InterruptHandler {
  /// The pipe's write end for the signal handler, or -1 when no handler is installed.
  private static let signalPipe = Atomic<Int32>(-1)
  /// The byte ``restore()`` writes to end the thread; the handler writes 1.
  private static let stopByte: UInt8 = 0

  private let writeEnd: Int32

  /// Starts handling SIGINT and SIGTERM; without a pipe or a thread they keep their default action.
  init(onInterrupt: @escaping @Sendable () -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      writeEnd = -1
      return
    }
    let readEnd = ends[0]
    writeEnd = ends[1]
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    let thread = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        if count != 1 || byte == Self.stopByte { break }
        onInterrupt()
      }
      close(readEnd)
    }
    thread.name = "sprite-theme.signals"
    thread.start()
    Self.signalPipe.store(writeEnd, ordering: .releasing)
    InterruptSignals.install({ _ in InterruptHandler.writeSignalByte() }, restartingCalls: true)
  }

  /// The signal handler's whole work: one byte into the pipe, `errno` left as it was. It reads
  /// no static but ``signalPipe``, which `init` stores to first (a static's first use runs its
  /// initialiser, which is not async-signal-safe).
  private static func writeSignalByte() {
    let saved = errno
    var byte: UInt8 = 1
    let fd = signalPipe.load(ordering: .acquiring)
    if fd >= 0 { _ = write(fd, &byte, 1) }
    errno = saved
  }

  /// Stops handling the signals, restores their default action and ends the thread.
  func restore() {
    guard writeEnd >= 0 else { return }
    InterruptSignals.restore()
    Self.signalPipe.store(-1, ordering: .releasing)
    var byte = Self.stopByte
    _ = write(writeEnd, &byte, 1)
    close(writeEnd)
  }
}
