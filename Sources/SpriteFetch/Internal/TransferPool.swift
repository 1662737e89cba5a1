import Foundation

/// Idle easy handles kept for reuse, so later transfers reuse their open connections.
final class TransferPool: @unchecked Sendable {
  private let lock = NSLock()
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

/// An async counting semaphore bounding how many transfers run at once.
actor TransferLimiter {
  private var available: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Creates a limiter allowing `limit` holders at once.
  init(limit: Int) { available = max(1, limit) }

  /// Waits for a free slot.
  func acquire() async {
    if available > 0 {
      available -= 1
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Frees a slot, handing it straight to the oldest waiter if there is one.
  func release() {
    if waiters.isEmpty { available += 1 } else { waiters.removeFirst().resume() }
  }
}

/// Runs blocking work on a fresh thread, off Swift's cooperative pool, and awaits its result.
func runOnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: work()) }
    thread.name = "SpriteFetch.curl"
    thread.start()
  }
}

/// A thread-safe running total of connections opened.
final class ConnectionCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var total = 0

  /// Adds `count` connections.
  func add(_ count: Int) { lock.withLock { total += count } }

  /// The total so far.
  var value: Int { lock.withLock { total } }
}
