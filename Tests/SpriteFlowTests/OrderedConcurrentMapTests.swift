import SpriteFlow
import Synchronization
import Testing

/// The bounded, ordered stage every pipeline runs through.
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
    var waited = 0
    // A deadline that only catches a hang: the cancellations are prompt on any machine.
    while cancelled.withLock({ $0 }) < 4 && waited < 120_000 {
      try await Task.sleep(for: .milliseconds(5))
      waited += 5
    }
    #expect(cancelled.withLock { $0 } == 4)
    #expect(started.withLock { $0 } == 4, "no transform beyond the window started")
  }

  /// A gate the test opens: every transform that reaches it waits until then.
  final class Gate: Sendable {
    private let state = Mutex((open: false, waiting: [CheckedContinuation<Void, Never>]()))
    /// Transforms waiting at the gate.
    var waiting: Int { state.withLock { $0.waiting.count } }

    func pass() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let open = state.withLock { state in
          if !state.open { state.waiting.append(continuation) }
          return state.open
        }
        if open { continuation.resume() }
      }
    }

    func open() {
      let waiting = state.withLock { state in
        state.open = true
        defer { state.waiting = [] }
        return state.waiting
      }
      for continuation in waiting { continuation.resume() }
    }
  }

  /// Waits (yielding) until `condition` holds; the ten-minute deadline only catches a hang (a
  /// full suite on a busy machine can keep every thread of the cooperative pool for minutes).
  static func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(600)
    while !condition() {
      #expect(ContinuousClock.now < deadline, "waited ten minutes")
      if ContinuousClock.now >= deadline { return }
      try await Task.sleep(for: .milliseconds(2))
    }
  }

  @Test("cancelled with .finishInFlight: the results in flight come out in order, none after")
  func finishInFlight() async throws {
    let gate = Gate()
    let pulled = Mutex(0)
    let map = OrderedConcurrentMap(Numbers(count: 100), window: 3, whenCancelled: .finishInFlight) {
      n in
      pulled.withLock { $0 = max($0, n + 1) }
      await gate.pass()
      return n * 10
    }
    let task = Task {
      var results = [Int]()
      for try await value in map { results.append(value) }
      return results
    }
    try await Self.waitUntil { gate.waiting == 3 }
    task.cancel()
    gate.open()
    #expect(try await task.value == [0, 10, 20])
    #expect(pulled.withLock { $0 } == 3, "no element was taken after the cancellation")
  }

  @Test("cancelled with .finishInFlight and a window of 1: the transform running finishes")
  func finishInFlightInline() async throws {
    let gate = Gate()
    let map = OrderedConcurrentMap(Numbers(count: 100), window: 1, whenCancelled: .finishInFlight) {
      n in
      await gate.pass()
      return n
    }
    let task = Task {
      var results = [Int]()
      for try await value in map { results.append(value) }
      return results
    }
    try await Self.waitUntil { gate.waiting == 1 }
    task.cancel()
    gate.open()
    #expect(try await task.value == [0])
  }

  @Test("a window of 1 runs each transform in the iterating task, in order")
  func inline() async throws {
    let tasks = Mutex([Int]())
    let map = OrderedConcurrentMap(Numbers(count: 5), window: 1) { n in
      tasks.withLock { $0.append(withUnsafeCurrentTask { $0?.hashValue ?? 0 }) }
      return n
    }
    var results = [Int]()
    for try await value in map { results.append(value) }
    let iterating = withUnsafeCurrentTask { $0?.hashValue ?? 0 }
    #expect(results == [0, 1, 2, 3, 4])
    #expect(tasks.withLock { $0 } == Array(repeating: iterating, count: 5))
  }

  @Test("a window wider than 1 runs the transforms in tasks of their own, at most the window")
  func windowed() async throws {
    let gate = Gate()
    let map = OrderedConcurrentMap(Numbers(count: 10), window: 4) { n in
      await gate.pass()
      return n
    }
    let task = Task {
      var results = [Int]()
      for try await value in map { results.append(value) }
      return results
    }
    try await Self.waitUntil { gate.waiting == 4 }
    #expect(gate.waiting == 4, "all four in flight at once, no fifth")
    gate.open()
    #expect(try await task.value == Array(0..<10))
  }
}

extension OrderedConcurrentMapTests {
  @Test("drain waits for the transforms in flight and takes no more elements")
  func drain() async throws {
    let gate = Gate()
    let finished = Mutex(0)
    let started = Mutex(0)
    let map = OrderedConcurrentMap(Numbers(count: 100), window: 3) { n in
      started.withLock { $0 += 1 }
      await gate.pass()
      finished.withLock { $0 += 1 }
      return n
    }
    var iterator = map.makeAsyncIterator()
    let opener = Task {
      try await Self.waitUntil { gate.waiting == 3 }
      gate.open()
    }
    #expect(try await iterator.next() == 0)
    // Those still running or waiting (at most twice the window) finish; no more start.
    await iterator.drain()
    let startedBeforeDrain = started.withLock { $0 }
    #expect(finished.withLock { $0 } == startedBeforeDrain)
    #expect((3...6).contains(startedBeforeDrain))
    #expect(try await iterator.next() == nil)
    try await opener.value
  }
}

extension OrderedConcurrentMapTests {
  @Test("a slow element does not hold the others back: the window stays full around it")
  func slowHead() async throws {
    let gate = Gate()
    let finished = Mutex([Int]())
    // Element 0 waits at the gate; the others finish at once. With a window of 2, element 0
    // holds one place and the other keeps turning over, until 3 results wait behind it (at most
    // twice the window are running or waiting).
    let map = OrderedConcurrentMap(Numbers(count: 20), window: 2) { n in
      if n == 0 { await gate.pass() }
      finished.withLock { $0.append(n) }
      return n
    }
    let task = Task {
      var results = [Int]()
      for try await value in map { results.append(value) }
      return results
    }
    try await Self.waitUntil { finished.withLock { $0.count } == 3 }
    #expect(gate.waiting == 1)
    #expect(finished.withLock { $0 } == [1, 2, 3], "later elements ran while the first waited")
    gate.open()
    #expect(try await task.value == Array(0..<20))
  }
}
