import SpriteFetch

/// Downloads sprites and writes the same output directory as ``ThemeBatch``: `themes/<name>.json`,
/// `thumbs/<name>-<size>.png` and `index.json` (SPEC sections 8 and 9); or, with
/// ``Options/downloadOnly``, only the sprites, as `sprites/<name>.png`, and a ``DownloadIndex``.
///
/// Items are named in input order, so output does not depend on download order. Downloads run
/// `concurrency` at a time (the loader's own limit applies too); each body is analysed as soon as
/// it arrives, on ``Options/analysisThreads`` dedicated threads, so analysis never holds up the
/// transfer thread. At most `concurrency` plus twice `analysisThreads` sprites are in progress
/// at once, or twice `concurrency` in download-only mode. Everything runs on plain threads: the
/// calling thread produces the inputs and names the sprites, and waits for the rest.
///
/// ```swift
/// let fetch = ThemeFetch(options: .init(outputDirectory: "out"))
/// let outcome = try fetch.run(inputs: .list(items), loader: loader)
/// ```
public final class ThemeFetch: Sendable {
  /// What to write and how many downloads run at once.
  public struct Options: Sendable {
    /// The output directory; created with its parents when missing.
    public var outputDirectory: String
    /// How many sprites are downloaded and analysed at once (at least 1).
    public var concurrency: Int
    /// Longest sides of the thumbnails to write for each sprite; empty for none.
    public var thumbnailSizes: [Int]
    /// The pipeline (extent, limits) every sprite goes through.
    public var pipeline: ThemePipeline
    /// Write each downloaded sprite as `sprites/<name>.png` and a ``DownloadIndex``; no analysis.
    public var downloadOnly: Bool
    /// How many threads analyse sprites (at least 1).
    public var analysisThreads: Int
    /// With ``downloadOnly``: the cache directory, where the sprites' validators are kept
    /// (`<outputDirectory>/.cache` when nil).
    public var cacheDirectory: String?
    /// With ``downloadOnly``: seconds a sprite in `sprites/` stays fresh (see ``DownloadedSprites``).
    public var ttl: Double
    /// With ``downloadOnly``: the clock that dates and ages the sprites.
    public var now: @Sendable () -> Timestamp

    /// Creates options; by default 8 downloads at once, no thumbnails, analysis on one thread
    /// per core.
    public init(
      outputDirectory: String, concurrency: Int = 8, thumbnailSizes: [Int] = [],
      pipeline: ThemePipeline = ThemePipeline(), downloadOnly: Bool = false,
      analysisThreads: Int = ProcessorCount.active,
      cacheDirectory: String? = nil, ttl: Double = CachingDataLoader.defaultTTL,
      now: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) {
      self.outputDirectory = outputDirectory
      self.concurrency = max(1, concurrency)
      self.thumbnailSizes = thumbnailSizes
      self.pipeline = pipeline
      self.downloadOnly = downloadOnly
      self.analysisThreads = max(1, analysisThreads)
      self.cacheDirectory = cacheDirectory
      self.ttl = ttl
      self.now = now
    }
  }

  /// The result of a run that was not stopped by a fatal error.
  public struct Outcome: Sendable {
    /// The index as written (or as it would have been, when interrupted); with
    /// ``Options/downloadOnly`` it holds the errors only, and ``downloads`` the rest.
    public var index: BatchIndex
    /// With ``Options/downloadOnly``, the download index as written; nil otherwise.
    public var downloads: DownloadIndex?
    /// Entries that yielded no sprite (null sprite, or forms left out).
    public var skipped: Int
    /// True when ``cancel()`` stopped the run early; `index.json` is then not written.
    public var interrupted: Bool
    /// The run's final counts.
    public var counts: Progress = Progress()
  }

  /// A run's counts so far, for its progress line: entries listed, sprites downloaded or taken
  /// from the cache, analysed, failed.
  public struct Progress: Sendable, Equatable {
    /// Entries taken from the crawl or the URL list: sprites, entries without one, failed ones.
    public var listed = 0
    /// Sprites whose bodies came over the network.
    public var downloaded = 0
    /// Sprites answered by the cache, fresh or after a 304.
    public var cached = 0
    /// Sprites analysed and written (none with ``Options/downloadOnly``).
    public var analysed = 0
    /// Entries that failed, in any stage.
    public var failed = 0

