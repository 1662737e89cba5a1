import SpriteFetch

/// Runs queued operations, at most `limit` at a time, started by whichever thread finishes one.
///
/// A submitting thread only queues; it never waits for a slot. When an operation calls
/// ``finished()`` (on any thread: for `CurlDataLoader`, the transfer thread), that thread starts
/// the next one itself, so no thread hops per operation: `fetch --download-only` then runs
/// transfers and the next requests on the transfer thread alone, as curl does. One thread
/// at a time starts operations (a loop, not recursion), so operations that finish at once, inside
/// their own start (a fresh sprite kept from the cache), cannot deepen the stack.
final class OperationPump: Sendable {
  private struct State {
    var queue: [@Sendable () -> Void] = []
    var head = 0
    var running = 0
    var pumping = false

    var isIdle: Bool { running == 0 && head == queue.count }
  }

  private let state = Locked(State())
  /// Where ``drain()`` waits; signalled by the operation that leaves the pump idle.
  private let idle = ThreadCondition()
  private let limit: Int

  /// Creates a pump running at most `limit` (at least 1) operations at once.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Queues `operation`, which starts once fewer than `limit` run and must call ``finished()``
  /// exactly once, from any thread, possibly before it returns.
  func enqueue(_ operation: @escaping @Sendable () -> Void) {
    state.withLock { $0.queue.append(operation) }
    pump()
  }

  /// Records that an operation has ended, and starts queued ones on this thread.
  func finished() {
    let isIdle = state.withLock { state -> Bool in
      state.running -= 1
      return state.isIdle
    }
    // Taken after the state's lock: a drainer either saw the pump busy and now waits, or has
    // not looked yet and will see it idle.
    if isIdle { idle.withLock { idle.broadcast() } }
    pump()
  }

  /// Waits until every queued operation has started and finished. Call it once nothing more
  /// will be queued.
  func drain() {
    idle.withLock {
      while !state.withLock({ $0.isIdle }) { idle.wait() }
    }
  }

  /// Starts operations while there is room, unless another thread is already doing so: that
  /// thread re-reads the state under the lock after each start, so it sees this call's change.
  private func pump() {
    let mine = state.withLock { state -> Bool in
      if state.pumping { return false }
      state.pumping = true
      return true
    }
    guard mine else { return }
    while let operation = next() { operation() }
  }

  /// The next operation to start, counted as running; nil, and the pump released, when none can.
  private func next() -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard state.running < limit, state.head < state.queue.count else {
        state.pumping = false
        return nil
      }
      let operation = state.queue[state.head]
      state.head += 1
      state.running += 1
      if state.head == state.queue.count {
        state.queue.removeAll(keepingCapacity: true)
        state.head = 0
      }
      return operation
    }
  }
}
