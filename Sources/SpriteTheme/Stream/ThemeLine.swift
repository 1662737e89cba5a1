/// One line of `batch --jsonl` (SPEC section 14): a theme document, or an error, as compact
/// JSON on one line ending in a newline.
///
/// A theme line is the theme file's document (``ThemeEncoder/encode(_:)-(Theme)``) with the same
/// members, keys and values, written without spaces or line breaks: parsed, the two are equal.
/// An error line is `{"error":{"message":M,"stage":S},"input":I}`, keys sorted as in every
/// document this package writes, `input` being the path or URL as it was given.
///
/// ```swift
/// let line = ThemeLine.theme(sprite.theme)
/// try output.writeAll(line.bytes)
/// ```
public struct ThemeLine: Sendable, Equatable {
  /// The line's bytes: UTF-8 JSON without a line break inside, then `\n`.
  public let bytes: [UInt8]
  /// For an error line, what failed (`source` is the input as given); nil for a theme.
  public let failure: BatchIndex.Failure?

  /// The line of a theme.
  public static func theme(_ theme: Theme) -> ThemeLine {
    ThemeLine(bytes: ThemeEncoder.line(theme), failure: nil)
  }

  /// The error line of `input`, which failed at `stage` (`read`, `fetch`, `decode`, …) for
  /// `message`.
  public static func failure(input: String, stage: String, message: String) -> ThemeLine {
    ThemeLine(
      bytes: ThemeEncoder.errorLine(input: input, stage: stage, message: message),
      failure: BatchIndex.Failure(source: input, stage: stage, message: message))
  }
}
