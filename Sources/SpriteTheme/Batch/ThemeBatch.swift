import SpriteFetch

/// Runs the pipeline over many inputs on several threads and writes an output directory:
/// `themes/<name>.json`, `thumbs/<name>-<size>.png` and `index.json` (SPEC section 8).
///
/// Every file is written atomically, and a theme only after its thumbnails, so an interrupted run
/// leaves whole files only; running again redoes the work and gives byte-identical files. Memory
/// holds one decoded sprite per job plus one small index entry per input.
///
/// ```swift
/// let inputs = BatchInput.collect(["samples/sprites"])
/// let batch = ThemeBatch(inputs: inputs, options: .init(outputDirectory: "out"))
/// let outcome = try batch.run()
/// print(outcome.index.errors.count)
/// ```
public final class ThemeBatch: Sendable {
  /// What to write and how many threads to use.
  public struct Options: Sendable {
    /// The output directory; created with its parents when missing.
    public var outputDirectory: String
    /// How many sprites are processed at once (at least 1).
    public var jobs: Int
    /// Longest sides of the thumbnails to write for each sprite; empty for none.
    public var thumbnailSizes: [Int]
    /// The pipeline (extent, limits) every sprite goes through.
    public var pipeline: ThemePipeline

    /// Creates options; by default one job per core and no thumbnails.
    public init(
      outputDirectory: String, jobs: Int = ProcessorCount.active,
      thumbnailSizes: [Int] = [], pipeline: ThemePipeline = ThemePipeline()
    ) {
      self.outputDirectory = outputDirectory
      self.jobs = max(1, jobs)
      self.thumbnailSizes = thumbnailSizes
      self.pipeline = pipeline
    }
  }

  /// How far a run has got.
  public struct Progress: Sendable {
    /// Inputs finished, successfully or not.
    public var done: Int
    /// Inputs that failed so far.
    public var failed: Int
    /// All inputs.
    public var total: Int
  }

  /// The result of a run that was not stopped by a fatal error.
  public struct Outcome: Sendable {
    /// The index as written (or as it would have been, when interrupted).
    public var index: BatchIndex
    /// True when ``cancel()`` stopped the run early; `index.json` is then not written.
    public var interrupted: Bool
  }

