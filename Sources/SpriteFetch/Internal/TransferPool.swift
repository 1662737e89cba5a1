/// Idle easy handles kept for reuse, so later transfers reuse their open connections.
final class TransferPool: @unchecked Sendable {
  private let lock = ThreadLock()
  private var idle: [CurlTransfer] = []
  private let capacity: Int

  /// Creates a pool keeping at most `capacity` idle handles.
  init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Takes an idle handle or makes a new one; nil when libcurl cannot allocate one.
  func checkOut() -> CurlTransfer? {
    let reused: CurlTransfer? = lock.withLock { idle.popLast() }
    return reused ?? CurlTransfer()
  }

  /// Returns a handle for reuse (dropped when the pool is full).
  func checkIn(_ transfer: CurlTransfer) {
    lock.withLock { if idle.count < capacity { idle.append(transfer) } }
  }
}

/// A thread-safe running total of connections opened.
final class ConnectionCounter: @unchecked Sendable {
  private let lock = ThreadLock()
  private var total = 0

  /// Adds `count` connections.
  func add(_ count: Int) { lock.withLock { total += count } }

  /// The total so far.
  var value: Int { lock.withLock { total } }
}
