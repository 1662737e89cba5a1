import Foundation
import Synchronization

/// Whole lines on standard output for `batch --jsonl`, even when a signal ends the process:
/// each line is one `write` loop behind a gate, and ``close(waitingUpTo:)``, called by
/// ``Interruption/end()`` before `_exit`, waits for the line being written, then shuts the gate
/// so no new line starts. A consumer reading the output never sees half a line.
enum OutputLines {
  /// The gate: idle, a line being written, or closed for good.
  private static let state = Atomic<Int>(idle)
  private static let idle = 0
  private static let writing = 1
  private static let closed = 2

  /// Writes `line` (ending in `\n`) to standard output whole, unless the gate is closed (the
  /// process is ending; the line is dropped).
  ///
  /// - Throws: ``WriteError`` when standard output cannot be written (a closed pipe, a full
  ///   disk).
  static func write(_ line: [UInt8]) throws {
    guard state.compareExchange(expected: idle, desired: writing, ordering: .acquiring).exchanged
    else { return }
    defer { state.store(idle, ordering: .releasing) }
    try line.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          throw WriteError(reason: String(cString: strerror(errno)))
        }
        offset += n
      }
    }
  }

  /// Why standard output could not be written.
  struct WriteError: Error, CustomStringConvertible {
    /// The system's words, e.g. "Broken pipe".
    var reason: String
    /// The reason.
    var description: String { reason }
  }

  /// Waits (at most `limit`) for the line being written, then closes the gate.
  static func close(waitingUpTo limit: Duration = .seconds(2)) {
    let deadline = ContinuousClock.now + limit
    while !state.compareExchange(expected: idle, desired: closed, ordering: .acquiring).exchanged {
      if state.load(ordering: .relaxed) == closed || ContinuousClock.now >= deadline { return }
      usleep(1000)
    }
  }
}
