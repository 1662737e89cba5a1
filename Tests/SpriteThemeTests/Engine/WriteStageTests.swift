import Dispatch
import Synchronization
import Testing

@testable import SpriteTheme

/// The engine's write stage: in order, bounded, and stopped by its first failure.
@Suite("WriteStage")
struct WriteStageTests {
  /// Waits (yielding) until `condition` holds; the ten-minute deadline only catches a hang (a
  /// full suite on a busy machine can keep every thread of the cooperative pool for minutes).
  static func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(600)
    while !condition(), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(condition(), "waited ten minutes")
  }

  @Test("writes run one at a time, in the order they were handed over")
  func order() async {
    let stage = WriteStage(depth: 3)
    let log = Mutex([Int]())
    let running = Mutex((now: 0, peak: 0))
    for n in 0..<50 {
      let failure = await stage.submit {
        running.withLock { $0 = ($0.now + 1, max($0.peak, $0.now + 1)) }
        log.withLock { $0.append(n) }
        running.withLock { $0.now -= 1 }
      }
      #expect(failure == nil)
    }
    #expect(await stage.finish() == nil)
    #expect(log.withLock { $0 } == Array(0..<50))
    #expect(running.withLock { $0.peak } == 1)
  }

  @Test("a blocked disk holds the submitter back once `depth` writes wait")
  func bounded() async throws {
    let stage = WriteStage(depth: 2)
    let disk = DispatchSemaphore(value: 0)
    let written = Mutex(0)
    // The first write blocks the queue; the second waits in it; the third must wait for room.
    for _ in 0..<2 {
      _ = await stage.submit {
        disk.wait()
        written.withLock { $0 += 1 }
      }
    }
    let third = Task {
      await stage.submit { written.withLock { $0 += 1 } }
    }
    try await Self.waitUntil { stage.waitingCount == 1 }
    #expect(written.withLock { $0 } == 0)
    disk.signal()
    disk.signal()
    #expect(await third.value == nil)
    #expect(await stage.finish() == nil)
    #expect(written.withLock { $0 } == 3)
  }

  @Test("after the first failure nothing more is written, and every later call reports it")
  func failure() async {
    let stage = WriteStage(depth: 1)
    let written = Mutex([Int]())
    let broken = ThemeEngine.Fatal(path: "out/themes/a.json", reason: "No space left on device")
    _ = await stage.submit { written.withLock { $0.append(0) } }
    _ = await stage.submit { () throws(ThemeEngine.Fatal) in throw broken }
    // Depth 1: this submission waits until the failed write has run, so it sees the failure.
    let later = await stage.submit { written.withLock { $0.append(2) } }
    #expect(later == broken)
    #expect(await stage.finish() == broken)
    #expect(written.withLock { $0 } == [0])
  }
}
