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

  /// The smallest and largest share of the budget `sprites` need in a run with `options`.
  static func shares(
    _ sprites: [SpriteInput], _ options: ThemeEngine.Options
  ) -> ClosedRange<Int> {
    let shares = sprites.map {
      SpriteJob.memoryBytes(
        of: $0.bytes ?? [], pipeline: options.pipeline, thumbnailSizes: options.thumbnailSizes,
        fit: options.thumbnailFit)
    }
    return shares.min()!...shares.max()!
  }

  @Test("a sprite's share counts its file, its decoding, its pixels, its colours and thumbnails")
  func shareCountsEveryBuffer() throws {
    let sprite = try Self.sprites(1)[0]
    let bytes = try #require(sprite.bytes)
    let plain = ThemeEngine.Options(outputDirectory: "out")
    var thumbnails = plain
    thumbnails.thumbnailSizes = [16]
    let share = Self.shares([sprite], plain).lowerBound
    #expect(
      share
        == bytes.count + 32 * 32 * 4
        + PNGDecoder.workingBytes(width: 32, height: 32, fileSize: bytes.count)
        + PaletteExtractor.scratchBytes(pixelCount: 32 * 32))
    #expect(Self.shares([sprite], thumbnails).lowerBound == share + 16 * 16 * 4)
    // The colour count's scratch: per pixel for a sprite, bounded by the colour cube above.
    #expect(PaletteExtractor.scratchBytes(pixelCount: 1 << 16) >= 56 << 16)
    #expect(
      PaletteExtractor.scratchBytes(pixelCount: 1 << 26)
        == PaletteExtractor.scratchBytes(pixelCount: 1 << 25))
    #expect(PaletteExtractor.scratchBytes(pixelCount: 1 << 26) < 220 << 20)
  }

  @Test("a budget that fits one sprite runs the jobs one at a time, whatever jobs is")
  func oneAtATime() async throws {
    let directory = try TemporaryDirectory()
    var options = ThemeEngine.Options(outputDirectory: FilePath(directory.url.path), jobs: 4)
    let shares = Self.shares(try Self.sprites(12), options)
    try #require(2 * shares.lowerBound > shares.upperBound)
    options.maxMemory = shares.upperBound
    let budget = MemoryBudget(limit: shares.upperBound)
    let (index, peak) = try await Self.runHeld(options, budget: budget, count: 12, allowed: 1)
    #expect(index.entries.count == 12)
    #expect(peak == 1)
    #expect(shares.contains(budget.peak))
  }

  @Test("a budget for three sprites never holds more, and thumbnails count too")
  func neverOver() async throws {
    let directory = try TemporaryDirectory()
    // With a 16x16 thumbnail each, the budget has room for three sprites but not four; without
    // thumbnails, it would have room for four.
    var options = ThemeEngine.Options(
      outputDirectory: FilePath(directory.url.path), jobs: 4, thumbnailSizes: [16])
    let sprites = try Self.sprites(24)
    let shares = Self.shares(sprites, options)
    options.thumbnailSizes = []
    let plain = Self.shares(sprites, options)
    options.thumbnailSizes = [16]
    let limit = 4 * plain.upperBound
    try #require(3 * shares.upperBound <= limit && 4 * shares.lowerBound > limit)
    let budget = MemoryBudget(limit: limit)
    let (index, peak) = try await Self.runHeld(options, budget: budget, count: 24, allowed: 3)
    #expect(index.entries.count == 24)
    #expect(peak == 3)
    #expect(budget.peak <= limit && budget.peak >= 3 * shares.lowerBound)
  }

  @Test("a sprite that needs more than the whole budget is refused, naming both sizes")
  func biggerThanBudget() async throws {
    let directory = try TemporaryDirectory()
    let engine = ThemeEngine(
      options: .init(
        outputDirectory: FilePath(directory.url.path), jobs: 3, maxMemory: 100 * 1024))
    let budget = MemoryBudget(limit: 100 * 1024)
    let index = try await engine.run(AsyncStream(inputs: try Self.sprites(6)), memory: budget)
    #expect(index.entries.isEmpty)
    #expect(index.errors.count == 6)
    for error in index.errors {
      #expect(error.stage == "decode")
      #expect(
        error.message.hasPrefix("needs ")
          && error.message.hasSuffix(" KiB of memory to analyse, more than --max-memory (100 KiB)"),
        "\(error.message)")
    }
    #expect(budget.peak == 0, "nothing was taken")
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
