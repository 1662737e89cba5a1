import Foundation

/// Encodes theme documents as stable JSON: sorted keys, pretty printed, unescaped slashes,
/// a final newline. The same theme always gives the same bytes.
public enum ThemeEncoder {
  /// The UTF-8 JSON bytes of `value`, ending in a newline.
  public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
  }
}
