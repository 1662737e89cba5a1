import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// The whole-stream path (one zlib call over all the image data) against libpng's row reads:
/// the same pixels or the same error for every input, and taken where it should be.
@Suite("PNGDecoder whole-stream image data")
struct WholeStreamTests {
  let decoder = PNGDecoder(limits: .init(maxSide: 4096, maxPixels: 1 << 22))

  @Test("PngSuite: both paths agree; intact files are fast at every depth, interlaced or not")
  func pngSuiteAgrees() throws {
    guard !PngSuite.table.isEmpty else {
      PngSuite.reportMissing()
      return
    }
    // Truecolour images with a suggested palette (PLTE), which the shim leaves to libpng.
    let suggestedPalette: Set = ["pp0n2c16.png", "pp0n6a08.png"]
    var interlaced = 0
    var sixteenBit = 0
    for row in PngSuite.table {
      let result = decoder.decodedBothWays(try PngSuite.bytes(of: row.file), row.file)
      let usedWholeStream = result.usedWholeStream
      #expect(
        usedWholeStream == (row.decodes && !suggestedPalette.contains(row.file)), "\(row.file)")
      // PngSuite names: character 4 is the interlace ("i" Adam7), the last two the bit depth.
      let name = row.file.dropLast(4)
      if usedWholeStream && name.dropFirst(3).first == "i" { interlaced += 1 }
      if usedWholeStream && name.suffix(2) == "16" { sixteenBit += 1 }
    }
    #expect(interlaced >= 15 && sixteenBit >= 10, "\(interlaced) interlaced, \(sixteenBit) 16-bit")
  }

  @Test("samples/: every sprite takes the whole-stream path, and both paths match")
  func samplesAreFast() throws {
    let files = Fixtures.sampleSpriteFiles()
    var fast = 0
    for file in files {
      let bytes = try Fixtures.bytes(of: file)
      let used = decoder.decodedBothWays(bytes, file.lastPathComponent).usedWholeStream
      #expect(used, "\(file.lastPathComponent)")
      if used { fast += 1 }
    }
    #expect(fast == files.count && fast >= 40, "of \(files.count) sprites")
  }

  @Test(
    "the image data split over several IDAT chunks, empty ones included",
    arguments: [[1], [2], [2, 0, 5], [7, 0, 0, 1], [64], [3, 3, 3, 3, 3, 3, 3, 3]])
  func splitImageData(_ pieces: [Int]) throws {
    for file in Fixtures.sampleSpriteFiles().prefix(8) {
      let bytes = try Fixtures.bytes(of: file)
      let split = Self.rechunked(bytes, firstPieces: pieces)
      #expect(split != bytes)
      let used = decoder.decodedBothWays(split, "\(file.lastPathComponent) split \(pieces)")
        .usedWholeStream
      // The zlib header is read from the joined data, so even a 1-byte first chunk is fast.
      #expect(used, "\(file.lastPathComponent) split \(pieces)")
    }
  }

  @Test("chunks after the image data: clean ones keep the fast path, anything odd goes to libpng")
  func trailingChunks() throws {
    let bytes = try Fixtures.bytes(of: Fixtures.sampleSpriteFiles()[0])
    let (head, idat) = Self.split(bytes)
    let iend = PNGBytes.chunk("IEND")
    let text = PNGBytes.chunk("tEXt", Array("Comment\u{0}made by a test".utf8))
    var badText = text
    badText[badText.count - 1] ^= 0xFF
    let cases: [(String, [UInt8], Bool)] = [
      ("tEXt then IEND", head + idat + text + iend, true),
      ("unknown ancillary chunk", head + idat + PNGBytes.chunk("zzZz", [1, 2, 3]) + iend, true),
      ("tEXt with a bad CRC", head + idat + badText + iend, false),
      ("an empty IDAT after the stream", head + idat + PNGBytes.chunk("IDAT") + iend, false),
      ("IEND with data", head + idat + PNGBytes.chunk("IEND", [0]), false),
      ("no IEND", head + idat, false),
      ("IEND cut short", head + idat + iend.dropLast(2), false),
      ("invalid chunk name", head + idat + PNGBytes.chunk("t3Xt", [1]) + iend, false),
    ]
    for (label, file, fast) in cases {
      #expect(decoder.decodedBothWays(file, label).usedWholeStream == fast, "\(label)")
    }
  }

  @Test("data after the end of the zlib stream, or too little of it, goes to libpng")
  func streamLengthMismatch() throws {
    let bytes = try Fixtures.bytes(of: Fixtures.sampleSpriteFiles()[1])
    let (head, idat) = Self.split(bytes)
    let data = Array(idat[8..<(idat.count - 4)])
    let iend = PNGBytes.chunk("IEND")
    let extra = head + PNGBytes.chunk("IDAT", data + [0, 0, 0]) + iend
    #expect(decoder.decodedBothWays(extra, "extra data").usedWholeStream == false)
    let short = head + PNGBytes.chunk("IDAT", Array(data.dropLast(9))) + iend
    #expect(decoder.decodedBothWays(short, "short stream").usedWholeStream == false)
    #expect(throws: PNGDecodingError.self) { try decoder.decode(short) }
  }

  /// A zlib stream whose matches reach 322 bytes back: fine with a 32 KiB window, too far for the
  /// 256-byte window its header may claim. libpng inflates row by row and fails on the latter;
  /// the whole-stream path must not succeed where libpng fails.
  @Test("a match further back than the header's window fails both ways")
  func windowSmallerThanDistance() throws {
    let width = 40
    let rowA = [0] + (0..<(width * 4)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let rowB = [0] + (0..<(width * 4)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
    let raw = Array(repeating: rowA + rowB, count: 4).flatMap { $0 }
    let deflate = Self.deflateRepeating(prefix: rowA + rowB, total: raw.count)
    let adler = Self.adler32(raw)
    func png(cmf: UInt8) -> [UInt8] {
      let flg = UInt8((31 - (Int(cmf) * 256) % 31) % 31)
      let zlib = [cmf, flg] + deflate + PNGBytes.bigEndian(adler)
      let ihdr = PNGBytes.bigEndian(UInt32(width)) + PNGBytes.bigEndian(8) + [8, 6, 0, 0, 0]
      return PNGSignature.bytes + PNGBytes.chunk("IHDR", ihdr) + PNGBytes.chunk("IDAT", zlib)
        + PNGBytes.chunk("IEND")
    }
    let wide = png(cmf: 0x78)
    #expect(decoder.decodedBothWays(wide, "32 KiB window").usedWholeStream == true)
    let image = try decoder.decode(wide)
    let expected = raw.enumerated().filter { $0.offset % 161 != 0 }.map(\.element)
    let decodedAsBuilt = image.pixels == expected
    #expect(decodedAsBuilt)

    let narrow = png(cmf: 0x08)
    #expect(throws: PNGDecodingError.self) { try decoder.decode(narrow, path: .libpngRows) }
    #expect(decoder.decodedBothWays(narrow, "256-byte window").usedWholeStream == false)
  }

  /// zlib's deflate starts a new block whenever its symbol buffer fills, so larger sprites hold
  /// several dynamic-code blocks. The whole-stream path inflates with zlib, as libpng does, so
  /// it takes every block type in any order (the deflate validator it replaced took a dynamic
  /// block only as the last one and left such files to libpng's slow row reads).
  @Test("a stream of several dynamic-code blocks takes the whole-stream path")
  func severalDynamicBlocks() throws {
    // Noise of four levels per channel: short matches, so many symbols.
    var state: UInt32 = 1
    let image = RGBAImage(width: 256, height: 256) { _, _ in
      state = state &* 1_103_515_245 &+ 12_345
      let bits = state >> 24
      return RGBA8(
        r: UInt8(bits & 3) * 80, g: UInt8((bits >> 2) & 3) * 80, b: UInt8((bits >> 4) & 3) * 80,
        a: UInt8((bits >> 6) & 3) * 80 + 15)
    }
    // RGBA8, not the indexed file its 256 colours would give: libdeflate splits its 256 KB.
    let png = try PNGEncoder.encode(image, format: .rgba8)
    // The first deflate block (after IHDR, the IDAT header and the 2-byte zlib header): BFINAL 0
    // and BTYPE 2, a dynamic block with more after it.
    let first = png[33 + 8 + 2]
    #expect(first & 1 == 0 && (first >> 1) & 3 == 2, "first block: \(first & 7)")
    let decoded = decoder.decodedBothWays(png, "several dynamic blocks")
    let fast = decoded.usedWholeStream
    #expect(fast)
    let samePixels = decoded.image?.pixels == image.pixels
    #expect(samePixels)
  }
}

extension WholeStreamTests {
  /// Splits a file with one IDAT chunk into everything before it and the IDAT chunk itself
  /// (the chunks after it are dropped).
  static func split(_ bytes: [UInt8]) -> (head: [UInt8], idat: [UInt8]) {
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = Int(PNGBytes.readBigEndian(bytes, at: offset))
      if bytes[(offset + 4)..<(offset + 8)].elementsEqual("IDAT".utf8) {
        return (Array(bytes[..<offset]), Array(bytes[offset..<(offset + 12 + length)]))
      }
      offset += 12 + length
    }
    preconditionFailure("no IDAT chunk")
  }

  /// The same file with its image data re-chunked: `firstPieces` bytes per chunk, then the rest.
  static func rechunked(_ bytes: [UInt8], firstPieces: [Int]) -> [UInt8] {
    let (head, idat) = split(bytes)
    var data = ArraySlice(idat[8..<(idat.count - 4)])
    var out = head
    for size in firstPieces where size <= data.count {
      out += PNGBytes.chunk("IDAT", Array(data.prefix(size)))
      data = data.dropFirst(size)
    }
    return out + PNGBytes.chunk("IDAT", Array(data)) + PNGBytes.chunk("IEND")
  }

  /// RFC 1950 Adler-32.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  /// A raw deflate stream (RFC 1951): `prefix` as a stored block, then a fixed-Huffman block of
  /// matches at distance `prefix.count` (257...384) until `total` bytes.
  static func deflateRepeating(prefix: [UInt8], total: Int) -> [UInt8] {
    precondition((257...384).contains(prefix.count) && total > prefix.count)
    let length = UInt16(prefix.count)
    var out: [UInt8] = [0x00]  // BFINAL 0, BTYPE 00, padded to the byte
    out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
    out += prefix
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01, fixed Huffman
    var left = total - prefix.count
    while left > 0 {
      // Lengths 3...258: codes 257...285 (RFC 1951 section 3.2.5); only the two used here.
      let run = left >= 258 + 3 || left == 258 ? 258 : min(left, 194)
      precondition(run == 258 || (163...194).contains(run), "test data needs another length code")
      if run == 258 {
        bits.writeCode(0b1100_0101, count: 8)  // 285
      } else {
        bits.writeCode(0b1100_0010, count: 8)  // 282: 163...194, 5 extra bits
        bits.write(UInt32(run - 163), count: 5)
      }
      bits.writeCode(16, count: 5)  // distance code 16: 257...384, 7 extra bits
      bits.write(UInt32(prefix.count - 257), count: 7)
      left -= run
    }
    bits.writeCode(0, count: 7)  // end of block (256)
    return out + bits.bytes
  }

  /// Packs bits least significant first; Huffman codes go most significant bit first.
  struct BitWriter {
    var bytes: [UInt8] = []
    var used = 8

    mutating func write(_ value: UInt32, count: Int) {
      for i in 0..<count { put(UInt8((value >> i) & 1)) }
    }

    mutating func writeCode(_ code: UInt32, count: Int) {
      for i in stride(from: count - 1, through: 0, by: -1) { put(UInt8((code >> i) & 1)) }
    }

    private mutating func put(_ bit: UInt8) {
      if used == 8 {
        bytes.append(0)
        used = 0
      }
      bytes[bytes.count - 1] |= bit << used
      used += 1
    }
  }
}
