import Foundation
import Synchronization

/// Whole lines on standard output for `batch --jsonl`, even when a signal ends the process or
/// the reader has stopped reading.
///
/// Each line is one `write` loop behind a gate. When standard output is a pipe (Linux), a line
/// is started only once the pipe has room for all of it (`F_GETPIPE_SZ` less `FIONREAD`; the
/// pipe is enlarged with `F_SETPIPE_SZ` for a line longer than it), so the write never blocks
/// part-way: a reader that has stalled holds the line back whole, and the run can still stop
/// at once (cancellation or ``close(waitingUpTo:)`` drop the waiting line). Elsewhere (a file,
/// a terminal) writes do not stall. ``close(waitingUpTo:)``, called by ``Interruption/end()``
/// before `_exit`, waits for the line being written, then shuts the gate so no new line
/// starts. A consumer reading the output never sees half a line.
enum OutputLines {
  /// The gate: idle, a line being written, or closed for good.
  private static let state = Atomic<Int>(idle)
  private static let idle = 0
  private static let writing = 1
  private static let closed = 2
  /// Set by ``close(waitingUpTo:)`` first, so a line waiting for room gives up.
  private static let closing = Atomic<Bool>(false)

  /// Writes `line` (ending in `\n`) to standard output whole, unless the gate is closed (the
  /// process is ending; the line is dropped).
  ///
  /// - Throws: ``WriteError`` when standard output cannot be written (a closed pipe, a full
  ///   disk); `CancellationError` when the task was cancelled or the process is ending while
  ///   the line waited for room in the pipe (the line is dropped).
  static func write(_ line: [UInt8]) throws {
    guard state.compareExchange(expected: idle, desired: writing, ordering: .acquiring).exchanged
    else { return }
    defer { state.store(idle, ordering: .releasing) }
    guard
      PipeRoom.wait(
        for: line.count, giveUp: { Task.isCancelled || closing.load(ordering: .relaxed) })
    else { throw CancellationError() }
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

  /// Waits (at most `limit`) for the line being written, then closes the gate. A line waiting
  /// for room in the pipe is dropped at once.
  static func close(waitingUpTo limit: Duration = .seconds(2)) {
    closing.store(true, ordering: .relaxed)
    let deadline = ContinuousClock.now + limit
    while !state.compareExchange(expected: idle, desired: closed, ordering: .acquiring).exchanged {
      if state.load(ordering: .relaxed) == closed || ContinuousClock.now >= deadline { return }
      usleep(1000)
    }
  }
}

/// Room in the pipe on standard output, where the system tells it (Linux).
///
/// A Linux pipe is a ring of page-sized slots, and a write that does not fit in the last
/// slot's free end takes whole new slots (`pipe_write`), so its free bytes (size less
/// `FIONREAD`) overstate its room. The ledger keeps the length of each line written that the
/// reader has not yet taken in full (the bytes taken are those written less those unread) and
/// counts each at its most slots, `ceil(length / page) + 1`: a line starts only when its own
/// most slots are free. Another process writing to the same pipe would spoil the count; the
/// worst then is a write that blocks, as without the ledger.
private enum PipeRoom {
  /// `fcntl` commands `F_SETPIPE_SZ` and `F_GETPIPE_SZ` (Linux's `F_LINUX_SPECIFIC_BASE` + 7 and
  /// + 8, `fcntl(2)`), which Glibc declares only under `_GNU_SOURCE`.
  private static let setPipeSize: Int32 = 1031
  private static let getPipeSize: Int32 = 1032

  /// The lines in the pipe, oldest first, and the bytes written in all.
  private struct Ledger {
    var lines: [Int] = []
    var first = 0
    var written = 0
    var taken = 0
  }
  private static let ledger = Mutex(Ledger())
  private static let page = max(1, sysconf(Int32(_SC_PAGESIZE)))

  /// Whether standard output is a pipe whose room can be measured (checked once).
  private static let measurable: Bool = {
    #if os(Linux)
      var info = stat()
      return fstat(STDOUT_FILENO, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        && fcntl(STDOUT_FILENO, getPipeSize) > 0
    #else
      return false
    #endif
  }()

  /// The most slots a write of `count` bytes takes.
  private static func slots(_ count: Int) -> Int { (count + page - 1) / page + 1 }

  /// Waits until a line of `count` bytes fits in the pipe without blocking, and books it as
  /// written; false when `giveUp` says so first. True at once when standard output is not a
  /// measurable pipe.
  static func wait(for count: Int, giveUp: () -> Bool) -> Bool {
    #if os(Linux)
      guard measurable else { return true }
      var size = Int(fcntl(STDOUT_FILENO, getPipeSize))
      if slots(count) * page > size {
        // Enlarged to hold the line (unprivileged up to /proc/sys/fs/pipe-max-size, 1 MiB);
        // if that is refused the line is written as before, possibly blocking.
        let enlarged = Int(fcntl(STDOUT_FILENO, setPipeSize, Int32(clamping: slots(count) * page)))
        guard enlarged >= slots(count) * page else { return true }
        size = enlarged
      }
      while true {
        var unread: Int32 = 0
        guard ioctl(STDOUT_FILENO, UInt(FIONREAD), &unread) == 0 else { return true }
        let fits = ledger.withLock { ledger in
          // Lines the reader has taken in full leave the ledger.
          let taken = ledger.written - Int(unread)
          while ledger.first < ledger.lines.count,
            ledger.taken + ledger.lines[ledger.first] <= taken
          {
            ledger.taken += ledger.lines[ledger.first]
            ledger.first += 1
          }
          if ledger.first > 1024 {
            ledger.lines.removeFirst(ledger.first)
            ledger.first = 0
          }
          let used = ledger.lines[ledger.first...].reduce(0) { $0 + slots($1) }
          guard (size / page) - used >= slots(count) else { return false }
          ledger.lines.append(count)
          ledger.written += count
          return true
        }
        if fits { return true }
        if giveUp() { return false }
        usleep(2000)
      }
    #else
      return true
    #endif
  }
}
