/// The eight-byte PNG file signature and the cheap checks made on it before libpng is touched.
///
/// ```swift
/// PNGSignature.matches(bytes)  // true for every well-formed PNG file
/// ```
public enum PNGSignature {
  /// The bytes every PNG file starts with: `89 50 4E 47 0D 0A 1A 0A`.
  public static let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Returns true when `data` starts with all eight signature bytes.
  public static func matches<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
    data.starts(with: bytes)
  }

  /// Returns true when `data` is non-empty and its first (up to four) bytes are `\x89PNG`.
  ///
  /// This is libpng's own split: data failing it is not a PNG at all, while data passing it but
  /// not ``matches(_:)`` is a PNG damaged later (cut short, or its line endings rewritten by an
  /// ASCII-mode transfer), which libpng names precisely.
  public static func hasMagic<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
    guard !data.isEmpty else { return false }
    return zip(data.prefix(4), bytes).allSatisfy { $0 == $1 }
  }
}
