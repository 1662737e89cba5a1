import SpriteFetch

/// A value behind a lock, for state shared between worker threads (macOS 13 has no `Mutex`).
final class Locked<Value>: @unchecked Sendable {
  private let lock = ThreadLock()
  private var value: Value

  /// Wraps `value`.
  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
