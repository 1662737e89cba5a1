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
}
