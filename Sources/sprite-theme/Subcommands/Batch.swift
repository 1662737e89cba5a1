import Foundation
import SpriteTheme

/// `sprite-theme batch INPUT... --out DIR`: themes for many sprites, plus `index.json`.
struct Batch: Subcommand {
  /// The rows of `batch`'s argument table.
  enum Table {
    /// `<input> ...`.
    static let inputs = ArgumentSpec.positional(
      "input", help: "PNG files, folders, or - for a list of paths on stdin.", repeating: true)
    /// `--out <dir>`.
    static let outputDirectory = ArgumentSpec.option(
      "out", valueName: "dir", help: "The output directory.", of: String.self, required: true)
    /// `--jobs <n>`.
    static let jobs = ArgumentSpec.option(
      "jobs", valueName: "n", help: "Sprites processed at once (default: the number of cores).",
      of: Int.self)
    /// `--thumbnails <sizes>`, shared with `fetch`.
    static let thumbnails = ArgumentSpec.option(
      "thumbnails", valueName: "sizes",
      help: "Thumbnail sizes to write, comma-separated longest sides, e.g. 32,96.", of: String.self)
    /// Every row, in help and usage order.
    static let all =
      [inputs, outputDirectory, jobs, thumbnails] + AnalysisOptions.Table.all
      + ProgressOptions.Table.all
  }

  /// The word that selects `batch`.
  static let name = "batch"

  /// `batch`'s name, help texts and arguments.
  static let spec = CommandSpec(
    name: name, parentPath: SpriteThemeCommand.name,
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
      """,
    arguments: Table.all)

  /// The files, folders and `-` to read.
  var inputs: [String]
  /// Where themes, thumbnails and `index.json` go.
  var outputDirectory: String
  /// Sprites processed at once, or `nil` for one per core.
  var jobs: Int?
  /// Thumbnail sizes to write, sorted, without repeats.
  var thumbnails: [Int]
  /// The extent, palette size and decoding limits.
  var analysis: AnalysisOptions
  /// Whether to draw the progress line.
  var progressOptions: ProgressOptions

  /// Reads the arguments; there must be an input, `--jobs` at least 1 and `-` at most once.
  init(parsed: ParsedArguments) throws(UsageError) {
    inputs = parsed.words(for: Table.inputs)
    outputDirectory = try parsed.value(Table.outputDirectory)
    jobs = try parsed.optional(Table.jobs)
    thumbnails = try parsed.optional(Table.thumbnails, convertedBy: Self.parseSizes) ?? []
    analysis = try AnalysisOptions(parsed: parsed)
    progressOptions = try ProgressOptions(parsed: parsed)
    guard !inputs.isEmpty else { throw UsageError("Give at least one input.") }
    guard (jobs ?? 1) >= 1 else { throw UsageError("--jobs must be at least 1.") }
    guard inputs.filter({ $0 == "-" }).count <= 1 else {
      throw UsageError("Standard input (-) can be read only once.")
    }
  }

  /// Writes the themes and the index; exit 1 when an input failed, 3 when the output failed.
  func run() throws {
    let collected = BatchInputs(
      BatchInput.collect(inputs, excluding: FilePath(outputDirectory)))
    let engine = ThemeEngine(
      options: .init(
        outputDirectory: FilePath(outputDirectory), jobs: jobs ?? ThemeEngine.defaultJobs,
        thumbnailSizes: thumbnails, pipeline: analysis.pipeline))
    let task = BlockingTask<(Result<BatchIndex, ThemeEngine.Fatal>, interrupted: Bool)>()
    let (index, interrupted) = try OutputRun.execute(
      progress: progressOptions, interrupts: .call { task.cancel() }
    ) { reporter throws(ThemeEngine.Fatal) in
      let (result, interrupted) = task.run {
        do throws(ThemeEngine.Fatal) {
          let index = try await engine.run(collected) {
            reporter.update(done: $0.done, failed: $0.failed, total: collected.count)
          }
          if Task.isCancelled { return (.success(index), true) }
          try engine.writeIndex(index)
          return (.success(index), false)
        } catch {
          return (.failure(error), false)
        }
      }
      return (try result.get(), interrupted)
    }
    try OutputRun.finish(
      index: index, interrupted: interrupted,
      interruption: "interrupted after \(index.count) of \(collected.count) inputs",
      summary: "\(index.entries.count) themes written to \(outputDirectory), "
        + "\(index.errors.count) failed.",
      quiet: progressOptions.quiet)
  }

  /// Parses `32,96` into sizes, each 1-16384.
  static func parseSizes(_ text: String) throws(RejectedValue) -> [Int] {
    var sizes: Set<Int> = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let size = Int(part.trimmingCharacters(in: .whitespaces)), (1...16384).contains(size) else {
        throw RejectedValue("Thumbnail sizes are whole numbers from 1 to 16384, not '\(part)'.")
      }
      sizes.insert(size)
    }
    return sizes.sorted()
  }
}
