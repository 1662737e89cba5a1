import ArgumentParser
import SpriteTheme

/// `sprite-theme batch INPUT... --out DIR`: themes for many sprites, plus `index.json`.
struct Batch: AsyncParsableCommand {
  /// `batch`'s name and help texts.
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

  /// The files, folders and `-` to read.
  @Argument(
    help: ArgumentHelp("PNG files, folders, or - for a list of paths on stdin.", valueName: "input")
  )
  var inputs: [String]

  /// Where themes, thumbnails and `index.json` go.
  @Option(name: .customLong("out"), help: ArgumentHelp("The output directory.", valueName: "dir"))
  var outputDirectory: String

  /// Sprites processed at once, or `nil` for one per core.
  @Option(
    help: ArgumentHelp("Sprites processed at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  /// Thumbnail sizes to write, sorted, without repeats; `nil` for none.
  @Option(
    name: .customLong("thumbnails"), help: ThumbnailSizes.help, transform: ThumbnailSizes.parse)
  var thumbnails: [Int]?

  /// The extent, palette size and decoding limits.
  @OptionGroup var analysis: AnalysisOptions

  /// Whether to draw the progress line.
  @OptionGroup var progressOptions: ProgressOptions

  /// `--jobs` must be at least 1, and `-` may come at most once.
  func validate() throws {
    guard (jobs ?? 1) >= 1 else { throw ValidationError("--jobs must be at least 1.") }
    guard inputs.filter({ $0 == "-" }).count <= 1 else {
      throw ValidationError("Standard input (-) can be read only once.")
    }
  }

  /// Writes the themes and the index; exit 1 when an input failed, 3 when the output failed.
  func run() async throws {
    let collected = BatchInputs(
      BatchInput.collect(inputs, excluding: FilePath(outputDirectory)))
    let engine = ThemeEngine(
      options: .init(
        outputDirectory: FilePath(outputDirectory), jobs: jobs ?? ThemeEngine.defaultJobs,
        thumbnailSizes: thumbnails ?? [], pipeline: analysis.pipeline))
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
}
