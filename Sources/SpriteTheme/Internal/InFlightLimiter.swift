/// Bounds the operations in flight between one submitting task and completions that arrive on
/// other threads. The task waits only when `limit` are in flight, and is woken once half of them
/// have finished, not on every completion: each wake-up is a hop between threads.
final class InFlightLimiter: Sendable {
  private struct State {
    var count = 0
    var acquirer: UnsafeContinuation<Void, Never>?
    var drainer: UnsafeContinuation<Void, Never>?
  }

  private let state = Locked(State())
  private let limit: Int

  /// Creates a limiter allowing `limit` (at least 1) operations at once.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Takes a slot, waiting while all are taken (until half are free again). One task at a time.
  func acquire() async {
    let taken = state.withLock { state -> Bool in
      guard state.count < limit else { return false }
      state.count += 1
      return true
    }
    if taken { return }
    await withUnsafeContinuation { continuation in
      let takenNow = state.withLock { state -> Bool in
        guard state.count < limit else {
          state.acquirer = continuation
          return false
        }
        state.count += 1
        return true
      }
      if takenNow { continuation.resume() }
    }
  }

  /// Gives a slot back; safe from any thread.
  func release() {
    let (acquirer, drainer) = state.withLock {
      state -> (UnsafeContinuation<Void, Never>?, UnsafeContinuation<Void, Never>?) in
      state.count -= 1
      var acquirer: UnsafeContinuation<Void, Never>?
      if state.count <= limit / 2, let waiting = state.acquirer {
        state.acquirer = nil
        state.count += 1
        acquirer = waiting
      }
      var drainer: UnsafeContinuation<Void, Never>?
      if state.count == 0, let waiting = state.drainer {
        state.drainer = nil
        drainer = waiting
      }
      return (acquirer, drainer)
    }
    acquirer?.resume()
    drainer?.resume()
  }

  /// Waits until every slot is free. One task at a time.
  func drain() async {
    if state.withLock({ $0.count == 0 }) { return }
    await withUnsafeContinuation { continuation in
      let doneNow = state.withLock { state -> Bool in
        guard state.count > 0 else { return true }
        state.drainer = continuation
        return false
      }
      if doneNow { continuation.resume() }
    }
  }
}