    /// No counts yet.
    public init() {}
  }

  private let options: Options
  private let state = Locked(FetchState())
  /// Cancelled by ``cancel()``: stops the inputs' producer and the loads it has in flight.
  private let inputsStop = LoadHandle()

  /// Prepares a run.
  public init(options: Options) {
    self.options = options
  }

  /// Stops the run soon: no new items are taken and the downloads in flight are cancelled (they
  /// are neither written nor reported as errors). Safe to call from any thread.
  public func cancel() {
    let loads = state.withLock { run in
      run.cancelled = true
      return Array(run.loads.values)
    }
    inputsStop.cancel()
    for load in loads { load.cancel() }
  }

  /// Downloads, analyses and writes every input, then writes `index.json`.
  ///
  /// Inputs that end with an error are recorded as one `fetch` failure; the items before it are
  /// kept. Returns when every sprite is written (or the run was cancelled).
  /// - Throws: ``ThemeBatch/Fatal`` when the output directory cannot be written.
  public func run(
    inputs: FetchInputs, loader: any DataLoading,
    progress: (@Sendable (Progress) -> Void)? = nil
  ) throws(ThemeBatch.Fatal) -> Outcome {
    let output = try OutputDirectory.prepare(
      path: options.outputDirectory,
      folders: options.downloadOnly
        ? [.sprites] : options.thumbnailSizes.isEmpty ? [.themes] : [.themes, .thumbs])
    let sprites =
      options.downloadOnly
      ? DownloadedSprites(
        folder: output.open(.sprites),
        cacheDirectory: options.cacheDirectory ?? (output.path + "/.cache"), ttl: options.ttl,
        now: options.now,
        // A sprite that cannot be written stops the run, as a fatal result does.
        whenWriteFails: { [state] in state.withLock { $0.fatal = true } })
      : nil
    let writer = SpriteWriter(
      output: output, pipeline: options.pipeline, thumbnailSizes: options.thumbnailSizes)
    let downloadOnly = options.downloadOnly
    let results: [FetchResult?]
    let skipped: Int
    // The end of a download-only run is serial: the manifest is encoded on another thread while
    // this one gathers and encodes `index.json` (for a thousand sprites, 4 M and 3 M instructions).
    var manifest: ThreadHandoff<[UInt8]>?
    var writeFailure: ThemeBatch.Fatal?
    if let sprites {
      (results, skipped) = runDownloads(
        inputs: inputs, loader: loader, sprites: sprites, progress: progress)
      do throws(DownloadedSprites.Failure) {
        try sprites.finishWrites()
      } catch {
        if case .write(let file, let failure) = error {
          writeFailure = Self.writeFatal(file: file, failure, in: sprites)
        }
      }
      let encoded = ThreadHandoff<[UInt8]>()
      let started = DetachedThread.start(name: "SpriteTheme.manifest") {
        encoded.put(sprites.encodedManifest())
      }
      if !started { encoded.put(sprites.encodedManifest()) }
      manifest = encoded
    } else {
      (results, skipped) = runThemes(
        inputs: inputs, loader: loader, writer: writer, progress: progress)
    }

    var entries = [BatchIndex.Entry]()
    var downloaded = [DownloadIndex.Entry]()
    var errors = [BatchIndex.Failure]()
    var fatal: ThemeBatch.Fatal?
    gathering: for result in results {
      switch result {
      case .written(let entry): entries.append(entry)
      case .downloaded(let entry): downloaded.append(entry)
      case .failed(let failure): errors.append(failure)
      case .fatal(let error):
        fatal = error
        break gathering
      case .cancelled, nil: break
      }
    }
    fatal = fatal ?? writeFailure
    let index = BatchIndex(entries: entries, errors: errors)
    let downloads = downloadOnly ? DownloadIndex(entries: downloaded, errors: errors) : nil
    let interrupted = state.withLock { $0.cancelled }
    let indexBytes =
      fatal != nil || interrupted
      ? nil : downloads.map { ThemeEncoder.encode($0) } ?? ThemeEncoder.encode(index)
    if let sprites, let manifest {
      // Whole files only were written, so their records are kept even when interrupted.
      do throws(FileIO.Failure) {
        try sprites.save(manifest.take())
      } catch {
        throw ThemeBatch.Fatal(path: sprites.manifestPath, reason: error.reason)
      }
    }
    if let fatal { throw fatal }
    guard let indexBytes else {
      return Outcome(
        index: index, downloads: downloads, skipped: skipped, interrupted: true,
        counts: state.withLock { $0.counts })
    }
    try output.writeIndex(indexBytes)
    return Outcome(
      index: index, downloads: downloads, skipped: skipped, interrupted: false,
      counts: state.withLock { $0.counts })
  }

