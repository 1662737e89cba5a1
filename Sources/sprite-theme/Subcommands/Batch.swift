import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SpriteTheme

/// `sprite-theme batch INPUT... --out DIR`: themes for many sprites, plus `index.json`.
struct Batch: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Write a theme file for every sprite, plus index.json.",
    discussion: """
      Inputs are PNG files, folders (every *.png below them, sorted, hidden entries skipped) \
      or - to read one path per line from standard input. The output directory gets \
      themes/<name>.json, thumbs/<name>-<size>.png (with --thumbnails) and index.json, which \
      lists every sprite and every failure with its stage and reason. Names are sanitised to \
      [a-z0-9._-]; a repeated name gets -2, -3, … in input order.

      Files are written atomically, so an interrupted run (Ctrl-C) leaves no partial file and \
      running the same command again completes the work. The output is byte-identical whatever \
      --jobs is.

      Exit codes: 0 every input done, 1 some inputs failed (the others are written), 2 usage \
      error, 3 the output cannot be written, 130 interrupted.
      """)

  @Argument(help: ArgumentHelp("PNG files, folders, or - for a list of paths on stdin.", valueName: "input"))
  var inputs: [String]

  @Option(name: .customLong("out"), help: ArgumentHelp("The output directory.", valueName: "dir"))
  var outputDirectory: String

  @Option(help: ArgumentHelp("Sprites processed at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "Thumbnail sizes to write, comma-separated longest sides, e.g. 32,96.", valueName: "sizes"),
    transform: Batch.parseSizes)
  var thumbnails: [Int] = []

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var progressOptions: ProgressOptions

  func validate() throws {
    guard !inputs.isEmpty else { throw ValidationError("Give at least one input.") }
    guard (jobs ?? 1) >= 1 else { throw ValidationError("--jobs must be at least 1.") }
    guard inputs.filter({ $0 == "-" }).count <= 1 else {
      throw ValidationError("Standard input (-) can be read only once.")
    }
  }

  func run() throws {
    let collected = BatchInput.collect(inputs)
    let batch = ThemeBatch(
      inputs: collected,
      options: .init(
        outputDirectory: outputDirectory,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, thumbnailSizes: thumbnails,
        pipeline: analysis.pipeline))
    let outcome = try OutputRun.execute(progress: progressOptions, cancel: { batch.cancel() }) {
      reporter throws(ThemeBatch.Fatal) in
      try batch.run { reporter.update(done: $0.done, failed: $0.failed, total: $0.total) }
    }
    try OutputRun.finish(
      index: outcome.index, interrupted: outcome.interrupted,
      interruption: "interrupted after \(outcome.index.count) of \(collected.count) inputs",
      summary: "\(outcome.index.entries.count) themes written to \(outputDirectory), "
        + "\(outcome.index.errors.count) failed.",
      quiet: progressOptions.quiet)
  }

  /// Parses `32,96` into sizes, each 1-16384.
  static func parseSizes(_ text: String) throws -> [Int] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let sizes = try parts.map { part -> Int in
      guard let size = Int(part.trimmingWhitespace()), (1...16384).contains(size)
      else {
        throw ValidationError("Thumbnail sizes are whole numbers from 1 to 16384, not '\(part)'.")
      }
      return size
    }
    return Array(Set(sizes)).sorted()
  }
}
