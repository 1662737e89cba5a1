import Synchronization

/// A counter a test can wait on: `reach(_:)` suspends until the count gets there, so a test
/// acts when something has happened (a request arrived, a load started), never after a guessed
/// pause.
final class AwaitableCount: Sendable {
  private struct State {
    var value = 0
    var nextID = 0
    var waiters: [Int: (target: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
    var expired: Set<Int> = []
  }

  private let state = Mutex(State())

  /// The count so far.
  var value: Int { state.withLock { $0.value } }

  /// Adds one and resumes the waits that it satisfies.
  func increment() {
    let ready = state.withLock { state in
      state.value += 1
      let done = state.waiters.filter { $0.value.target <= state.value }
      for id in done.keys { state.waiters[id] = nil }
      return done.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume(returning: true) }
  }

  /// Waits until the count is at least `target`; false when `limit` passes first. The limit only
  /// catches a hang (what was awaited never happened), so it is far longer than any busy machine
  /// needs.
  func reach(_ target: Int, within limit: Duration = .seconds(120)) async -> Bool {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    let timer = Task {
      do { try await Task.sleep(for: limit) } catch { return }
      expire(id)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let outcome = state.withLock { state -> Bool? in
        if state.value >= target { return true }
        if state.expired.remove(id) != nil { return false }
        state.waiters[id] = (target, continuation)
        return nil
      }
      if let outcome { continuation.resume(returning: outcome) }
    }
  }

  private func expire(_ id: Int) {
    let waiter = state.withLock { state in
      let waiter = state.waiters.removeValue(forKey: id)
      if waiter == nil { state.expired.insert(id) }
      return waiter
    }
    waiter?.continuation.resume(returning: false)
  }
}
