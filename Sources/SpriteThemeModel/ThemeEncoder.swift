/// Encodes theme and index documents as stable JSON: sorted keys, pretty printed, unescaped
/// slashes, a final newline. The same document always gives the same bytes, on every platform.
public enum ThemeEncoder {
  /// The UTF-8 JSON bytes of a theme, ending in a newline.
  public static func encode(_ theme: Theme) -> [UInt8] {
    var writer = JSONWriter()
    writer.write(theme)
    writer.finish()
    return writer.bytes
  }

  /// The UTF-8 JSON bytes of an `index.json`, ending in a newline.
  public static func encode(_ index: BatchIndex) -> [UInt8] {
    var writer = JSONWriter(capacity: 256 + 160 * (index.entries.count + index.errors.count))
    writer.write(index)
    writer.finish()
    return writer.bytes
  }

  /// The theme as one line of `batch --jsonl` (SPEC section 14): the document of
  /// ``encode(_:)-(Theme)`` written compact, without a line break inside, then a newline.
  public static func line(_ theme: Theme) -> [UInt8] {
    var writer = JSONWriter(capacity: 4096, compact: true)
    writer.write(theme)
    writer.finish()
    return writer.bytes
  }

  /// The error line of `batch --jsonl` for `input` (the path or URL as given), which failed at
  /// `stage` for `message`: `{"error":{"message":M,"stage":S},"input":I}` and a newline.
  public static func errorLine(input: String, stage: String, message: String) -> [UInt8] {
    var writer = JSONWriter(capacity: 128 + input.utf8.count + message.utf8.count, compact: true)
    writer.beginObject()
    writer.key("error")
    writer.beginObject()
    writer.key("message")
    writer.value(message)
    writer.key("stage")
    writer.value(stage)
    writer.endObject()
    writer.key("input")
    writer.value(input)
    writer.endObject()
    writer.finish()
    return writer.bytes
  }
}
