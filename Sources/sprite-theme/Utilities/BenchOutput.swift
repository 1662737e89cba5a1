import Foundation
import SpriteTheme

/// `bench --json`: the report for machines (SPEC section 13), keys sorted.
struct BenchJSON: Encodable {
  /// Completed sprite runs (files x repeats, failures left out).
  var sprites: Int
  /// The input files.
  var files: Int
  /// How many times each file was timed.
  var `repeat`: Int
  /// Workers at once.
  var jobs: Int
  /// Wall-clock seconds of the timed runs.
  var seconds: Double
  /// Completed runs per second on all jobs.
  var spritesPerSecond: Double
  /// Completed runs per second of one job.
  var spritesPerSecondPerCore: Double
  /// Seconds per stage, summed over all jobs.
  var stages: [String: Double]
  /// The median and 95th percentile seconds of one sprite's run.
  var perSprite: [String: Double]
  /// libpng's row reads of the same bytes, on one core, in seconds.
  var decodeFloorSeconds: Double
  /// How many sprites the floor decoded.
  var decodeFloorSprites: Int
  /// Inputs that failed.
  var failed: Int

  /// The JSON form of `report`.
  init(_ report: BenchReport) {
    sprites = report.sprites
    files = report.files
    self.repeat = report.repeats
    jobs = report.jobs
    seconds = report.seconds
    spritesPerSecond = report.spritesPerSecond
    spritesPerSecondPerCore = report.spritesPerSecondPerCore
    stages = Dictionary(
      uniqueKeysWithValues: PipelineStage.allCases.map { ($0.rawValue, report.stages[$0]) })
    perSprite = [
      "p50": report.perSprite(percentile: 0.5), "p95": report.perSprite(percentile: 0.95),
    ]
    decodeFloorSeconds = report.decodeFloor.seconds
    decodeFloorSprites = report.decodeFloor.sprites
    failed = report.failures.count
  }

  /// Pretty-printed, sorted keys, with a final newline.
  func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(self)) + [0x0A]
  }
}

/// `bench`'s report for people: a table of the stages, then the rates and the decode floor,
/// within 80 columns.
struct BenchTable {
  /// The report shown.
  let report: BenchReport

  /// A table of `report`.
  init(_ report: BenchReport) {
    self.report = report
  }

  /// The lines, each ending in a newline.
  var text: String {
    let runs = max(report.sprites, 1)
    var lines = [
      "\(report.files) sprites x \(report.repeats) on \(report.jobs) "
        + "\(report.jobs == 1 ? "job" : "jobs"): \(report.sprites) runs in "
        + "\(fixed(report.seconds, 2)) s",
      row("stage", "seconds", "share", "us/sprite"),
    ]
    let total = report.stages.total
    for stage in PipelineStage.allCases {
      let seconds = report.stages[stage]
      lines.append(
        row(
          stage.title, fixed(seconds, 3), fixed(total > 0 ? 100 * seconds / total : 0, 1) + "%",
          fixed(seconds / Double(runs) * 1e6, 1)))
    }
    lines.append(row("all stages", fixed(total, 3), "100.0%", fixed(total / Double(runs) * 1e6, 1)))
    lines.append(
      "\(Int(report.spritesPerSecond.rounded())) sprites/s on all jobs, "
        + "\(Int(report.spritesPerSecondPerCore.rounded())) per core; one sprite: "
        + "p50 \(fixed(report.perSprite(percentile: 0.5) * 1e3, 2)) ms, "
        + "p95 \(fixed(report.perSprite(percentile: 0.95) * 1e3, 2)) ms")
    let floor = report.decodeFloorPerSprite * 1e6
    let decode = report.stages[.decode] / Double(runs) * 1e6
    lines.append(
      "libpng decode floor: \(fixed(report.decodeFloor.seconds, 3)) s on one core, "
        + "\(fixed(floor, 1)) us/sprite")
    if floor > 0 {
      lines.append(
        "decoding here: \(fixed(decode, 1)) us/sprite, \(fixed(decode / floor, 2))x the floor")
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// One table row: the name left, three numbers right.
  private func row(_ name: String, _ a: String, _ b: String, _ c: String) -> String {
    pad(name, 22, left: true) + pad(a, 10) + pad(b, 9) + pad(c, 12)
  }

  private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let space = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + space : space + text
  }

  private func fixed(_ value: Double, _ places: Int) -> String {
    String(format: "%.\(places)f", value)
  }
}
