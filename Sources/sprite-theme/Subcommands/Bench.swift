import ArgumentParser
import Foundation
import SpriteTheme

/// `sprite-theme bench INPUT...`: the pipeline timed stage by stage on the user's own sprites.
struct Bench: AsyncParsableCommand {
  /// `bench`'s name and help texts.
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Time the pipeline stage by stage on your own sprites.",
    discussion: """
      Every sprite goes through the stages `batch` runs (read, decode, average, palette and \
      swatches, material, encode, write) on --jobs workers, --repeat times over, and each stage \
      is timed. Then, on one core, libpng's own row reads decode the same bytes: the floor to \
      compare decoding with. Files are written to a temporary folder that is removed at the \
      end (set TMPDIR to time the writes on another disk); nothing is left but the report.

      The report gives seconds per stage (summed over the jobs) and per sprite, sprites per \
      second on all jobs and per core, and the median (p50) and p95 time of one sprite. \
      --json prints it for machines: {"sprites", "jobs", "seconds", "spritesPerSecond", \
      "stages": {...}, "decodeFloorSeconds", ...}.

      Exit codes: 0 every input timed, 1 some inputs failed (the others are timed), 2 usage \
      error, 3 the temporary folder cannot be written, 130 interrupted.
      """)

  /// The files and folders to time.
  @Argument(
    help: ArgumentHelp("PNG files or folders.", valueName: "input"),
    completion: .file(extensions: ["png"]))
  var inputs: [PathArgument]

  /// Workers at once, or `nil` for one per core.
  @Option(
    help: ArgumentHelp("Sprites processed at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  /// How many times each sprite is timed.
  @Option(
    name: .customLong("repeat"), help: ArgumentHelp("Time every sprite R times.", valueName: "r"))
  var repeats = 1

  /// The most `--repeat`: the run keeps a time per run, so a bound keeps that list small.
  static let maxRepeats = 100_000

  /// Thumbnail sizes encoded and written with each theme.
  @Option(
    name: .customLong("thumbnails"), help: ThumbnailSizes.help, transform: ThumbnailSizes.parse)
  var thumbnails: [Int]?

  /// How each thumbnail fills its size.
  @Option(name: .customLong("thumbnail-fit"), help: ThumbnailFit.help)
  var thumbnailFit: Thumbnail.Fit?

  /// Print the report as JSON.
  @Flag(help: "Print the report as JSON on standard output.")
  var json = false

  /// The extent, palette size, Material style and decoding limits.
  @OptionGroup var analysis: AnalysisOptions

  /// Whether to draw the progress line.
  @OptionGroup var progressOptions: ProgressOptions

  /// `--jobs` and `--repeat` must be at least 1; `--thumbnail-fit` needs `--thumbnails`.
  func validate() throws {
    try ThumbnailFit.validate(thumbnailFit, sizes: thumbnails)
    try Batch.validate(jobs: jobs)
    guard (1...Self.maxRepeats).contains(repeats) else {
      throw ValidationError("--repeat must be between 1 and \(Self.maxRepeats), not \(repeats).")
    }
  }

  /// Times the inputs and prints the report; exit 1 when an input failed, 3 when the scratch
  /// folder failed, 130 when interrupted.
  func run() async throws {
    let options = PipelineBench.Options(
      pipeline: analysis.pipeline, jobs: jobs ?? ThemeEngine.defaultJobs, repeats: repeats,
      thumbnailSizes: thumbnails ?? [], thumbnailFit: thumbnailFit ?? .contain)
    let inputs = self.inputs.map(\.path)
    let reporter = ProgressReporter(progressOptions)
    let result = await Interruption.cancellingOnSignals {
      () async -> Result<BenchReport?, PipelineBench.Failure> in
      let files = BatchInput.collect(inputs)
      do throws(PipelineBench.Failure) {
        let report = try await PipelineBench(options: options).run(files) { done, total in
          reporter.update(done: done, failed: 0, total: total)
        }
        return .success(Task.isCancelled ? nil : report)
      } catch {
        return .failure(error)
      }
    }
    reporter.finish()
    let report: BenchReport
    switch result {
    case .success(let finished?):
      report = finished
    case .success(nil):
      Diagnostics.write("sprite-theme: bench interrupted; nothing was reported.")
      throw ExitCode.interrupted
    case .failure(let failure):
      Diagnostics.error(failure.description)
      throw ExitCode.fatal
    }
    for failure in report.failures {
      Diagnostics.error("\(failure.source): \(failure.message)")
    }
    if json {
      StandardStream.writeOutput(try BenchJSON(report).encoded())
    } else {
      StandardStream.writeOutput(Array(BenchTable(report).text.utf8))
    }
    if !report.failures.isEmpty { throw ExitCode.inputFailed }
  }
}
