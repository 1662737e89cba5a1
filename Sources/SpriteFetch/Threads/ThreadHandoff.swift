/// A value one thread hands to another that waits for it: the first ``put(_:)`` wins and wakes
/// ``take()``; later ones are ignored. The blocking forms of completion-style calls wait on one.
package final class ThreadHandoff<Value>: @unchecked Sendable {
  private let condition = ThreadCondition()
  // Guarded by `condition`.
  private var value: Value?

  /// Creates an empty handoff.
  package init() {}

  /// Stores `value` and wakes the waiter, unless a value was stored already; true if this one was.
  @discardableResult
  package func put(_ value: Value) -> Bool {
    condition.withLock {
      guard self.value == nil else { return false }
      self.value = value
      condition.broadcast()
      return true
    }
  }

  /// Waits until a value is stored and returns it.
  package func take() -> Value {
    condition.withLock {
      while value == nil { condition.wait() }
      return value!
    }
  }
}
