import Testing

@testable import sprite_theme

/// The progress display's text.
@Suite("Progress display")
struct ProgressReporterTests {
  @Test("batch's line: a bar, the counts, the rate and the time left")
  func batchLine() {
    #expect(
      ProgressReporter.batchLine(done: 120, failed: 2, total: 480, elapsed: .seconds(4))
        == "[####------------] 120/480 sprites, 2 failed, 30/s, 0:12 left")
    #expect(
      ProgressReporter.batchLine(done: 0, failed: 0, total: 10, elapsed: .zero)
        == "[----------------] 0/10 sprites, 0 failed, 0/s, 0:00 left")
    #expect(
      ProgressReporter.batchLine(done: 10, failed: 10, total: 10, elapsed: .milliseconds(500))
        == "[################] 10/10 sprites, 10 failed, 20/s, 0:00 left")
    let long = ProgressReporter.batchLine(
      done: 999_999, failed: 999_999, total: 1_000_000, elapsed: .seconds(1))
    #expect(long.count < 80, "fits a terminal: \(long)")
  }

  @Test(
    "fetch's bar when the number of entries is known: cached and failed counts, done never past the total"
  )
  func fetchBar() {
    let line = ProgressReporter.barLine(
      done: 120, total: 480, unit: nil, details: "20 cached, 2 failed", elapsed: .seconds(4))
    #expect(line == "[####------------] 120/480, 20 cached, 2 failed, 30/s, 0:12 left")
    let over = ProgressReporter.barLine(
      done: 12, total: 10, unit: "sprites", details: "0 cached, 0 failed", elapsed: .seconds(1))
    #expect(over.hasPrefix("[################] 12/10 sprites") && over.hasSuffix("0:00 left"))
    let long = ProgressReporter.barLine(
      done: 999_999, total: 1_000_000, unit: nil, details: "999999 cached, 12 failed",
      elapsed: .seconds(400))
    #expect(long.count <= 80, "fits a terminal: \(long)")
  }

  @Test("time left reads m:ss, or h:mm:ss from an hour")
  func clock() {
    #expect(ProgressReporter.clock(0) == "0:00")
    #expect(ProgressReporter.clock(9.6) == "0:10")
    #expect(ProgressReporter.clock(754) == "12:34")
    #expect(ProgressReporter.clock(3600) == "1:00:00")
    #expect(ProgressReporter.clock(3600 * 25 + 61) == "25:01:01")
  }
}
