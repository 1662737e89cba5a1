import SpriteFlow
import SpriteShard
import SystemPackage

/// The one place that analyses sprites and writes an output directory (SPEC section 8):
/// `themes/<name>.json`, `thumbs/<name>-<size>.png`, and `index.json` when the caller writes it.
/// `batch` and `fetch` are producers: each hands over ``SpriteInput``s in output order.
///
/// Sprites are analysed at most ``Options/jobs`` at once, in input order
/// (``OrderedConcurrentMap``), and their files are written by a stage of their own
/// (``WriteStage``), off the analysis's threads. Every file is written atomically, a theme after
/// its thumbnails, so a stopped run leaves whole files only, and the output does not depend on
/// the number of jobs. Cancelling the calling task stops the run: the sprites in progress are
/// finished and written, no new one starts, and the caller does not write the index.
///
/// ```swift
/// let engine = ThemeEngine(options: .init(outputDirectory: "out", thumbnailSizes: [96]))
/// let index = try await engine.run(BatchInputs(BatchInput.collect(["samples/sprites"])))
/// if !Task.isCancelled { try engine.writeIndex(index) }
/// ```
public struct ThemeEngine: Sendable {
  /// How a run analyses sprites: the pipeline every sprite goes through, how many at once, and
  /// the decoded pixels they may hold. Every kind of run (an output directory, JSON lines, a
  /// download) is configured with this one type.
  public struct Analysis: Sendable {
    /// The pipeline (extent, palette size, limits) every sprite goes through.
    public var pipeline: ThemePipeline
    /// How many sprites are analysed at once (at least 1).
    public var jobs: Int
    /// The most bytes of decoded pixels (width x height x 4) in flight at once; a job waits
    /// rather than exceed it, and an image larger than all of it runs alone.
    public var maxMemory: Int

    /// Creates analysis options: by default one job per active processor and 1 GiB of decoded
    /// pixels.
    public init(
      jobs: Int = ThemeEngine.defaultJobs, maxMemory: Int = ThemeEngine.defaultMaxMemory,
      pipeline: ThemePipeline = ThemePipeline()
    ) {
      self.pipeline = pipeline
      self.jobs = max(1, jobs)
      self.maxMemory = max(1, maxMemory)
    }
  }

  /// What to write: the output directory, the thumbnails, and whether up-to-date files are
  /// redone; with the ``Analysis`` of the run, whose fields read as the options' own.
  @dynamicMemberLookup
  public struct Options: Sendable {
    /// The output directory; created with its parents when missing.
    public var outputDirectory: FilePath
    /// How the sprites are analysed.
    public var analysis: Analysis
    /// Longest sides of the thumbnails to write for each sprite; empty for none.
    public var thumbnailSizes: [Int]
    /// How each thumbnail fills its size: the scaled sprite, or a square padded around it.
    public var thumbnailFit: Thumbnail.Fit
    /// Redo every sprite, even one whose files are up to date.
    public var force: Bool
    /// The shard of the input list this run was given (`--shard I/N`), recorded in
    /// `index.json`; nil for a whole list.
    public var shard: Shard?

    /// Creates options: by default one job per active processor, no thumbnails, 1 GiB of
    /// decoded pixels, and up-to-date sprites kept.
    public init(
      outputDirectory: FilePath, jobs: Int = ThemeEngine.defaultJobs, thumbnailSizes: [Int] = [],
      pipeline: ThemePipeline = ThemePipeline(), maxMemory: Int = ThemeEngine.defaultMaxMemory,
      force: Bool = false, thumbnailFit: Thumbnail.Fit = .contain, shard: Shard? = nil
    ) {
      self.outputDirectory = outputDirectory
      self.shard = shard
      analysis = Analysis(jobs: jobs, maxMemory: maxMemory, pipeline: pipeline)
      self.thumbnailSizes = thumbnailSizes
      self.force = force
      self.thumbnailFit = thumbnailFit
    }

    /// Every option that shapes the files, in a fixed form: the pipeline's
    /// ``ThemePipeline/Configuration/fingerprint``, then the thumbnail sizes and fit
    /// (`... thumbnails=32,96 fit=contain`). Part of each record's key, and `index.json`'s
    /// `run.options`, which `merge` compares between shards.
    public var fileOptions: String {
      "\(analysis.pipeline.configuration.fingerprint) "
        + "thumbnails=\(thumbnailSizes.map(String.init).joined(separator: ",")) "
        + "fit=\(thumbnailFit.rawValue)"
    }

    /// What `index.json` records of this run.
    public var run: BatchIndex.Run {
      BatchIndex.Run(options: fileOptions, shard: shard?.description)
    }

    /// A field of ``analysis`` (`jobs`, `maxMemory`, `pipeline`).
    public subscript<Value>(dynamicMember field: WritableKeyPath<Analysis, Value>) -> Value {
      get { analysis[keyPath: field] }
      set { analysis[keyPath: field] = newValue }
    }
  }

