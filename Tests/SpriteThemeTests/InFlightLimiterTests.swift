import Foundation
import Testing

@testable import SpriteTheme

/// The limiter that bounds `fetch --download-only`'s transfers in flight.
@Suite("InFlightLimiter")
struct InFlightLimiterTests {
  /// Slots held by a test, released from other threads.
  private final class Held: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var most = 0

    func take() {
      lock.withLock {
        count += 1
        most = max(most, count)
      }
    }

    func give() { lock.withLock { count -= 1 } }

    var peak: Int { lock.withLock { most } }
  }

  @Test("never more than the limit in flight, and drain waits for every release")
  func boundsAndDrains() async {
    let limiter = InFlightLimiter(limit: 4)
    let held = Held()
    let finished = Locked(0)
    for _ in 0..<200 {
      await limiter.acquire()
      held.take()
      DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(Int.random(in: 0..<200))) {
        held.give()
        finished.withLock { $0 += 1 }
        limiter.release()
      }
    }
    await limiter.drain()
    #expect(finished.withLock { $0 } == 200)
    #expect(held.peak <= 4)
    #expect(held.peak >= 1)
  }

  @Test("a waiting acquirer is woken once half the slots are free, not at the first release")
  func wakesAtHalf() async throws {
    let limiter = InFlightLimiter(limit: 4)
    for _ in 0..<4 { await limiter.acquire() }
    let woken = Locked(false)
    let waiter = Task {
      await limiter.acquire()
      woken.withLock { $0 = true }
    }
    try await Task.sleep(for: .milliseconds(50))
    limiter.release()
    try await Task.sleep(for: .milliseconds(50))
    #expect(woken.withLock { $0 } == false, "3 of 4 still in flight")
    limiter.release()
    await waiter.value
    #expect(woken.withLock { $0 })
    for _ in 0..<3 { limiter.release() }
    await limiter.drain()
  }
}