  /// Runs a full fetch: each sprite's download starts from an ``OperationPump`` (at most the
  /// loader's limit plus room for the queue in front of the analysis threads), and its body is
  /// analysed and written on an analysis thread. Returns the results by input position and the
  /// number of skipped entries.
  private func runThemes(
    inputs: FetchInputs, loader: any DataLoading, writer: SpriteWriter,
    progress: (@Sendable (Progress) -> Void)?
  ) -> (results: [FetchResult?], skipped: Int) {
    let analysis = WorkerThreads(count: options.analysisThreads, name: "SpriteTheme.analysis")
    defer { analysis.shutdown() }
    let pipeline = options.pipeline
    let pump = OperationPump(limit: options.concurrency + 2 * options.analysisThreads)
    let results = Locked([FetchResult?]())
    let skipped = feed(inputs, into: results, progress: progress) { url, name, id, position in
      let finish = finisher(position, results: results, pump: pump, progress: progress)
      enqueue(position, on: pump, finish: finish) {
        loader.load(FetchRequest(url: url, expecting: .png)) { outcome in
          let source = url.absoluteString
          switch outcome {
          case .failure(FetchError.cancelled):
            finish(.cancelled, nil)
          case .failure(let error):
            let failure = BatchIndex.Failure(
              source: source, stage: "fetch", message: String(describing: error))
            finish(.failed(failure), nil)
          case .success(let response):
            let body = response.body
            let origin: Origin = response.source == .network ? .network : .cache
            analysis.submit {
              finish(
                Self.analyse(
                  body, name: name, source: source, id: id, pipeline: pipeline, writer: writer),
                origin)
            }
          }
        }
      }
    }
    pump.drain()
    return (results.withLock { $0 }, skipped)
  }

  /// Runs a download-only fetch: each download starts from an ``OperationPump`` of twice
  /// `concurrency`, whose downloads start from the thread that finishes the one before (the
  /// loader's completion form). For `CurlDataLoader` the next download starts on the transfer
  /// thread as a transfer ends, as curl's `--parallel` does, and the sprite goes to
  /// ``DownloadedSprites``'s writer thread: no thread per sprite. Returns the results by input
  /// position and the number of skipped entries.
  private func runDownloads(
    inputs: FetchInputs, loader: any DataLoading, sprites: DownloadedSprites,
    progress: (@Sendable (Progress) -> Void)?
  ) -> (results: [FetchResult?], skipped: Int) {
    let pump = OperationPump(limit: 2 * options.concurrency)
    let results = Locked([FetchResult?]())
    let skipped = feed(inputs, into: results, progress: progress) { url, name, _, position in
      let finish = finisher(position, results: results, pump: pump, progress: progress)
      enqueue(position, on: pump, finish: finish) {
        Self.download(url: url, name: name, loader: loader, into: sprites, completion: finish)
      }
    }
    pump.drain()
    return (results.withLock { $0 }, skipped)
  }

  /// Runs the inputs' producer on this thread: counts each input as listed, names its sprite in
  /// input order and passes it to `start` with its position in `results`; records failed
  /// entries and the producer's own error. Returns the number of skipped entries.
  private func feed(
    _ inputs: FetchInputs, into results: Locked<[FetchResult?]>,
    progress: (@Sendable (Progress) -> Void)?,
    start: (_ url: AbsoluteURL, _ name: String, _ id: Int?, _ position: Int) -> Void
  ) -> Int {
    let state = self.state
    var namer = SpriteNamer()
    var skipped = 0
    do {
      try inputs.produce(stop: inputsStop) { input in
        if state.withLock({ $0.cancelled || $0.fatal }) { return false }
        guard
          let (url, rawName, id) = Self.list(
            input, state: state, skipped: &skipped, progress: progress,
            record: { result in results.withLock { $0.append(result) } })
        else { return true }
        let name = namer.uniqueName(for: rawName)
        let position = results.withLock { all -> Int in
          all.append(nil)
          return all.count - 1
        }
        start(url, name, id, position)
        return true
      }
    } catch {
      if !state.withLock({ $0.cancelled }) {
        let failure = Self.failure(ofList: error)
        results.withLock { $0.append(.failed(failure)) }
      }
    }
    return skipped
  }

