import Foundation
import Testing

@testable import SpriteTheme

/// The thread that writes `fetch --download-only`'s sprites off the transfer thread.
@Suite("WriteBehind")
struct WriteBehindTests {
  /// What the jobs did, in the order they did it, and on which threads.
  private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Int] = []
    private var threads: Set<UInt> = []

    func record(_ value: Int) {
      let thread = currentThread()
      lock.withLock {
        entries.append(value)
        threads.insert(thread)
      }
    }

    var values: [Int] { lock.withLock { entries } }
    var threadIDs: Set<UInt> { lock.withLock { threads } }
  }

  @Test("jobs run once each, in submission order, on one thread other than the caller's")
  func runsInOrder() {
    let writer = WriteBehind(maxPendingBytes: 1 << 20, name: "test.write-behind")
    let log = Log()
    for index in 0..<2_000 {
      #expect(writer.submit(bytes: 100) { log.record(index) })
    }
    writer.drain()
    #expect(log.values == Array(0..<2_000))
    #expect(log.threadIDs.count == 1)
    #expect(!log.threadIDs.contains(currentThread()))
    writer.shutdown()
  }

  @Test("jobs submitted from several threads at once all run exactly once")
  func concurrentSubmitters() {
    let writer = WriteBehind(maxPendingBytes: 1 << 30, name: "test.write-behind")
    let log = Log()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<1_000 {
        let value = thread * 1_000 + index
        #expect(writer.submit(bytes: 1) { log.record(value) })
      }
    }
    writer.drain()
    #expect(log.values.sorted() == Array(0..<4_000))
    // Each submitter's own jobs keep their order.
    for thread in 0..<4 {
      let own = log.values.filter { $0 / 1_000 == thread }
      #expect(own == own.sorted())
    }
    writer.shutdown()
  }

  @Test("the queue refuses a job past its byte bound (one job is always taken) until it drains")
  func boundedByBytes() {
    let writer = WriteBehind(maxPendingBytes: 1_000, name: "test.write-behind")
    let release = DispatchSemaphore(value: 0)
    let log = Log()
    // Larger than the bound, but the queue is empty: taken; it holds the thread until released.
    #expect(writer.submit(bytes: 5_000) {
      release.wait()
      log.record(0)
    })
    #expect(!writer.submit(bytes: 1) { log.record(-1) })
    release.signal()
    writer.drain()
    #expect(writer.submit(bytes: 600) { log.record(1) })
    writer.drain()
    // 600 + 600 > 1,000 while the first is pending: hold the thread so both stay queued.
    let hold = DispatchSemaphore(value: 0)
    #expect(writer.submit(bytes: 600) {
      hold.wait()
      log.record(2)
    })
    #expect(!writer.submit(bytes: 600) { log.record(-2) })
    #expect(writer.submit(bytes: 400) { log.record(3) })
    hold.signal()
    writer.drain()
    #expect(log.values == [0, 1, 2, 3])
    writer.shutdown()
  }

  @Test("after shutdown nothing is queued: the caller runs the job itself")
  func refusesAfterShutdown() {
    let writer = WriteBehind(maxPendingBytes: 1 << 20, name: "test.write-behind")
    let log = Log()
    #expect(writer.submit(bytes: 1) { log.record(1) })
    writer.drain()
    writer.shutdown()
    #expect(!writer.submit(bytes: 1) { log.record(2) })
    writer.drain()
    #expect(log.values == [1])
  }

  @Test("a writer that never got a job drains and shuts down at once")
  func idle() {
    let writer = WriteBehind(maxPendingBytes: 1 << 20, name: "test.write-behind")
    writer.drain()
    writer.shutdown()
    #expect(!writer.submit(bytes: 1) {})
  }
}

/// The calling thread's `pthread_t`, as a number.
private func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
