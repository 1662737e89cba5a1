import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// SPEC section 1: a corrupt file is an error, on both paths and with libpng's own words. The
/// damage here sits under valid chunk CRCs (or in chunks that do not change a pixel), where a
/// lenient reader would still return pixels.
@Suite("PNGDecoder refuses corrupt data on both paths")
struct StrictnessTests {
  let decoder = PNGDecoder()

  /// Decodes `bytes` both ways and expects the same refusal, with `message` when one is given.
  func expectRefused(
    _ bytes: [UInt8], _ label: String, message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = decoder.decodedBothWays(bytes, label, sourceLocation: sourceLocation)
    let decoded = result.image != nil
    #expect(!decoded, "\(label) decoded", sourceLocation: sourceLocation)
    guard let message else { return }
    let error = #expect(throws: PNGDecodingError.self, sourceLocation: sourceLocation) {
      try decoder.decode(bytes)
    }
    #expect(error == .libpng(message: message), "\(label)", sourceLocation: sourceLocation)
  }

  /// `bytes` (a file with one IDAT chunk) with that chunk's last data byte, the low byte of the
  /// zlib Adler-32, flipped and its CRC recomputed; with `splitLast`, that many bytes at the end
  /// of the data moved to an IDAT chunk of their own.
  static func wrongAdler(_ bytes: [UInt8], splitLast: Int? = nil) -> [UInt8] {
    let (head, idat) = WholeStreamTests.split(bytes)
    var data = Array(idat[8..<(idat.count - 4)])
    data[data.count - 1] ^= 0x01
    var chunks = PNGBytes.chunk("IDAT", data)
    if let splitLast {
      // The last `splitLast` bytes in an IDAT chunk of their own.
      chunks =
        PNGBytes.chunk("IDAT", Array(data.dropLast(splitLast)))
        + PNGBytes.chunk("IDAT", Array(data.suffix(splitLast)))
    }
    return head + chunks + PNGBytes.chunk("IEND")
  }

  @Test("a wrong zlib Adler-32 under a valid IDAT CRC is an error both ways")
  func wrongAdler32() throws {
    var files = try Fixtures.sampleSpriteFiles().prefix(4).map { try Fixtures.bytes(of: $0) }
    if PngSuite.directory != nil {
      files += try ["basn6a08.png", "basi3p02.png", "z00n2c08.png"].map(PngSuite.bytes(of:))
    }
    #expect(files.count >= 4)
    for (index, file) in files.enumerated() {
      expectRefused(
        Self.wrongAdler(file), "file \(index)", message: "IDAT: incorrect data check")
      // libpng meets this Adler-32 only after the last row, where it would merely warn.
      expectRefused(
        Self.wrongAdler(file, splitLast: 4), "file \(index), Adler-32 in its own IDAT",
        message: "IDAT: incorrect data check")
    }
  }

  @Test("a bad CRC in an ancillary chunk is an error, before or after the image data")
  func ancillaryCRC() throws {
    let bytes = try Fixtures.bytes(of: Fixtures.sampleSpriteFiles()[0])
    let (head, idat) = WholeStreamTests.split(bytes)
    var text = PNGBytes.chunk("tEXt", Array("Comment\u{0}made by a test".utf8))
    text[text.count - 1] ^= 0x01
    let iend = PNGBytes.chunk("IEND")
    expectRefused(head + text + idat + iend, "tEXt before IDAT", message: "tEXt: CRC error")
    expectRefused(head + idat + text + iend, "tEXt after IDAT", message: "tEXt: CRC error")
    var unknown = PNGBytes.chunk("prVt", [1, 2, 3])
    unknown[unknown.count - 2] ^= 0x10
    expectRefused(head + idat + unknown + iend, "private chunk", message: "prVt: CRC error")
  }

  @Test("chunks after the image data that libpng refuses are refused both ways")
  func refusedTrailers() throws {
    let bytes = try Fixtures.bytes(of: Fixtures.sampleSpriteFiles()[0])
    let (head, idat) = WholeStreamTests.split(bytes)
    let iend = PNGBytes.chunk("IEND")
    let cases: [(String, [UInt8])] = [
      ("tRNS after IDAT", PNGBytes.chunk("tRNS", [0, 1, 0, 2, 0, 3])),
      ("PLTE after IDAT", PNGBytes.chunk("PLTE", [1, 2, 3])),
      ("unknown critical chunk after IDAT", PNGBytes.chunk("ABCD", [1])),
      (
        "9 MiB ancillary chunk after IDAT",
        PNGBytes.chunk("zzZz", [UInt8](repeating: 7, count: 9 << 20))
      ),
      ("IDAT after another chunk", PNGBytes.chunk("zzZz", [1]) + PNGBytes.chunk("IDAT", [0])),
    ]
    for (label, trailer) in cases {
      expectRefused(head + idat + trailer + iend, label)
    }
  }

  /// Found by Tests/Fuzz when the fast path inflated with libdeflate: in a fixed-code block,
  /// litlen symbol 287 where 285 was (one flipped bit). zlib refuses it; a lenient inflater
  /// decodes it as length 258, the same output as 285, so the Adler-32 still matches. A 65x1
  /// RGBA image: filter byte 0, two literals, then one match of 258 bytes at distance 1.
  @Test("an invalid deflate code that a lenient inflater would accept is refused both ways")
  func invalidFixedCodeSymbol() {
    func png(lengthSymbol: UInt32) -> [UInt8] {
      var bits = WholeStreamTests.BitWriter()
      bits.write(1, count: 1)  // BFINAL
      bits.write(1, count: 2)  // BTYPE 01, fixed codes
      for literal: UInt32 in [0, 0x61, 0x61] { bits.writeCode(0x30 + literal, count: 8) }
      bits.writeCode(0xC0 + (lengthSymbol - 280), count: 8)  // 280...287: 8-bit codes
      bits.writeCode(0, count: 5)  // distance code 0: distance 1
      bits.writeCode(0, count: 7)  // end of block (256)
      let raw = [0] + [UInt8](repeating: 0x61, count: 260)
      let zlib = [0x78, 0x01] + bits.bytes + PNGBytes.bigEndian(WholeStreamTests.adler32(raw))
      let ihdr = PNGBytes.bigEndian(65) + PNGBytes.bigEndian(1) + [8, 6, 0, 0, 0]
      return PNGSignature.bytes + PNGBytes.chunk("IHDR", ihdr) + PNGBytes.chunk("IDAT", zlib)
        + PNGBytes.chunk("IEND")
    }
    let valid = decoder.decodedBothWays(png(lengthSymbol: 285), "litlen 285")
    #expect(valid.image?.pixels == [UInt8](repeating: 0x61, count: 260))
    #expect(valid.usedWholeStream)
    for symbol: UInt32 in [286, 287] {
      expectRefused(
        png(lengthSymbol: symbol), "litlen \(symbol)", message: "IDAT: invalid literal/length code")
    }
  }
}
