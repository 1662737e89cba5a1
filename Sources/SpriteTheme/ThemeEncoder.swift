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
}
