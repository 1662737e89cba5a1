import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The pump that runs `fetch --download-only`'s downloads.
@Suite("OperationPump")
struct OperationPumpTests {
  /// Operations running at once, and the most seen.
  private final class Running: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var most = 0
    private var order: [Int] = []

    func start(_ index: Int) {
      lock.withLock {
        count += 1
        most = max(most, count)
        order.append(index)
      }
    }

    func end() { lock.withLock { count -= 1 } }

    var peak: Int { lock.withLock { most } }
    var started: [Int] { lock.withLock { order } }
  }

  @Test("never more than the limit at once, started in queue order, and drain waits for all")
  func boundsOrdersAndDrains() async throws {
    let pump = OperationPump(limit: 4)
    let running = Running()
    for index in 0..<300 {
      pump.enqueue {
        running.start(index)
        DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(Int.random(in: 0..<300)))
        {
          running.end()
          pump.finished()
        }
      }
    }
    try await offPool { pump.drain() }
    #expect(running.started == Array(0..<300))
    #expect(running.peak <= 4)
    #expect(running.peak >= 2)
  }

  @Test("operations that finish inside their own start run in a loop, not on a deeper stack")
  func synchronousFinishes() async throws {
    let pump = OperationPump(limit: 2)
    let count = Locked(0)
    // Recursion of this depth would overflow the stack of a test thread.
    for _ in 0..<200_000 {
      pump.enqueue {
        count.withLock { $0 += 1 }
        pump.finished()
      }
    }
    try await offPool { pump.drain() }
    #expect(count.withLock { $0 } == 200_000)
  }

  @Test("the thread that finishes an operation starts the next one")
  func nextStartsOnFinishingThread() async throws {
    let pump = OperationPump(limit: 1)
    let threads = Locked([String]())
    let queue = DispatchQueue(label: "finisher")
    let finisherKey = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: finisherKey, value: true)
    // Nothing finishes before all five are queued, so only the first starts on this thread.
    queue.suspend()
    for _ in 0..<5 {
      pump.enqueue {
        threads.withLock {
          $0.append(DispatchQueue.getSpecific(key: finisherKey) == true ? "finisher" : "other")
        }
        queue.async { pump.finished() }
      }
    }
    queue.resume()
    try await offPool { pump.drain() }
    #expect(threads.withLock { $0 } == ["other", "finisher", "finisher", "finisher", "finisher"])
  }

  @Test("drain returns at once when nothing was queued")
  func emptyDrain() async throws {
    try await offPool { OperationPump(limit: 3).drain() }
  }
}
