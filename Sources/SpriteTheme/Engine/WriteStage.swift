import Dispatch
import Synchronization

/// The file writes of a ``ThemeEngine`` run as a stage of their own: one serial queue writes each
/// sprite's files in the order they are handed over, off the CPU workers (a job that has
/// analysed a sprite goes on to the next instead of waiting for the disk) and outside the pixel
/// budget (the pixels are given back before the files are written). At most `depth` sprites'
/// files wait, so a slow disk holds the analysis back instead of filling memory.
///
/// After the first failed write nothing more is written; ``submit(_:)`` and ``finish()`` report
/// that failure.
final class WriteStage: Sendable {
  /// The queue that runs the writes, one at a time (Dispatch's threads, not the cooperative
  /// pool the analysis runs on).
  private let queue = DispatchQueue(label: "SpriteTheme.WriteStage")
  /// Room for the writes that wait: one unit each.
  private let room: MemoryBudget
  /// The first failure; nothing is written after it.
  private let failure = Mutex<ThemeEngine.Fatal?>(nil)

  /// Creates a stage in which at most `depth` (at least 1) writes wait at once.
  init(depth: Int) {
    room = MemoryBudget(limit: max(1, depth))
  }

  /// The submissions waiting for room.
  var waitingCount: Int { room.waitingCount }

  /// Hands `write` to the queue, waiting while `depth` writes wait already; returns the first
  /// failure of the writes so far (then `write` is not run), nil otherwise.
  func submit(
    _ write: @escaping @Sendable () throws(ThemeEngine.Fatal) -> Void
  ) async -> ThemeEngine.Fatal? {
    let slot = await room.acquire(1)
    if let failure = failure.withLock({ $0 }) {
      room.release(slot)
      return failure
    }
    queue.async { [self] in
      if failure.withLock({ $0 }) == nil {
        do throws(ThemeEngine.Fatal) {
          try write()
        } catch {
          failure.withLock { $0 = $0 ?? error }
        }
      }
      room.release(slot)
    }
    return nil
  }

  /// Waits until every write handed over has run; returns the first failure, if any.
  func finish() async -> ThemeEngine.Fatal? {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async { done.resume() }
    }
    return failure.withLock { $0 }
  }
}