  /// What ends the item at `position`: stores its result, counts it, reports progress and frees
  /// its place in `pump`.
  private func finisher(
    _ position: Int, results: Locked<[FetchResult?]>, pump: OperationPump,
    progress: (@Sendable (Progress) -> Void)?
  ) -> @Sendable (FetchResult, Origin?) -> Void {
    let state = self.state
    return { result, origin in
      results.withLock { $0[position] = result }
      let counts = state.withLock { run in
        run.forget(position)
        return run.finish(result, origin: origin)
      }
      progress?(counts)
      pump.finished()
    }
  }

  /// Queues the item at `position` on `pump`. When its turn comes it ends as cancelled if the
  /// run was cancelled or failed by then (a download not started never starts); otherwise
  /// `start` begins its load, whose handle is kept for ``cancel()``.
  private func enqueue(
    _ position: Int, on pump: OperationPump,
    finish: @escaping @Sendable (FetchResult, Origin?) -> Void,
    start: @escaping @Sendable () -> LoadHandle?
  ) {
    let state = self.state
    pump.enqueue {
      if state.withLock({ $0.cancelled || $0.fatal }) {
        finish(.cancelled, nil)
        return
      }
      if let handle = start() { Self.record(handle, at: position, in: state) }
    }
  }

  /// Keeps the handle of the load at `position` for ``cancel()``, and cancels it at once when a
  /// cancel came before it was recorded.
  private static func record(_ handle: LoadHandle, at position: Int, in state: Locked<FetchState>) {
    let cancelled = state.withLock { run in
      run.record(handle, at: position)
      return run.cancelled
    }
    if cancelled { handle.cancel() }
  }

  /// Counts `input` as listed and returns the sprite it names; a skipped entry is added to
  /// `skipped`, and a failed one is counted as finished and passed to `record` (both return nil).
  private static func list(
    _ input: FetchInput, state: Locked<FetchState>, skipped: inout Int,
    progress: (@Sendable (Progress) -> Void)?, record: (FetchResult) -> Void
  ) -> (url: AbsoluteURL, name: String, id: Int?)? {
    // Counted first: `progress?(...)` would skip evaluating its argument when there is no closure.
    let listed = state.withLock { $0.list() }
    progress?(listed)
    switch input {
    case .sprite(let url, let name, let id):
      return (url, name, id)
    case .skipped:
      skipped += 1
    case .failed(let source, let stage, let message):
      let failure = FetchResult.failed(
        BatchIndex.Failure(source: source, stage: stage, message: message))
      record(failure)
      let finished = state.withLock { $0.finish(failure, origin: nil) }
      progress?(finished)
    }
    return nil
  }

  /// The index record of a stream that ended with an error: a PokeAPI list page that failed is
  /// recorded under its URL.
  static func failure(ofList error: any Error) -> BatchIndex.Failure {
    if let page = error as? PokeAPIListError {
      return BatchIndex.Failure(
        source: page.url.absoluteString, stage: "fetch", message: page.description)
    }
    return BatchIndex.Failure(source: "list", stage: "fetch", message: String(describing: error))
  }

  /// Analyses one downloaded sprite and writes its files.
  private static func analyse(
    _ body: [UInt8], name: String, source: String, id: Int?, pipeline: ThemePipeline,
    writer: SpriteWriter
  ) -> FetchResult {
    do throws(ThemePipeline.Error) {
      let sprite = try pipeline.analyze(bytes: body, name: name, url: source, id: id)
      return .written(try writer.write(sprite, name: name, source: source))
    } catch {
      if case .writeFailed(let path, let reason, _) = error {
        return .fatal(ThemeBatch.Fatal(path: path, reason: reason))
      }
      return .failed(BatchIndex.Failure(source: source, stage: error.stage, message: error.reason))
    }
  }

