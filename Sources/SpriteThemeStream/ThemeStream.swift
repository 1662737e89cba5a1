import Foundation
import SpriteFetch
import SpriteFlow
import SpriteTheme
import SystemPackage

/// `batch --jsonl` (SPEC section 14): every input's theme, or its error, as one JSON line on an
/// output, in input order, each line written whole as soon as it and every line before it are
/// ready.
///
/// Inputs flow through two ``OrderedConcurrentMap`` stages, each ``Options/jobs`` wide: files
/// are read and URLs downloaded (through `loader`, with its retries and cache), then analysed
/// (``StreamAnalyst``). Each stage holds at most twice `jobs` inputs, running or finished and
/// waiting for an earlier one, so memory holds at most four times `jobs` sprites and lines,
/// however long the stream. Cancelling the calling task (SIGINT) stops the run after the
/// last whole line: nothing after it is written.
///
/// ```swift
/// let stream = ThemeStream(options: .init(jobs: 2), loader: { CurlDataLoader() })
/// let outcome = try await stream.run(StreamInputs(arguments: ["-"]), to: .standardOutput)
/// ```
public struct ThemeStream: Sendable {
  /// How much runs at once and how sprites are analysed: the engine's analysis options (`jobs`
  /// inputs are read or downloaded at once, and `jobs` analysed).
  public typealias Options = ThemeEngine.Analysis

  /// What a run did.
  public struct Outcome: Sendable, Equatable {
    /// Lines written: themes and errors.
    public var lines = 0
    /// Error lines among them.
    public var failed = 0
    /// True when the task was cancelled before the inputs ran out.
    public var interrupted = false
  }

  /// The options of every run.
  public let options: Options
  /// The loader of URL inputs, made on the first URL (a file-only stream starts no downloader).
  private let loader: LazyDataLoader

  /// Prepares runs with `options`; `loader` makes the downloader the first URL input needs.
  public init(options: Options, loader: @escaping @Sendable () -> any DataLoading) {
    self.options = options
    self.loader = LazyDataLoader(make: loader)
  }

  /// Writes the line of every input of `inputs` to `output`, in order, each line in one
  /// `writeAll`.
  ///
  /// - Throws: ``ThemeEngine/Fatal`` when `output` cannot be written (a closed pipe, a full
  ///   disk); the lines before are whole.
  public func run<Inputs: AsyncSequence & Sendable>(
    _ inputs: Inputs, to output: FileDescriptor,
    failed: (@Sendable (BatchIndex.Failure) -> Void)? = nil
  ) async throws(ThemeEngine.Fatal) -> Outcome
  where Inputs.Element == StreamInput, Inputs.Failure == Never {
    try await run(
      inputs, write: { line in _ = try line.withUnsafeBytes { try output.writeAll($0) } },
      failed: failed)
  }

  /// Hands the line of every input of `inputs` to `write`, in order.
  ///
  /// - Parameters:
  ///   - inputs: The inputs, in output order.
  ///   - write: Writes one whole line (standard output, behind the executable's gate that lets
  ///     a signal end the process between lines only); it throws `CancellationError` when it
  ///     dropped the line because the run is stopping (the outcome is then interrupted).
  ///   - failed: Called with each error line's failure, in order, after the line is written.
  /// - Throws: ``ThemeEngine/Fatal`` when `write` throws (a closed pipe, a full disk); the lines
  ///   before are whole.
  public func run<Inputs: AsyncSequence & Sendable>(
    _ inputs: Inputs, write: ([UInt8]) throws -> Void,
    failed: (@Sendable (BatchIndex.Failure) -> Void)? = nil
  ) async throws(ThemeEngine.Fatal) -> Outcome
  where Inputs.Element == StreamInput, Inputs.Failure == Never {
    let analyst = StreamAnalyst(pipeline: options.pipeline, maxMemory: options.maxMemory)
    let loader = self.loader
    let limit = options.maxMemory
    let loaded = OrderedConcurrentMap(inputs, window: options.jobs) { input in
      (sprite: await Self.load(input, loader: loader, limit: limit), given: input.given)
    }
    let lines = OrderedConcurrentMap(loaded, window: options.jobs) { loaded in
      await analyst.line(for: loaded.sprite, given: loaded.given)
    }
    var outcome = Outcome()
    var iterator = lines.makeAsyncIterator()
    while true {
      let line: ThemeLine?
      do {
        line = try await iterator.next()
      } catch {
        // Cancelled: the lines in flight are dropped, the written ones are whole.
        outcome.interrupted = true
        return outcome
      }
      guard let line else { break }
      do {
        try write(line.bytes)
      } catch is CancellationError {
        // Stopped while the line waited for a reader: dropped whole.
        outcome.interrupted = true
        return outcome
      } catch {
        throw ThemeEngine.Fatal(path: "standard output", reason: Self.reason(error))
      }
      outcome.lines += 1
      if let failure = line.failure {
        outcome.failed += 1
        failed?(failure)
      }
      if Task.isCancelled {
        outcome.interrupted = true
        return outcome
      }
    }
    return outcome
  }

  /// The sprite of `input`: its file's bytes (at most `limit`, the memory budget), or the body
  /// at its URL, or why they could not be had (stage `read` or `fetch`).
  static func load(
    _ input: StreamInput, loader: LazyDataLoader, limit: Int = .max
  ) async -> SpriteInput {
    switch input {
    case .file(let path, _, let refusal):
      return BatchInput(path: path, name: "", refusal: refusal).read(limit: limit)
    case .url(let url, let name, _):
      let source = ThemeSource(name: name, url: url.absoluteString)
      do {
        let response = try await loader.load(
          FetchRequest(url: url, expecting: .png, origin: .user))
        return SpriteInput(name: name, source: source, bytes: response.body)
      } catch {
        return SpriteInput(
          name: name, source: source,
          failure: BatchIndex.Failure(
            source: url.absoluteString, stage: "fetch", message: String(describing: error)))
      }
    case .failed(let given, let stage, let message):
      return SpriteInput(
        name: "", source: ThemeSource(name: given),
        failure: BatchIndex.Failure(source: given, stage: stage, message: message))
    }
  }

  /// The system's words for a write error.
  private static func reason(_ error: any Error) -> String {
    guard let errno = error as? Errno else { return String(describing: error) }
    return String(cString: strerror(errno.rawValue))
  }
}