  /// A failure that stops the whole run: the output directory cannot be written.
  public struct Fatal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or directory that could not be written.
    public var path: String
    /// The operating system's reason.
    public var reason: String
    /// One line for people.
    public var description: String { "\(path): cannot write: \(reason)" }
  }

  private let inputs: [BatchInput]
  private let options: Options
  private let state = Locked(RunState())

  /// Prepares a run over `inputs` (see ``BatchInput/collect(_:standardInput:)``).
  public init(inputs: [BatchInput], options: Options) {
    self.inputs = inputs
    self.options = options
  }

  /// Asks the run to stop after the sprites in progress; safe to call from a signal handler queue.
  public func cancel() {
    state.withLock { $0.cancelled = true }
  }

  /// Processes every input and writes `index.json`.
  ///
  /// - Parameters:
  ///   - stopRequested: Asked before each input, from worker threads; once it returns true the
  ///     run stops as after ``cancel()``. For a flag a signal handler raises, which cannot call
  ///     ``cancel()`` itself.
  ///   - progress: Called after each input, from worker threads, one call at a time.
  /// - Throws: ``Fatal`` when the output directory or a file in it cannot be written.
  public func run(
    stopRequested: (@Sendable () -> Bool)? = nil, progress: (@Sendable (Progress) -> Void)? = nil
  ) throws(Fatal) -> Outcome {
    // thumbs/ only when there are thumbnails to write.
    let output = try OutputDirectory.prepare(
      path: options.outputDirectory,
      folders: options.thumbnailSizes.isEmpty ? [.themes] : [.themes, .thumbs])
    let total = inputs.count
    state.withLock { $0.results = Array(repeating: nil, count: total) }

    // The calling thread is one of the workers, so `--jobs 1` starts no thread at all.
    let finished = ThreadCountdown()
    for _ in 1..<min(options.jobs, max(1, total)) {
      finished.enter()
      let started = DetachedThread.start(name: "SpriteTheme.batch", stackSize: 1 << 22) {
        [self] in
        self.work(output: output, progress: progress, stopRequested: stopRequested)
        finished.leave()
      }
      // Without a thread the others (and the calling thread) still drain the inputs.
      if !started { finished.leave() }
    }
    work(output: output, progress: progress, stopRequested: stopRequested)
    finished.wait()

    let (results, fatal, cancelled) = state.withLock { ($0.results, $0.fatal, $0.cancelled) }
    if let fatal { throw fatal }
    var entries = [BatchIndex.Entry]()
    var errors = [BatchIndex.Failure]()
    for result in results {
      switch result {
      case .written(let entry): entries.append(entry)
      case .failed(let failure): errors.append(failure)
      case nil: break
      }
    }
    let index = BatchIndex(entries: entries, errors: errors)
    if cancelled { return Outcome(index: index, interrupted: true) }
    try output.write(index: index)
    return Outcome(index: index, interrupted: false)
  }

  /// A worker: takes the next inputs until none is left, the run is cancelled or fails.
  ///
  /// Where SHA-256 runs in SIMD lanes, inputs come in groups (up to 32, fewer towards the end so
  /// that the workers finish together): the group's files are read, their digests computed side
  /// by side (eight messages per AVX2 instruction stream, a lane taking the next file when its
  /// own ends), then each is analysed and written in order.
  private func work(
    output: OutputDirectory, progress: (@Sendable (Progress) -> Void)?,
    stopRequested: (@Sendable () -> Bool)?
  ) {
    let writer = SpriteWriter(
      output: output, pipeline: options.pipeline, thumbnailSizes: options.thumbnailSizes)
    // The themes waiting to be written share one buffer.
    var json = JSONWriter(capacity: 1 << 15)
    var processed = [(position: Int, item: ProcessedItem)]()
    let total = inputs.count
    let groupSize = SHA256.lanes > 1 ? 32 : 1

    /// Writes the files of `processed` in order and records each result; false after a fatal
    /// error (a file that could not be written).
    func flush() -> Bool {
      defer {
        json.reset()
        processed.removeAll(keepingCapacity: true)
      }
      for (position, item) in processed {
        let result: ItemResult
        switch item {
        case .encoded(let encoded):
          do {
            try writer.write(encoded, json: json)
          } catch {
            state.withLock { $0.fatal = $0.fatal ?? Self.fatal(error) }
            return false
          }
          result = .written(encoded.entry)
        case .failed(let failure):
          result = .failed(failure)
        }
        state.withLock { run in
          run.results[position] = result
          run.done += 1
          if case .failed = result { run.failed += 1 }
          progress?(Progress(done: run.done, failed: run.failed, total: total))
        }
      }
      return true
    }

    while let positions = state.withLock({
      $0.nextPositions(upTo: groupSize, total: total, workers: options.jobs)
    }) {
      let files = positions.map { position -> InputFile in
        do throws(ThemePipeline.Error) {
          return .read(try options.pipeline.read(inputs[position].path))
        } catch {
          return .unreadable(error)
        }
      }
      var digests = SHA256.hex(ofEach: files.compactMap { $0.bytes })[...]
      for (position, file) in zip(positions, files) {
        if let stopRequested, stopRequested() { cancel() }
        if state.withLock({ $0.cancelled || $0.fatal != nil }) {
          // What was analysed is written even when the run stops: every file whole.
          _ = flush()
          return
        }
        // The digests are in the order of the files that could be read.
        let digest: String? = if case .read = file { digests.removeFirst() } else { nil }
        let item = process(
          inputs[position], file: file, sha256: digest, writer: writer, json: &json)
        processed.append((position, item))
        // Files are written a few sprites at a time (see `SpriteWriter.encode`).
        if processed.count == Self.writeRun, !flush() { return }
      }
      if !flush() { return }
    }
  }

  /// How many sprites' files a worker writes in a row: creating files costs the kernel about
  /// half as much in a row as between analyses; a few in a row get most of that, and keep the
  /// buffer that holds them small.
  static let writeRun = 8

  /// Analyses one input (its bytes as read, or why they could not be, and their digest) and
  /// encodes its thumbnails and theme, to be written with the rest of its group.
  private func process(
    _ input: BatchInput, file: InputFile, sha256: String?,
    writer: SpriteWriter, json: inout JSONWriter
  ) -> ProcessedItem {
    do throws(ThemePipeline.Error) {
      let sprite = try options.pipeline.analyze(
        bytes: try file.contents(), name: ThemePipeline.spriteName(forPath: input.path),
        path: input.path, sha256: sha256)
      return .encoded(
        try writer.encode(sprite, name: input.name, source: input.path, appendingTo: &json))
    } catch {
      return .failed(
        BatchIndex.Failure(source: input.path, stage: error.stage, message: error.reason))
    }
  }

  /// The fatal error for a file that could not be written.
  private static func fatal(_ error: ThemePipeline.Error) -> Fatal {
    if case .writeFailed(let path, let reason, _) = error {
      return Fatal(path: path, reason: reason)
    }
    return Fatal(path: error.source, reason: error.reason)
  }
}

/// One input after analysis: its files encoded and waiting to be written, or why it failed.
private enum ProcessedItem {
  case encoded(EncodedSprite)
  case failed(BatchIndex.Failure)
}

/// An input's bytes as read, or why they could not be.
///
/// Not a `Result`: instantiating `Result<_, Failure: Error>` makes the runtime confirm the
/// `Error` conformance by scanning every conformance record in the binary, once per run.
private enum InputFile {
  case read([UInt8])
  case unreadable(ThemePipeline.Error)

  /// The bytes, or `nil` when the file could not be read.
  var bytes: [UInt8]? {
    if case .read(let bytes) = self { bytes } else { nil }
  }

  /// The bytes; throws why the file could not be read.
  func contents() throws(ThemePipeline.Error) -> [UInt8] {
    switch self {
    case .read(let bytes): return bytes
    case .unreadable(let error): throw error
    }
  }
}

/// What became of one input.
private enum ItemResult: Sendable {
  case written(BatchIndex.Entry)
  case failed(BatchIndex.Failure)
}

/// The shared, lock-protected state of one run.
private struct RunState: Sendable {
  var next = 0
  var done = 0
  var failed = 0
  var cancelled = false
  var fatal: ThemeBatch.Fatal?
  var results = [ItemResult?]()

  /// The next inputs to process: at most `limit`, and with several workers a share of what is
  /// left small enough for them to finish together (a single worker takes full groups, which
  /// keep every SHA-256 lane busy); `nil` when the run should stop taking work.
  mutating func nextPositions(upTo limit: Int, total: Int, workers: Int) -> Range<Int>? {
    guard !cancelled, fatal == nil, next < total else { return nil }
    let share = workers == 1 ? total - next : (total - next) / (2 * workers)
    let count = min(limit, max(1, share))
    defer { next += count }
    return next..<(next + count)
  }
}
