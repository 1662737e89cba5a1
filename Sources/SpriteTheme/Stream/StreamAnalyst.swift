/// Turns sprites into ``ThemeLine``s for `batch --jsonl` (SPEC section 14): the analysis of a
/// ``ThemeEngine`` job without any file, so the line's theme is the document `batch` writes to
/// `themes/<name>.json` for the same input (without thumbnails, which JSON lines do not write).
///
/// Callers run ``line(for:given:)`` from several tasks at once (as many as their stage is wide),
/// and the analyses' decoded pixels stay under `maxMemory` as in the engine (see
/// ``ThemeEngine/Options/maxMemory``).
///
/// ```swift
/// let analyst = StreamAnalyst(pipeline: ThemePipeline())
/// let line = await analyst.line(for: input, given: "a.png")
/// ```
public struct StreamAnalyst: Sendable {
  /// The pipeline every sprite goes through.
  public let pipeline: ThemePipeline
  /// The decoded pixels the analyses may hold at once.
  private let memory: MemoryBudget

  /// Creates an analyst whose analyses hold at most `maxMemory` bytes of decoded pixels at once.
  public init(pipeline: ThemePipeline, maxMemory: Int = ThemeEngine.defaultMaxMemory) {
    self.pipeline = pipeline
    memory = MemoryBudget(limit: maxMemory)
  }

  /// The line of `input`: its theme, or an error line whose `input` is `given` (the path or URL
  /// as it came), for an input that failed before (``SpriteInput/failure``) or in analysis.
  public func line(for input: SpriteInput, given: String) async -> ThemeLine {
    if let failure = input.failure {
      return .failure(input: given, stage: failure.stage, message: failure.message)
    }
    guard let bytes = input.bytes else {
      return .failure(input: given, stage: "read", message: "no bytes were given")
    }
    let needed = SpriteJob.memoryBytes(
      of: bytes, pipeline: pipeline, thumbnailSizes: [], fit: .contain)
    if let refusal = memory.refusal(needing: needed) {
      return .failure(input: given, stage: "decode", message: refusal)
    }
    let share = await memory.acquire(needed)
    defer { memory.release(share) }
    let source = input.source
    do throws(ThemePipeline.Error) {
      let sprite = try pipeline.analyze(
        bytes: bytes, name: source.name, path: source.path, url: source.url, id: source.id)
      // As the engine sets it with no thumbnail sizes: no records.
      var theme = sprite.theme
      theme.thumbnails = []
      return .theme(theme)
    } catch {
      return .failure(input: given, stage: error.stage, message: error.reason)
    }
  }
}
