import SpriteFiles
import Testing
import _SpriteTestSupport

@testable import sprite_theme

/// `argv`'s bytes carried through ArgumentParser's `String`s.
@Suite("Arguments as bytes")
struct ArgumentBytesTests {
  @Test("valid UTF-8 is carried as it is; other bytes as one private-use scalar each")
  func carried() {
    #expect(ArgumentBytes.text(Array("Flabébé/a.png".utf8)) == "Flabébé/a.png")
    let text = ArgumentBytes.text(Array("rep".utf8) + [0xFF] + Array("dir".utf8))
    #expect(text.unicodeScalars.map(\.value) == [0x72, 0x65, 0x70, 0x10FFFF, 0x64, 0x69, 0x72])
    #expect(PathArgument(argument: text).bytes == Array("rep".utf8) + [0xFF] + Array("dir".utf8))
    #expect(PathArgument(argument: text).description == "rep\\xFFdir")
  }

  @Test("a scalar of the escape range typed as such comes back as its own bytes")
  func escapeRangeTyped() {
    let typed = Array("a\u{10FF80}b".utf8)
    let text = ArgumentBytes.text(typed)
    #expect(text.unicodeScalars.count == 6)
    #expect(ArgumentBytes.bytes(of: text) == typed)
  }

  @Test("any bytes without NUL come back exactly (seeded)")
  func roundTrip() {
    var random = SeededRandom(seed: 0xA76B)
    // Bytes that make UTF-8 lead and continuation bytes, overlongs, surrogates and U+10FFxx.
    let alphabet: [UInt8] = [
      0x2F, 0x61, 0x80, 0x8F, 0xBF, 0xC0, 0xC3, 0xA9, 0xE0, 0xED, 0xA0, 0xF4, 0xFF,
    ]
    for _ in 0..<5_000 {
      let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      #expect(ArgumentBytes.bytes(of: ArgumentBytes.text(bytes)) == bytes, "\(bytes)")
    }
  }

  @Test("names in messages: UTF-8 as it is, other bytes and control characters as \\xHH")
  func readable() {
    #expect(ReadableBytes.text(Array("é.png".utf8)) == "é.png")
    #expect(ReadableBytes.text([0x61, 0x0A, 0x62]) == "a\\x0Ab")
    // An overlong `/`, a surrogate, a cut sequence.
    #expect(ReadableBytes.text([0xC0, 0xAF]) == "\\xC0\\xAF")
    #expect(ReadableBytes.text([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80")
    #expect(ReadableBytes.text([0x61, 0xE2, 0x82]) == "a\\xE2\\x82")
  }
}
