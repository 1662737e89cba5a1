import Foundation
import SpriteFetch
import SpriteTheme
import SystemPackage

/// Downloads sprites and writes the same output directory as `batch` through the
/// ``ThemeEngine`` (SPEC sections 8 and 9); or, with ``Options/downloadOnly``, only the sprites,
/// as `sprites/<name>.png`, and a ``DownloadIndex``.
///
/// The inputs (a URL list or a PokeAPI crawl, itself an async sequence) are named in input
/// order, so output does not depend on download order. Up to twice ``Options/concurrency``
/// downloads run ahead of the analysis (the loader runs at most `concurrency` transfers at once)
/// and flow into the engine in input order as they complete. Cancelling the calling task stops
/// the run: downloads in flight are cancelled, files in flight are finished whole, and
/// `index.json` is not written.
///
/// ```swift
/// let fetch = ThemeFetch(options: .init(outputDirectory: "out"))
/// let outcome = try await fetch.run(inputs: .urlList(text), loader: CurlDataLoader())
/// ```
public struct ThemeFetch: Sendable {
  /// What to write and how much runs at once: the engine's options, whose fields read as these
  /// options' own, and the downloads'.
  @dynamicMemberLookup
  public struct Options: Sendable {
    /// The output directory, the thumbnails and the analysis, as for `batch`.
    public var engine: ThemeEngine.Options
    /// How many downloads run at once (at least 1).
    public var concurrency: Int
    /// Write each downloaded sprite as `sprites/<name>.png` and a ``DownloadIndex``; no analysis.
    public var downloadOnly: Bool
    /// With ``downloadOnly``: the cache directory, where the sprites' validators are kept
    /// (`<outputDirectory>/.cache` when nil).
    public var cacheDirectory: FilePath?
    /// With ``downloadOnly``: seconds a sprite in `sprites/` stays fresh.
    public var ttl: Double
    /// With ``downloadOnly``: the clock that dates and ages the sprites.
    public var now: @Sendable () -> Date

    /// Creates options; by default 8 downloads at once, one analysis job per processor, no
    /// thumbnails.
    public init(
      outputDirectory: FilePath, concurrency: Int = 8, jobs: Int = ThemeEngine.defaultJobs,
      thumbnailSizes: [Int] = [], pipeline: ThemePipeline = ThemePipeline(),
      maxMemory: Int = ThemeEngine.defaultMaxMemory, force: Bool = false,
      downloadOnly: Bool = false, cacheDirectory: FilePath? = nil,
      ttl: Double = CachingDataLoader.defaultTTL, now: @escaping @Sendable () -> Date = { Date() },
      thumbnailFit: Thumbnail.Fit = .contain
    ) {
      engine = ThemeEngine.Options(
        outputDirectory: outputDirectory, jobs: jobs, thumbnailSizes: thumbnailSizes,
        pipeline: pipeline, maxMemory: maxMemory, force: force, thumbnailFit: thumbnailFit)
      self.concurrency = max(1, concurrency)
      self.downloadOnly = downloadOnly
      self.cacheDirectory = cacheDirectory
      self.ttl = ttl
      self.now = now
    }

    /// A field of ``engine`` (`outputDirectory`, `thumbnailSizes`, `jobs`, ...).
    public subscript<Value>(dynamicMember field: WritableKeyPath<ThemeEngine.Options, Value>)
      -> Value
    {
      get { engine[keyPath: field] }
      set { engine[keyPath: field] = newValue }
    }
  }

  /// The result of a run that was not stopped by a fatal error.
  public struct Outcome: Sendable {
    /// The index as written (or as it would have been, when interrupted); with
    /// ``Options/downloadOnly`` it holds the errors and skipped entries, and ``downloads`` the
    /// rest.
    public var index: BatchIndex
    /// With ``Options/downloadOnly``, the download index as written; nil otherwise.
    public var downloads: DownloadIndex?
    /// True when the task was cancelled; `index.json` is then not written.
    public var interrupted: Bool
    /// The run's final counts.
    public var counts: Progress
  }

  /// A run's counts so far, for its progress line.
  public struct Progress: Sendable, Equatable {
    /// Entries taken from the crawl or the URL list: sprites, skipped and failed ones.
    public var listed = 0
    /// Entries that named a sprite to download.
    public var sprites = 0
    /// Sprites whose bodies came over the network.
    public var downloaded = 0
    /// Sprites answered by the cache, fresh or after a 304.
    public var cached = 0
    /// Sprites analysed and written, or kept up to date (none with ``Options/downloadOnly``).
    public var analysed = 0
    /// Entries that failed, in any stage.
    public var failed = 0
    /// Entries skipped on purpose (no sprite at the key, forms left out).
    public var skipped = 0

    /// No counts yet.
    public init() {}
  }

  /// The options of every run.
  public let options: Options

  /// Prepares runs with `options`.
  public init(options: Options) {
    self.options = options
  }

  /// Downloads, analyses and writes every input, then writes `index.json` (unless cancelled).
  ///
  /// - Parameters:
  ///   - inputs: The items, in output order.
  ///   - loader: Loads the sprites (and the crawl's documents, through `inputs`).
  ///   - progress: Called after every change of the counts, from any task.
  /// - Throws: ``ThemeEngine/Fatal`` when the output directory cannot be written.
  public func run(
    inputs: FetchInputs, loader: any DataLoading,
    progress: (@Sendable (Progress) -> Void)? = nil
  ) async throws(ThemeEngine.Fatal) -> Outcome {
    let counters = FetchCounters(progress: progress)
    if options.downloadOnly {
      return try await runDownloads(inputs: inputs, loader: loader, counters: counters)
    }
    let engine = ThemeEngine(options: options.engine)
    let sprites = FetchedSprites(
      inputs: inputs, loader: loader, window: 2 * options.concurrency, counters: counters)
    var index = try await engine.run(sprites) { done in
      counters.update {
        $0.analysed = done.written + done.upToDate
        $0.failed = done.failed
      }
    }
    index.skipped = counters.skipped
    let interrupted = Task.isCancelled
    if !interrupted { try engine.writeIndex(index) }
    return Outcome(index: index, downloads: nil, interrupted: interrupted, counts: counters.counts)
  }
}
