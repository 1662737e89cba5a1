import Synchronization

/// The bytes that may be in flight at once (`--max-memory`), shared by the jobs of a run: a job
/// takes its sprite's share (the file, the decoder's working memory, the decoded pixels, the
/// analysis's scratch and the thumbnails) before decoding and gives it back when done, waiting
/// in line (first come, first served) while there is not enough room. A sprite that needs more
/// than the whole budget is refused (``refusal(needing:)``), so a run never holds more than the
/// budget and a small constant.
final class MemoryBudget: Sendable {
  /// The budget in bytes.
  let limit: Int

  private struct State {
    var inUse = 0
    var peak = 0
    var waiting = [(amount: Int, resume: CheckedContinuation<Void, Never>)]()

    /// Counts `amount` more bytes in use.
    mutating func take(_ amount: Int) {
      inUse += amount
      peak = max(peak, inUse)
    }
  }

  private let state = Mutex(State())

  /// Creates a budget of `limit` bytes (at least 1).
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Why a sprite that needs `amount` bytes cannot run under this budget, or nil when it can.
  func refusal(needing amount: Int) -> String? {
    guard amount > limit else { return nil }
    return "needs \(Self.size(amount, roundingUp: true)) of memory to analyse, more than "
      + "--max-memory (\(Self.size(limit, roundingUp: false)))"
  }

  /// `bytes` in whole KiB below 1 MiB, else in whole MiB (as `--max-memory` counts them),
  /// rounded up or down, e.g. "768 MiB": a need rounded up never reads as the limit it passes.
  private static func size(_ bytes: Int, roundingUp: Bool) -> String {
    let (shift, unit) = bytes < 1 << 20 ? (10, "KiB") : (20, "MiB")
    let whole = roundingUp ? (bytes + (1 << shift) - 1) >> shift : bytes >> shift
    return "\(whole) \(unit)"
  }

  /// The most bytes ever in use at once.
  var peak: Int { state.withLock { $0.peak } }

  /// The requests waiting for room.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Takes `amount` bytes (at most ``limit``), waiting until they are free and every earlier
  /// request was served; returns the amount taken, to give back with ``release(_:)``.
  func acquire(_ amount: Int) async -> Int {
    let amount = min(max(0, amount), limit)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        guard state.waiting.isEmpty, state.inUse + amount <= limit else {
          state.waiting.append((amount, continuation))
          return false
        }
        state.take(amount)
        return true
      }
      if ready { continuation.resume() }
    }
    return amount
  }

  /// Gives back `amount` bytes taken with ``acquire(_:)`` and lets the waiting jobs in that fit.
  func release(_ amount: Int) {
    let ready = state.withLock { state in
      state.inUse -= amount
      var ready = [CheckedContinuation<Void, Never>]()
      while let next = state.waiting.first, state.inUse + next.amount <= limit {
        state.waiting.removeFirst()
        state.take(next.amount)
        ready.append(next.resume)
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }
}
