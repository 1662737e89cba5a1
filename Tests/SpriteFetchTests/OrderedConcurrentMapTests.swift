import Synchronization
import Testing

@testable import SpriteFetch

/// The bounded, ordered stage the crawl and the downloads run through.
@Suite("OrderedConcurrentMap")
struct OrderedConcurrentMapTests {
  /// The numbers 0..<count as an async sequence that fails at `failAt`, if given.
  struct Numbers: AsyncSequence, Sendable {
    struct Broken: Error {}
    let count: Int
    var failAt: Int? = nil

    struct AsyncIterator: AsyncIteratorProtocol {
      var next = 0
      let count: Int
      let failAt: Int?

      mutating func next() async throws -> Int? {
        guard next < count else { return nil }
        if next == failAt { throw Broken() }
        defer { next += 1 }
        return next
      }
    }

    func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(count: count, failAt: failAt)
    }
  }

  /// Counts transforms running at once.
  final class Gauge: Sendable {
    private let state = Mutex((now: 0, peak: 0))
    var peak: Int { state.withLock { $0.peak } }
    func enter() { state.withLock { $0 = ($0.now + 1, max($0.peak, $0.now + 1)) } }
    func leave() { state.withLock { $0.now -= 1 } }
  }

  @Test("results come in base order whatever order the transforms finish in")
  func order() async throws {
    let gauge = Gauge()
    let map = OrderedConcurrentMap(Numbers(count: 40), window: 6) { n in
      gauge.enter()
      defer { gauge.leave() }
      try? await Task.sleep(for: .milliseconds((40 - n) % 7))
      return n * 10
    }
    var results: [Int] = []
    for try await value in map { results.append(value) }
    #expect(results == (0..<40).map { $0 * 10 })
    #expect(gauge.peak <= 6 && gauge.peak > 1, "peak \(gauge.peak)")
  }

  @Test("a base error is thrown after the results before it")
  func baseError() async throws {
    let map = OrderedConcurrentMap(Numbers(count: 10, failAt: 4), window: 3) { $0 }
    var results: [Int] = []
    await #expect(throws: Numbers.Broken.self) {
      for try await value in map { results.append(value) }
    }
    #expect(results == [0, 1, 2, 3])
  }

  @Test("cancelling the iterating task cancels the transforms in flight")
  func cancellation() async throws {
    let cancelled = Mutex(0)
    let started = Mutex(0)
    let map = OrderedConcurrentMap(Numbers(count: 100), window: 4) { _ in
      started.withLock { $0 += 1 }
      do {
        try await Task.sleep(for: .seconds(3600))
      } catch {
        cancelled.withLock { $0 += 1 }
      }
      return 0
    }
    let task = Task {
      for try await _ in map {}
    }
    while started.withLock({ $0 }) < 4 { try await Task.sleep(for: .milliseconds(5)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    // Up to two minutes, which only a hang exceeds: the transforms' ends wait for a thread of
    // the cooperative pool, which a busy machine's other suites may hold for long.
    let deadline = ContinuousClock.now + .seconds(120)
    while cancelled.withLock({ $0 }) < 4 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(cancelled.withLock { $0 } == 4)
    #expect(started.withLock { $0 } == 4, "no transform beyond the window started")
  }
}