  /// How far a run has got; reported after every input.
  public struct Progress: Sendable, Equatable {
    /// Inputs finished: written, up to date or failed.
    public var done = 0
    /// Sprites analysed and written.
    public var written = 0
    /// Sprites whose files were up to date and kept as they were.
    public var upToDate = 0
    /// Inputs that failed.
    public var failed = 0

    /// No input finished yet.
    public init() {}
  }

  /// A failure that stops the whole run: the output directory or a file in it cannot be written.
  public struct Fatal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder that could not be written.
    public var path: String
    /// The operating system's reason.
    public var reason: String

    /// Creates a fatal error for `path`.
    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }

    /// One line for people.
    public var description: String { "\(path): cannot write: \(reason)" }
  }

  /// The default for ``Options/jobs``: the processors this process may run on.
  public static var defaultJobs: Int { ProcessorCount.active }

  /// The default for ``Options/maxMemory``: 1 GiB.
  public static let defaultMaxMemory = 1 << 30

  /// The options of every run.
  public let options: Options

  /// Creates an engine.
  public init(options: Options) {
    self.options = options
  }

  /// Analyses every input of `inputs` and writes its files; returns the index of the run, in
  /// input order, without writing it (see ``writeIndex(_:)``).
  ///
  /// Inputs are taken from `inputs` only when a job is free and fewer than twice
  /// ``Analysis/jobs`` are running or waiting to be handed on, so a producer that reads or
  /// downloads in `next()` never runs far ahead, and a slow sprite does not idle the other jobs. When the calling task is cancelled, the run
  /// takes no more inputs, finishes the sprites in progress and returns what was done.
  ///
  /// - Parameters:
  ///   - inputs: The sprites, in output order; failures are inputs too (``SpriteInput/failure``).
  ///   - progress: Called after each input, from the calling task, one call at a time.
  /// - Returns: The index: an entry per sprite written or up to date, an error per failure.
  /// - Throws: ``Fatal`` when the output directory or a file in it cannot be written; the
  ///   analyses in progress are finished first, and nothing more is written.
  public func run<Inputs: AsyncSequence & Sendable>(
    _ inputs: Inputs, progress: (@Sendable (Progress) -> Void)? = nil
  ) async throws(Fatal) -> BatchIndex where Inputs.Element == SpriteInput, Inputs.Failure == Never {
    try await run(inputs, memory: MemoryBudget(limit: options.maxMemory), progress: progress)
  }

  /// Runs as ``run(_:progress:)`` does, with the jobs' decoded pixels under `memory`; each job
  /// calls `holdingMemory` once it holds its share (tests observe the budget there).
  func run<Inputs: AsyncSequence & Sendable>(
    _ inputs: Inputs, memory: MemoryBudget, progress: (@Sendable (Progress) -> Void)? = nil,
    holdingMemory: (@Sendable () async -> Void)? = nil
  ) async throws(Fatal) -> BatchIndex where Inputs.Element == SpriteInput, Inputs.Failure == Never {
    let output = try ThemeOutput.prepare(
      options.outputDirectory, thumbnails: !options.thumbnailSizes.isEmpty)
    let records = try RunRecords(directory: options.outputDirectory)
    let context = SpriteJob.Context(
      output: output, options: options, memory: memory, records: records,
      holdingMemory: holdingMemory)
    // Analysis, `jobs` wide, in input order; a cancelled run finishes the sprites in progress.
    let analysed = OrderedConcurrentMap(
      inputs, window: options.jobs, whenCancelled: .finishInFlight
    ) { input in
      await SpriteJob.analyse(input, in: context)
    }
    let writes = WriteStage(depth: options.jobs + 1)
    var index = BatchIndex(entries: [], errors: [], run: options.run)
    var kept = [RunRecord]()
    var counts = Progress()
    var fatal: Fatal?
    var results = analysed.makeAsyncIterator()
    while fatal == nil, let result = try? await results.next() {
      switch result {
      case .analysed(let entry, let files, let record):
        fatal = await writes.submit { () throws(Fatal) in
          try SpriteJob.write(files, record: record, in: context)
        }
        index.entries.append(entry)
        if let record { kept.append(record) }
        counts.written += 1
      case .upToDate(let entry, let record):
        index.entries.append(entry)
        kept.append(record)
        counts.upToDate += 1
      case .failed(let failure):
        index.errors.append(failure)
        counts.failed += 1
      }
      guard fatal == nil else { break }
      counts.done += 1
      progress?(counts)
    }
    if let failure = await writes.finish() { fatal = fatal ?? failure }
    if let fatal {
      await results.drain()
      try? records.flush()
      throw fatal
    }
    index.count = index.entries.count + index.errors.count
    // A whole run leaves its own records alone, in input order; a stopped one writes those it
    // holds back.
    if Task.isCancelled { try records.flush() } else { try records.replace(with: kept) }
    return index
  }

  /// Writes `index` as the output directory's `index.json`, atomically.
  ///
  /// - Throws: ``Fatal`` when the file cannot be written.
  public func writeIndex(_ index: BatchIndex) throws(Fatal) {
    let output = ThemeOutput(directory: options.outputDirectory)
    try output.write(ThemeEncoder.encode(index), to: output.directory.appending("index.json"))
  }
}
