import ArgumentParser
import SpriteExport
import SpriteShard
import SpriteTheme
import SpriteThemeStream
import Synchronization

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
      lists every sprite (with its card, accent, swatch and Material source colours, enough to \
      style a list) and every failure with its stage and reason. Names are sanitised to \
      [a-z0-9._-]; a repeated name gets -2, -3, … in input order.

      Files are written atomically, so an interrupted run (Ctrl-C) leaves no partial file and \
      running the same command again completes the work: a re-run keeps the sprites whose files \
      are up to date (same bytes and options) and redoes the rest, or all with --force. The \
      output is byte-identical whatever --jobs is. Decoded pixels in memory stay under \
      --max-memory: jobs wait rather than exceed it.

      With --jsonl, nothing is written to disk: each input's theme (the document batch writes \
      to themes/<name>.json, on one line) or {"error":{"message":…,"stage":…},"input":…} goes \
      to standard output as one JSON line, in input order, as soon as it and the lines before \
      it are done. Inputs may then also be http(s) URLs, downloaded with --cache (none by \
      default) and the other download options of fetch (--ttl, --concurrency, --retries, the \
      timeouts, --max-bytes); lines of - are taken as they come, so the stream can be endless \
      and memory stays bounded. \
      --out, --thumbnails, --thumbnail-fit, --report and --force do not apply (no thumbnails \
      are made). Ctrl-C stops after the last whole line.

      --shard I/N keeps the inputs whose FNV-1a 64 hash modulo N is I, so N workers given the \
      same list each take a share, together every input once. Hashed are the bytes of each \
      input as batch takes it: a path or URL as given (an argument, or a line of - without \
      its line break and surrounding spaces), and for a folder each file's path as found \
      (the folder as given, then the path below it). Output names are given over the whole \
      list before the split, so each shard names its sprites as one run would.

      Exit codes: 0 every input done, 1 some inputs failed (the others are written), 2 usage \
      error, 3 the output cannot be written, 130 interrupted.
      """)

  /// The files, folders and `-` to read.
  @Argument(
    help: ArgumentHelp(
      "PNG files, folders, or - for a list of paths on stdin (and URLs with --jsonl).",
      valueName: "input"), completion: .file(extensions: ["png"]))
  var inputs: [PathArgument]

  /// Where themes, thumbnails and `index.json` go; nil with `--jsonl`.
  @Option(
    name: .customLong("out"),
    help: ArgumentHelp("The output directory (not with --jsonl).", valueName: "dir"),
    completion: .directory)
  var outputDirectory: PathArgument?

  /// Write JSON lines to standard output instead of an output directory.
  @Flag(
    name: .customLong("jsonl"),
    help: "Write each theme (or error) as one JSON line on standard output; no files.")
  var jsonLines = false

  /// The share of the inputs to keep, or nil for all.
  @Option(help: ShardOption.help, transform: ShardOption.parse)
  var shard: Shard?

  /// Sprites processed at once, or `nil` for one per core.
  @Option(
    help: ArgumentHelp("Sprites processed at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  /// Thumbnail sizes to write, sorted, without repeats; `nil` for none.
  @Option(
    name: .customLong("thumbnails"), help: ThumbnailSizes.help, transform: ThumbnailSizes.parse)
  var thumbnails: [Int]?

  /// How each thumbnail fills its size; `nil` (contain) when not given.
  @Option(name: .customLong("thumbnail-fit"), help: ThumbnailFit.help)
  var thumbnailFit: Thumbnail.Fit?

  /// The most bytes of decoded pixels in flight at once.
  @Option(
    help: ArgumentHelp(
      "Most bytes of decoded pixels in memory at once; jobs wait rather than exceed it "
        + "(a number, or with K, M or G).", valueName: "bytes"))
  var maxMemory = ByteCount(ThemeEngine.defaultMaxMemory)

  /// Front-end formats to write to `<out>/exports/<format>/` after the run, if any.
  @Option(
    name: .customLong("export"),
    help: ArgumentHelp(
      "After the run, write these front-end formats to DIR/exports/<format>/ (see 'export'): "
        + "\(ExportFormat.names), or all.", valueName: "list"),
    completion: ExportFormats.completion, transform: ExportFormats.parse)
  var exportFormats: [ExportFormat] = []

  /// Whether to write the HTML report (`<out>/report/index.html`, see `report`) after the run.
  @Flag(
    name: .customLong("report"),
    help: "After the run, write the HTML report to DIR/report/index.html (see 'report').")
  var writeReport = false

  /// With `--report`: put the pictures in the page as `data:` URIs.
  @Flag(help: ReportStep.embedImagesHelp)
  var embedImages = false

  /// Redo every input, even one whose theme is up to date.
  @Flag(help: "Redo every input, even one whose theme is up to date.")
  var force = false

  /// The extent, palette size and decoding limits.
  @OptionGroup var analysis: AnalysisOptions

  /// With `--jsonl`: cache, freshness, concurrency, retries, timeout and body cap of URL inputs.
  @OptionGroup(title: "URL inputs (with --jsonl)") var network: NetworkOptions

  /// Whether to draw the progress line.
  @OptionGroup var progressOptions: ProgressOptions

  /// `--jobs` must be at least 1, `--max-memory` positive, `-` may come at most once,
  /// `--thumbnail-fit` needs `--thumbnails`, and `--out` is needed without `--jsonl` and refused
  /// with it, as are the options about files.
  func validate() throws {
    if jsonLines {
      let refused = [
        ("--out", outputDirectory != nil), ("--thumbnails", thumbnails != nil),
        ("--thumbnail-fit", thumbnailFit != nil), ("--report", writeReport),
        ("--embed-images", embedImages), ("--force", force),
      ].filter(\.1).map(\.0)
      if let option = refused.first {
        throw ValidationError("\(option) cannot be combined with --jsonl, which writes no files.")
      }
    } else if let outputDirectory {
      try OutputPlacement.check(output: outputDirectory, inputs: inputs)
    } else {
      throw ValidationError("Missing expected argument '--out <dir>' (or give --jsonl).")
    }
    if embedImages, !writeReport { throw ValidationError("--embed-images needs --report.") }
    try ThumbnailFit.validate(thumbnailFit, sizes: thumbnails)
    try Self.validate(jobs: jobs)
    guard maxMemory.bytes > 0 else { throw ValidationError("--max-memory must be positive.") }
    guard inputs.filter(\.isStandardInput).count <= 1 else {
      throw ValidationError("Standard input (-) can be read only once.")
    }
  }

  /// Writes the themes and the index; exit 1 when an input failed, 3 when the output failed,
  /// 130 when SIGINT or SIGTERM stopped it (then without the index).
  func run() async throws {
    guard let outputDirectory else { return try await runStream() }
    let options = ThemeEngine.Options(
      outputDirectory: outputDirectory.path, jobs: jobs ?? ThemeEngine.defaultJobs,
      thumbnailSizes: thumbnails ?? [], pipeline: analysis.pipeline, maxMemory: maxMemory.bytes,
      force: force, thumbnailFit: thumbnailFit ?? .contain, shard: shard)
    let inputs = self.inputs.map(\.path)
    let shard = self.shard
    let counts = LatestCounts()
    let (index, total, interrupted) = try await OutputRun.execute(progress: progressOptions) {
      reporter throws(ThemeEngine.Fatal) in
      // Inside the cancellable task: a list on standard input may be long in coming.
      // Named over the whole list, then split: a shard's names are the single run's.
      var files = BatchInput.collect(inputs, excluding: options.outputDirectory)
      if let shard { files.removeAll { !shard.contains(path: $0.path) } }
      let collected = BatchInputs(files, limit: maxMemory.bytes)
      let engine = ThemeEngine(options: options)
      let index = try await engine.run(collected) {
        counts.record($0)
        reporter.update(done: $0.done, failed: $0.failed, total: collected.count)
      }
      if Task.isCancelled { return (index, collected.count, true) }
      try engine.writeIndex(index)
      return (index, collected.count, false)
    }
    let upToDate = counts.latest.upToDate
    var exportFailed = false
    if !interrupted, !exportFormats.isEmpty {
      exportFailed = try ExportFormats.run(
        themeFiles: index.entries.map { options.outputDirectory.appending($0.theme) },
        formats: exportFormats, to: options.outputDirectory.appending("exports"),
        progress: progressOptions)
    }
    // The report shows the run's failures too, so it comes before they end the run (exit 1).
    var reportFailed = false
    if writeReport, !interrupted {
      reportFailed = try ReportStep.run(
        directory: options.outputDirectory, quiet: progressOptions.quiet, embedImages: embedImages)
    }
    try OutputRun.finish(
      index: index, interrupted: interrupted,
      interruption: "interrupted after \(index.count) of \(total) inputs",
      summary: "\(counted(index.entries.count, "theme")) written to \(outputDirectory)"
        + (upToDate > 0 ? " (\(upToDate) up to date, kept)" : "")
        + ", \(index.errors.count) failed.",
      quiet: progressOptions.quiet)
    if exportFailed || reportFailed { throw ExitCode.inputFailed }
  }
}

extension Batch {
  /// The most `--jobs`: far more than any machine's cores, and few enough that the jobs'
  /// windows and buffers stay small (a larger value crashed).
  static let maxJobs = 1024

  /// Checks `--jobs` (of `batch` and `bench`): a usage error outside 1...``maxJobs``.
  static func validate(jobs: Int?) throws {
    guard let jobs else { return }
    guard (1...maxJobs).contains(jobs) else {
      throw ValidationError("--jobs must be between 1 and \(maxJobs), not \(jobs).")
    }
  }
}

extension Batch {
  /// `--jsonl`: the inputs' lines on standard output; exit 1 when an input failed, 3 when
  /// standard output cannot be written, 130 when SIGINT or SIGTERM stopped it.
  func runStream() async throws {
    let network = self.network
    let stream = ThemeStream(
      options: .init(
        jobs: jobs ?? ThemeEngine.defaultJobs, maxMemory: maxMemory.bytes,
        pipeline: analysis.pipeline),
      loader: { network.streamLoader() })
    let inputs = StreamInputs(arguments: inputs.map(\.bytes), shard: shard)
    let outcome = try await OutputRun.execute(progress: progressOptions) {
      _ throws(ThemeEngine.Fatal) in
      try await stream.run(inputs, write: OutputLines.write) { failure in
        Diagnostics.error("\(failure.source): \(failure.message)")
      }
    }
    if outcome.interrupted {
      Diagnostics.write(
        "sprite-theme: interrupted after \(counted(outcome.lines, "line")); the lines written are whole."
      )
      throw ExitCode.interrupted
    }
    if !progressOptions.quiet {
      Diagnostics.write(
        "\(counted(outcome.lines - outcome.failed, "theme")) written as JSON lines, \(outcome.failed) failed."
      )
    }
    if outcome.failed > 0 { throw ExitCode.inputFailed }
  }
}

/// The newest counts of a run, kept as the engine reports them.
private final class LatestCounts: Sendable {
  private let counts = Mutex(ThemeEngine.Progress())

  /// Keeps `progress`.
  func record(_ progress: ThemeEngine.Progress) {
    counts.withLock { $0 = progress }
  }

  /// The counts last recorded.
  var latest: ThemeEngine.Progress { counts.withLock { $0 } }
}
