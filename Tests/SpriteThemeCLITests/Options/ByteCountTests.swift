import Testing

@testable import sprite_theme

/// `--max-memory`'s values.
@Suite("Byte counts")
struct ByteCountTests {
  /// Spellings with the bytes they mean.
  static let accepted: [(String, Int)] = [
    ("1073741824", 1 << 30), ("512M", 512 << 20), ("1G", 1 << 30), ("64k", 64 << 10),
    ("2GiB", 2 << 30), ("3gb", 3 << 30), ("1T", 1 << 40), ("100B", 100), ("0", 0),
  ]

  @Test(
    "plain numbers and K, M, G, T suffixes (powers of 1024, any case, B or iB after)",
    arguments: accepted)
  func parses(text: String, bytes: Int) {
    #expect(ByteCount(argument: text)?.bytes == bytes, "\(text)")
  }

  @Test(
    "anything else is refused",
    arguments: ["", "G", "1.5G", "-1", "+1", "1X", "1 G", "1GG", "١٢", "9999999999999T", "B"])
  func refuses(text: String) {
    #expect(ByteCount(argument: text) == nil, "\(text)")
  }

  @Test("help shows the shortest exact spelling")
  func description() {
    #expect(ByteCount(1 << 30).defaultValueDescription == "1G")
    #expect(ByteCount(1536 << 20).defaultValueDescription == "1536M")
    #expect(ByteCount(1000).defaultValueDescription == "1000")
    #expect(ByteCount(0).defaultValueDescription == "0")
  }
}
