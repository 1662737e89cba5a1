import Foundation
import Testing

@testable import SpriteFetch

/// The POSIX thread helpers that replace Foundation's `Thread`, `NSLock` and `NSCondition`.
@Suite("Threads")
struct ThreadsTests {
  /// A counter that is only safe when every access holds the lock.
  private final class Counter: @unchecked Sendable {
    let lock = ThreadLock()
    var value = 0
  }

  @Test("detached threads run their bodies, and the lock makes their increments exact")
  func lockedIncrements() {
    let counter = Counter()
    let done = ThreadCondition()
    nonisolated(unsafe) var finished = 0
    let threads = 4
    let increments = 20_000
    for index in 0..<threads {
      let started = DetachedThread.start(name: "test.\(index)", stackSize: 1 << 20) {
        for _ in 0..<increments { counter.lock.withLock { counter.value += 1 } }
        done.withLock {
          finished += 1
          done.broadcast()
        }
      }
      #expect(started)
    }
    done.withLock {
      while finished < threads { done.wait() }
    }
    #expect(counter.value == threads * increments)
  }

  @Test("a handoff gives its waiter the first value put; later puts are refused")
  func handoffFirstValueWins() {
    let handoff = ThreadHandoff<Int>()
    let second = ThreadHandoff<Bool>()
    let started = DetachedThread.start(name: "test.handoff") {
      usleep(20_000)
      handoff.put(7)
      second.put(handoff.put(8))
    }
    #expect(started)
    #expect(handoff.take() == 7)
    #expect(second.take() == false)
    #expect(handoff.take() == 7)
  }

  @Test("a countdown's wait returns only after every thread that entered has left")
  func countdownWaitsForAll() {
    let countdown = ThreadCountdown()
    let counter = Counter()
    let threads = 6
    for index in 0..<threads {
      countdown.enter()
      let started = DetachedThread.start(name: "countdown.\(index)", stackSize: 1 << 20) {
        // Later threads take longer, so a wait that returned early would miss their work.
        for _ in 0..<(5_000 * (index + 1)) { counter.lock.withLock { counter.value += 1 } }
        countdown.leave()
      }
      #expect(started)
    }
    countdown.wait()
    #expect(counter.lock.withLock { counter.value } == 5_000 * threads * (threads + 1) / 2)
    // Nothing entered: returns at once.
    ThreadCountdown().wait()
  }
}
