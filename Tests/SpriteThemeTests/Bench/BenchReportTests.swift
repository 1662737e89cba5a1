import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The bookkeeping of `sprite-theme bench`: stage clocks and the report's rates and percentiles.
@Suite("Bench: stage clocks and reports")
struct BenchReportTests {
  @Test("a clock adds each timed body to its stage; the off clock only runs the bodies")
  func clocks() throws {
    var clock = StageClock()
    let value = clock.time(.decode) { (0..<10_000).reduce(0, &+) }
    #expect(value == 49_995_000)
    #expect(clock[.decode] > 0 && clock[.read] == 0)
    #expect(clock.total == clock[.decode])
    var other = StageClock()
    other.time(.write) { _ = (0..<1000).map { $0 * 2 } }
    clock.add(other)
    #expect(clock[.write] == other[.write] && clock.total == clock[.decode] + clock[.write])
    var off = StageClock.off
    #expect(off.time(.read) { 7 } == 7)
    #expect(off[.read] == 0 && off.total == 0)
    struct Boom: Error {}
    #expect(throws: Boom.self) { try clock.time(.encode) { () throws(Boom) in throw Boom() } }
    #expect(clock[.encode] >= 0)
  }

  @Test("percentiles are nearest-rank over the sorted runs; rates follow the wall time")
  func report() {
    let runs = (1...100).map { Double($0) / 1000 }.shuffled()
    let report = BenchReport(
      files: 50, repeats: 2, jobs: 2, seconds: 4, stages: StageClock(), perSprite: runs,
      decodeFloor: (seconds: 0.5, sprites: 100), failures: [])
    #expect(report.sprites == 100)
    #expect(report.perSprite(percentile: 0.5) == 0.050)
    #expect(report.perSprite(percentile: 0.95) == 0.095)
    #expect(report.perSprite(percentile: 1) == 0.100)
    #expect(report.spritesPerSecond == 25 && report.spritesPerSecondPerCore == 12.5)
    #expect(report.decodeFloorPerSprite == 0.005)
    let empty = BenchReport(
      files: 0, repeats: 1, jobs: 1, seconds: 0, stages: StageClock(), perSprite: [],
      decodeFloor: (seconds: 0, sprites: 0), failures: [])
    #expect(empty.perSprite(percentile: 0.5) == 0 && empty.spritesPerSecond == 0)
    #expect(empty.decodeFloorPerSprite == 0)
  }

  @Test("a bench of the samples times every stage of every run and decodes each on the floor")
  func benchOfSamples() async throws {
    let files = BatchInput.collect([
      FilePath(Fixtures.packageRoot.appendingPathComponent("samples/sprites").path)
    ])
    let bench = PipelineBench(options: .init(pipeline: ThemePipeline(), jobs: 2, repeats: 2))
    let report = try await bench.run(files) { _, _ in }
    #expect(report.sprites == 2 * files.count && report.failures.isEmpty)
    for stage in PipelineStage.allCases { #expect(report.stages[stage] > 0, "\(stage)") }
    #expect(report.decodeFloor.sprites == 2 * files.count)
  }

  @Test("each round of a bench has its own pipeline: the same configuration, no shared schemes")
  func roundsDoNotShareSchemes() {
    var configuration = ThemePipeline.Configuration()
    configuration.variant = .vibrant
    let pipeline = ThemePipeline(configuration: configuration)
    let rounds = PipelineBench.roundPipelines(pipeline, repeats: 3)
    #expect(rounds.count == 3)
    #expect(rounds.allSatisfy { $0.configuration.variant == .vibrant })
    #expect(rounds.allSatisfy { $0.materials !== pipeline.materials })
    #expect(
      rounds[0].materials !== rounds[1].materials && rounds[1].materials !== rounds[2].materials)
  }
}