  /// Downloads one sprite (unless `sprites` still holds it fresh), writes it as received to
  /// `sprites/<name>.png`, and passes the outcome and where the body came from to `completion`
  /// (on the thread described at ``DownloadedSprites/keep(_:as:loader:completion:)``).
  private static func download(
    url: AbsoluteURL, name: String, loader: any DataLoading, into sprites: DownloadedSprites,
    completion: @escaping @Sendable (FetchResult, Origin?) -> Void
  ) -> LoadHandle? {
    let source = url.absoluteString
    let file = name + ".png"
    return sprites.keep(url, as: file, loader: loader) { outcome in
      switch outcome {
      case .success(let kept):
        let entry = DownloadIndex.Entry(
          name: name, source: source, sprite: "sprites/" + file, bytes: kept.bytes)
        completion(.downloaded(entry), kept.fromCache ? .cache : .network)
      case .failure(.fetch(let error)) where (error as? FetchError) == .cancelled:
        completion(.cancelled, nil)
      case .failure(.fetch(let error)):
        let failure = BatchIndex.Failure(
          source: source, stage: "fetch", message: String(describing: error))
        completion(.failed(failure), nil)
      case .failure(.write(let file, let error)):
        completion(.fatal(writeFatal(file: file, error, in: sprites)), nil)
      }
    }
  }

  /// The fatal error of a sprite that could not be written as `file` in the sprites folder.
  private static func writeFatal(
    file: String, _ error: FileIO.Failure, in sprites: DownloadedSprites
  ) -> ThemeBatch.Fatal {
    ThemeBatch.Fatal(path: sprites.folder.path + "/" + file, reason: error.reason)
  }
}

/// What became of one fetched item.
private enum FetchResult: Sendable {
  case written(BatchIndex.Entry)
  case downloaded(DownloadIndex.Entry)
  case failed(BatchIndex.Failure)
  case fatal(ThemeBatch.Fatal)
  /// Stopped by ``ThemeFetch/cancel()``: neither written nor an error.
  case cancelled
}

/// The lock-protected counters of one run.
private struct FetchState: Sendable {
  var counts = ThemeFetch.Progress()
  var cancelled = false
  var fatal = false
  /// The downloads in flight by input position, for ``ThemeFetch/cancel()``.
  var loads: [Int: LoadHandle] = [:]
  /// Positions whose download finished before its handle was recorded.
  var finishedBeforeRecorded: Set<Int> = []

  /// Counts one more listed entry; returns the counts.
  mutating func list() -> ThemeFetch.Progress {
    counts.listed += 1
    return counts
  }

  /// Counts a finished item (and where its body came from); returns the counts.
  mutating func finish(_ result: FetchResult, origin: Origin?) -> ThemeFetch.Progress {
    switch origin {
    case .network: counts.downloaded += 1
    case .cache: counts.cached += 1
    case nil: break
    }
    switch result {
    case .written: counts.analysed += 1
    case .failed: counts.failed += 1
    case .fatal: fatal = true
    case .downloaded, .cancelled: break
    }
    return counts
  }

  /// Records the handle of the download at `position`, unless it has finished already.
  mutating func record(_ handle: LoadHandle, at position: Int) {
    if finishedBeforeRecorded.remove(position) == nil { loads[position] = handle }
  }

  /// Forgets the download at `position`, which has finished.
  mutating func forget(_ position: Int) {
    if loads.removeValue(forKey: position) == nil { finishedBeforeRecorded.insert(position) }
  }
}

/// Where a sprite's body came from.
private enum Origin: Sendable {
  /// A transfer.
  case network
  /// The cache: fresh, or revalidated with a 304.
  case cache
}

/// One item of a `fetch` run, in input order: a sprite to download, an entry that yields no
/// sprite, or an entry that already failed before its sprite could be known.
public enum FetchInput: Sendable {
  /// A sprite to download from `url`; `name` is the raw name before sanitising.
  case sprite(url: AbsoluteURL, name: String, id: Int?)
  /// An entry with no sprite (null sprite, or a form left out); not an error.
  case skipped
  /// An entry that failed (e.g. its PokeAPI document); recorded in the index's errors.
  case failed(source: String, stage: String, message: String)

