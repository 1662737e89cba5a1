import SystemPackage

/// The one place that analyses sprites and writes an output directory (SPEC section 8):
/// `themes/<name>.json`, `thumbs/<name>-<size>.png`, and `index.json` when the caller writes it.
/// `batch` and `fetch` are producers: each hands over ``SpriteInput``s in output order.
///
/// Sprites are analysed in a task group, at most ``Options/jobs`` at once. Every file is written
/// atomically, a theme after its thumbnails, so a stopped run leaves whole files only, and the
/// output does not depend on the number of jobs. Cancelling the calling task stops the run: the
/// sprites in progress are finished and written, no new one starts, and the caller does not
/// write the index.
///
/// ```swift
/// let engine = ThemeEngine(options: .init(outputDirectory: "out", thumbnailSizes: [96]))
/// let index = try await engine.run(BatchInputs(BatchInput.collect(["samples/sprites"])))
/// if !Task.isCancelled { try engine.writeIndex(index) }
/// ```
public struct ThemeEngine: Sendable {
  /// What to write and how much work to run at once.
  public struct Options: Sendable {
    /// The output directory; created with its parents when missing.
    public var outputDirectory: FilePath
    /// How many sprites are analysed at once (at least 1).
    public var jobs: Int
    /// Longest sides of the thumbnails to write for each sprite; empty for none.
    public var thumbnailSizes: [Int]
    /// How each thumbnail fills its size: the scaled sprite, or a square padded around it.
    public var thumbnailFit: Thumbnail.Fit
    /// The pipeline (extent, palette size, limits) every sprite goes through.
    public var pipeline: ThemePipeline
    /// The most bytes of decoded pixels (width x height x 4) in flight at once; a job waits
    /// rather than exceed it, and an image larger than all of it runs alone.
    public var maxMemory: Int
    /// Redo every sprite, even one whose files are up to date.
    public var force: Bool

    /// Creates options: by default one job per active processor, no thumbnails, 1 GiB of
    /// decoded pixels, and up-to-date sprites kept.
    public init(
      outputDirectory: FilePath, jobs: Int = ThemeEngine.defaultJobs, thumbnailSizes: [Int] = [],
      pipeline: ThemePipeline = ThemePipeline(), maxMemory: Int = ThemeEngine.defaultMaxMemory,
      force: Bool = false, thumbnailFit: Thumbnail.Fit = .contain
    ) {
      self.outputDirectory = outputDirectory
      self.jobs = max(1, jobs)
      self.thumbnailSizes = thumbnailSizes
      self.pipeline = pipeline
      self.maxMemory = max(1, maxMemory)
      self.force = force
      self.thumbnailFit = thumbnailFit
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
  /// Inputs are taken from `inputs` only when a job is free, so a producer that reads or
  /// downloads in `next()` never runs far ahead. When the calling task is cancelled, the run
  /// takes no more inputs, finishes the sprites in progress and returns what was done.
  ///
  /// - Parameters:
  ///   - inputs: The sprites, in output order; failures are inputs too (``SpriteInput/failure``).
  ///   - progress: Called after each input, from the calling task, one call at a time.
  /// - Returns: The index: an entry per sprite written or up to date, an error per failure.
  /// - Throws: ``Fatal`` when the output directory or a file in it cannot be written; the jobs
  ///   in progress are finished first.
  public func run<Inputs: AsyncSequence>(
    _ inputs: Inputs, progress: (@Sendable (Progress) -> Void)? = nil
  ) async throws(Fatal) -> BatchIndex where Inputs.Element == SpriteInput, Inputs.Failure == Never {
    try await run(inputs, memory: MemoryBudget(limit: options.maxMemory), progress: progress)
  }

  /// Runs as ``run(_:progress:)`` does, with the jobs' decoded pixels under `memory`; each job
  /// calls `holdingMemory` once it holds its share (tests observe the budget there).
  func run<Inputs: AsyncSequence>(
    _ inputs: Inputs, memory: MemoryBudget, progress: (@Sendable (Progress) -> Void)? = nil,
    holdingMemory: (@Sendable () async -> Void)? = nil
  ) async throws(Fatal) -> BatchIndex where Inputs.Element == SpriteInput, Inputs.Failure == Never {
    let output = try ThemeOutput.prepare(
      options.outputDirectory, thumbnails: !options.thumbnailSizes.isEmpty)
    let records = try RunRecords(directory: options.outputDirectory)
    let writer = SpriteJob.Context(
      output: output, options: options, memory: memory, records: records,
      holdingMemory: holdingMemory)
    // The index and the records to keep, in input order: a result that finishes before an
    // earlier input's waits in `finishedEarly` (a few at most, about `jobs`), so nothing but the
    // index holds a result per input.
    var index = BatchIndex(entries: [], errors: [])
    var kept = [RunRecord]()
    var finishedEarly = [Int: SpriteJob.Result]()
    var nextInOrder = 0
    var started = 0
    var counts = Progress()
    var fatal: Fatal?

    /// Adds one result to the index and the records to keep.
    func collect(_ result: SpriteJob.Result) {
      switch result {
      case .written(let entry, let record):
        index.entries.append(entry)
        if let record { kept.append(record) }
      case .upToDate(let entry, let record):
        index.entries.append(entry)
        kept.append(record)
      case .failed(let failure): index.errors.append(failure)
      case .fatal: break
      }
    }

    await withTaskGroup(of: (Int, SpriteJob.Result).self) { group in
      var iterator = inputs.makeAsyncIterator()
      var running = 0

      /// Records one finished job.
      func record(_ finished: (Int, SpriteJob.Result)?) {
        guard let (position, result) = finished else { return }
        running -= 1
        finishedEarly[position] = result
        while let next = finishedEarly.removeValue(forKey: nextInOrder) {
          collect(next)
          nextInOrder += 1
        }
        switch result {
        case .written: counts.written += 1
        case .upToDate: counts.upToDate += 1
        case .failed: counts.failed += 1
        case .fatal(let error):
          fatal = fatal ?? error
          return
        }
        counts.done += 1
        progress?(counts)
      }

      while fatal == nil, !Task.isCancelled {
        if running == options.jobs { record(await group.next()) }
        guard fatal == nil, !Task.isCancelled,
          let input = await iterator.next(isolation: nil)
        else { break }
        let position = started
        started += 1
        running += 1
        if options.jobs == 1 {
          // One at a time: the job runs here, not in a child task, which would hop to another
          // thread and back for every sprite.
          record((position, await SpriteJob.run(input, in: writer)))
        } else {
          group.addTask { (position, await SpriteJob.run(input, in: writer)) }
        }
      }
      while running > 0 { record(await group.next()) }
    }
    if let fatal {
      try? records.flush()
      throw fatal
    }
    assert(finishedEarly.isEmpty, "every job started has finished and been collected")
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
