import Foundation
import Synchronization
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// Decoded pixels in flight stay under the run's memory budget (issue: decompression bombs
/// multiplied by jobs).
@Suite("ThemeEngine memory budget")
struct MemoryBudgetTests {
  /// `count` different 32x32 sprites (4,096 bytes decoded each).
  static func sprites(_ count: Int) throws -> [SpriteInput] {
    try (0..<count).map { i in
      let image = SyntheticSprites.noise(width: 32, height: 32, seed: UInt64(i))
      return SpriteInput(
        name: "s\(i)", source: .file(FilePath("s\(i).png")), bytes: try PNGEncoder.encode(image))
    }
  }

  /// Runs `count` sprites through an engine of 4 jobs under `budget` with the jobs held where
  /// they hold their share, until every job the engine started is either held or waiting for
  /// room; checks that exactly `allowed` are held and the others wait, then lets them all go.
  /// Returns the index and the most jobs ever held at once.
  static func runHeld(
    _ options: ThemeEngine.Options, budget: MemoryBudget, count: Int, allowed: Int
  ) async throws -> (index: BatchIndex, peak: Int) {
    let gate = JobGate()
    let engine = ThemeEngine(options: options)
    let sprites = try sprites(count)
    async let run = engine.run(
      AsyncStream(inputs: sprites), memory: budget, holdingMemory: { await gate.pass() })
    // Every job started (`jobs` of them) has either taken its share and is held at the gate,
    // or waits in the budget's line; a budget that lets everyone in holds them all. The
    // deadline only catches a hang: in a full run on two cores the jobs may wait minutes for
    // a thread of the cooperative pool.
    let deadline = ContinuousClock.now + .seconds(600)
    while gate.holding + budget.waitingCount < options.jobs, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(gate.holding + budget.waitingCount == options.jobs, "the jobs never all started")
    #expect(gate.holding == allowed, "jobs holding a share at once")
    #expect(budget.waitingCount == options.jobs - allowed, "jobs waiting for room")
    gate.open()
    return (try await run, gate.peak)
  }

  @Test("a budget that fits one sprite runs the jobs one at a time, whatever jobs is")
  func oneAtATime() async throws {
    let directory = try TemporaryDirectory()
    let options = ThemeEngine.Options(
      outputDirectory: FilePath(directory.url.path), jobs: 4, maxMemory: 4096)
    let budget = MemoryBudget(limit: 4096)
    let (index, peak) = try await Self.runHeld(options, budget: budget, count: 12, allowed: 1)
    #expect(index.entries.count == 12)
    #expect(peak == 1)
    #expect(budget.peak == 4096)
  }

  @Test("a budget for three sprites never holds more, and thumbnails count too")
  func neverOver() async throws {
    let directory = try TemporaryDirectory()
    // Each job: 32x32 and a 16x16 thumbnail, (1024 + 256) x 4 = 5120 bytes. The budget has
    // room for four images without thumbnails (4 x 4096), but for three with them.
    let options = ThemeEngine.Options(
      outputDirectory: FilePath(directory.url.path), jobs: 4, thumbnailSizes: [16])
    let budget = MemoryBudget(limit: 4 * 4096)
    let (index, peak) = try await Self.runHeld(options, budget: budget, count: 24, allowed: 3)
    #expect(index.entries.count == 24)
    #expect(peak == 3)
    #expect(budget.peak == 3 * 5120)
  }

  @Test("an image bigger than the whole budget still runs, alone")
  func biggerThanBudget() async throws {
    let directory = try TemporaryDirectory()
    let engine = ThemeEngine(
      options: .init(outputDirectory: FilePath(directory.url.path), jobs: 3, maxMemory: 100))
    let budget = MemoryBudget(limit: 100)
    let index = try await engine.run(AsyncStream(inputs: try Self.sprites(6)), memory: budget)
    #expect(index.entries.count == 6)
    #expect(budget.peak == 100)
  }

  @Test("waiting jobs are served in order as room frees up")
  func firstComeFirstServed() async {
    let budget = MemoryBudget(limit: 10)
    let order = Log()
    #expect(await budget.acquire(8) == 8)
    await withTaskGroup(of: Void.self) { group in
      for (i, amount) in [5, 1, 30].enumerated() {
        group.addTask {
          let taken = await budget.acquire(amount)
          order.entries.withLock { $0.append(i) }
          budget.release(taken)
        }
        // Each request is queued before the next one is made (bounded, so a budget that never
        // makes anyone wait fails rather than hangs).
        for _ in 0..<1_000_000 where budget.waitingCount < i + 1 { await Task.yield() }
      }
      budget.release(8)
    }
    // The 1-byte request fitted beside the first 8 but waited its turn behind the 5.
    #expect(order.entries.withLock { $0 } == [0, 1, 2])
    #expect(budget.peak == 10)
  }

  @Test("a thumbnail over the pixel limits is refused with the reason, as decoding would be")
  func thumbnailLimit() async throws {
    let directory = try TemporaryDirectory()
    let limits = PNGDecoder.Limits(maxSide: 64, maxPixels: 64 * 32)
    let pipeline = ThemePipeline(configuration: .init(limits: limits))
    let engine = ThemeEngine(
      options: .init(
        outputDirectory: FilePath(directory.url.path), thumbnailSizes: [32, 64], pipeline: pipeline)
    )
    let index = try await engine.run(AsyncStream(inputs: try Self.sprites(1)))
    #expect(index.entries.isEmpty)
    #expect(index.errors.first?.stage == "encode")
    #expect(
      index.errors.first?.message
        == "thumbnail size 64 makes a 64x64 image, over the limit of 64 pixels per side and 2048 pixels in total"
    )
    // The same limits pass a thumbnail that fits them.
    let sprite = try pipeline.analyze(bytes: try #require(Self.sprites(1).first?.bytes), name: "s")
    #expect(throws: Never.self) {
      try pipeline.thumbnailPNG(of: sprite.image, size: 32, source: "s")
    }
  }
}

/// Where the test holds the engine's jobs once each holds its share of the memory budget:
/// counts the jobs held at once (and the most ever), and lets them go when the test opens it.
final class JobGate: Sendable {
  private struct State {
    var holding = 0
    var peak = 0
    var isOpen = false
    var held = [CheckedContinuation<Void, Never>]()
  }

  private let state = Mutex(State())

  /// The jobs at the gate now.
  var holding: Int { state.withLock { $0.holding } }

  /// The most jobs ever at the gate at once.
  var peak: Int { state.withLock { $0.peak } }

  /// Called by a job: counted while it waits here, until the gate is open.
  func pass() async {
    state.withLock {
      $0.holding += 1
      $0.peak = max($0.peak, $0.holding)
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let go = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.held.append(continuation)
        return false
      }
      if go { continuation.resume() }
    }
    state.withLock { $0.holding -= 1 }
  }

  /// Lets the held jobs go, and every later one through.
  func open() {
    let held = state.withLock { state in
      state.isOpen = true
      defer { state.held = [] }
      return state.held
    }
    for continuation in held { continuation.resume() }
  }
}

/// Numbers appended from several tasks.
final class Log: Sendable {
  /// The numbers in the order they were appended.
  let entries = Mutex<[Int]>([])
}