  /// The fetch input for one PokeAPI crawl item.
  public init(_ item: CrawlItem) {
    switch item {
    case .sprite(let id, let name, let url):
      self = .sprite(url: url, name: name, id: id)
    case .skipped:
      self = .skipped
    case .failed(_, _, let url, let error):
      self = .failed(
        source: url.absoluteString, stage: "fetch", message: String(describing: error))
    }
  }

  /// Parses a URL list: one URL per line, blank lines and `#` comments ignored. Each sprite is
  /// named after its URL's last path component without `.png`.
  public static func urlList(_ text: String) -> [FetchInput] {
    urlListLines(text).compactMap(urlListItem)
  }

  /// The lines of a URL list, not yet parsed (see ``urlListItem(_:)``): splitting is cheap, and
  /// parsing each line as it is needed lets the first download start before the last is parsed.
  public static func urlListLines(_ text: String) -> [Substring] {
    lines(of: text)
  }

  /// The item for one line of a URL list (see ``urlList(_:)``), or nil for a blank line or a
  /// comment.
  public static func urlListItem(_ raw: Substring) -> FetchInput? {
    var trimmed = raw.drop(while: \.isWhitespace)
    while let last = trimmed.last, last.isWhitespace { trimmed = trimmed.dropLast() }
    let line = String(trimmed)
    if line.isEmpty || line.hasPrefix("#") { return nil }
    guard let url = AbsoluteURL(string: line) else {
      return .failed(source: line, stage: "fetch", message: "Not a URL.")
    }
    var name = plainLastSegment(of: line) ?? url.lastPathComponent
    if hasPNGExtension(name) { name.removeLast(4) }
    return .sprite(url: url, name: name, id: nil)
  }

  /// The last path segment of a plain absolute URL (`scheme://authority/…/segment`, with an
  /// optional query or fragment), when it is made of unreserved characters only (RFC 3986:
  /// letters, digits, `-`, `.`, `_`, `~`) and is not `.` or `..`: then it is what
  /// `URL.lastPathComponent` gives, without the cost of asking (4,300 instructions a URL, a third
  /// of reading a URL list). Nil for anything else, which the caller leaves to `URL`.
  static func plainLastSegment(of url: String) -> String? {
    var url = url
    return url.withUTF8 { bytes -> String? in
      // The scheme: a letter, then letters, digits, `+`, `-` or `.`, then `://`.
      var index = 0
      while index < bytes.count, isSchemeCharacter(bytes[index], first: index == 0) { index += 1 }
      guard index > 0, index + 2 < bytes.count, bytes[index] == UInt8(ascii: ":"),
        bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
      else { return nil }
      // The authority, then the path up to a query or fragment.
      var lastSlash = -1
      index += 3
      while index < bytes.count, bytes[index] != UInt8(ascii: "?"),
        bytes[index] != UInt8(ascii: "#")
      {
        if bytes[index] == UInt8(ascii: "/") { lastSlash = index }
        index += 1
      }
      guard lastSlash >= 0, lastSlash + 1 < index else { return nil }
      let segment = UnsafeBufferPointer(rebasing: bytes[(lastSlash + 1)..<index])
      guard segment.allSatisfy(isUnreserved), segment.contains(where: { $0 != UInt8(ascii: ".") })
      else { return nil }
      return String(decoding: segment, as: UTF8.self)
    }
  }

  /// A character of a URL scheme (RFC 3986, section 3.1): a letter first, then letters, digits,
  /// `+`, `-` or `.`.
  private static func isSchemeCharacter(_ byte: UInt8, first: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."):
      return !first
    default: return false
    }
  }

  /// RFC 3986's unreserved characters.
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// True when `name` ends in `.png`, in any letter case.
  private static func hasPNGExtension(_ name: String) -> Bool {
    let tail = name.utf8.suffix(4)
    return tail.count == 4
      && zip(tail, ".png".utf8).allSatisfy { $0 == $1 || ((65...90).contains($0) && $0 + 32 == $1) }
  }

  /// The non-empty lines of `text`: split on bytes when it is ASCII (the usual case, and much
  /// cheaper than splitting characters), else on every newline character.
  private static func lines(of text: String) -> [Substring] {
    var text = text
    let ascii = text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    guard ascii else { return text.split(whereSeparator: \.isNewline) }
    return text.withUTF8 { bytes in
      bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C })
        .map { Substring(String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self)) }
    }
  }
}
