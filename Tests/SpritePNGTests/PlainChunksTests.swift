import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// The shim reads the chunks before the image data itself only when libpng would read them
/// without complaint and store the same header; every other arrangement goes to libpng. Each
/// case here is decoded both ways (same pixels or the same error) and checked for which way
/// it went.
@Suite("PNGDecoder: chunks before the image data, read without libpng or left to it")
struct PlainChunksTests {
  let decoder = PNGDecoder()

  /// A 4x2 image of `colorType` and `depth` whose IHDR is followed by `chunks`, then its image
  /// data (filter 0, samples from `sample`) and IEND.
  static func png(colorType: UInt8, depth: UInt8 = 8, _ chunks: [[UInt8]]) -> [UInt8] {
    let width = 4
    let height = 2
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
    let rowBytes = (width * channels * Int(depth) + 7) / 8
    var raw = [UInt8]()
    for y in 0..<height {
      raw.append(0)
      // Palette indices 0-3 (so a 4-entry palette covers them); grey and colour samples that
      // repeat the tRNS keys used below (0x0010 grey, 0x0010 0x0020 0x0030 RGB) on some pixels.
      for i in 0..<rowBytes {
        raw.append(
          colorType == 3 ? UInt8((i + y) % 4) : UInt8([0x00, 0x10, 0x20, 0x30][(i + y) % 4]))
      }
    }
    let ihdr =
      PNGBytes.bigEndian(UInt32(width)) + PNGBytes.bigEndian(UInt32(height))
      + [depth, colorType, 0, 0, 0]
    return PNGSignature.bytes + PNGBytes.chunk("IHDR", ihdr) + chunks.flatMap { $0 }
      + PNGBytes.chunk("IDAT", RandomFormatTests.zlibStored(raw)) + PNGBytes.chunk("IEND")
  }

  static let plte = PNGBytes.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])
  static let trns = PNGBytes.chunk("tRNS", [0, 128])
  static let text = PNGBytes.chunk("tEXt", Array("Comment\u{0}made by hand".utf8))
  static let gamma = PNGBytes.chunk("gAMA", PNGBytes.bigEndian(UInt32(45_455)))
  static let privateChunk = PNGBytes.chunk("prVt", [1, 2, 3])

  /// `chunk` with its last CRC byte flipped.
  static func broken(_ chunk: [UInt8]) -> [UInt8] {
    var bytes = chunk
    bytes[bytes.count - 1] ^= 0x01
    return bytes
  }

  static let cases: [(label: String, bytes: [UInt8], usedWholeStream: Bool)] = [
    ("palette, PLTE, tRNS", png(colorType: 3, [plte, trns]), true),
    (
      "palette, ancillary chunks around PLTE and tRNS",
      png(colorType: 3, [text, gamma, plte, privateChunk, trns, text]), true
    ),
    ("palette, PLTE only", png(colorType: 3, [plte]), true),
    ("grey with a 2-byte key", png(colorType: 0, [PNGBytes.chunk("tRNS", [0, 0x10])]), true),
    (
      "RGB with a 6-byte key",
      png(colorType: 2, [PNGBytes.chunk("tRNS", [0, 0x10, 0, 0x20, 0, 0x30])]), true
    ),
    ("RGBA with ancillary chunks", png(colorType: 6, [gamma, text]), true),
    ("tRNS before PLTE", png(colorType: 3, [trns, plte]), false),
    ("tRNS twice", png(colorType: 3, [plte, trns, PNGBytes.chunk("tRNS", [7])]), false),
    (
      "tRNS longer than the palette",
      png(colorType: 3, [plte, PNGBytes.chunk("tRNS", [1, 2, 3, 4, 5])]), false
    ),
    ("empty tRNS", png(colorType: 3, [plte, PNGBytes.chunk("tRNS")]), false),
    ("PLTE longer than 2^depth", png(colorType: 3, depth: 1, [plte]), false),
    ("PLTE twice", png(colorType: 3, [plte, plte]), false),
    ("PLTE of 4 bytes", png(colorType: 3, [PNGBytes.chunk("PLTE", [1, 2, 3, 4])]), false),
    ("palette image without PLTE", png(colorType: 3, [trns]), false),
    ("PLTE in a truecolour image", png(colorType: 2, [plte]), false),
    ("PLTE in a grey image", png(colorType: 0, [plte]), false),
    (
      "tRNS in an image with alpha",
      png(colorType: 6, [PNGBytes.chunk("tRNS", [0, 1, 0, 2, 0, 3])]), false
    ),
    ("grey key of 4 bytes", png(colorType: 0, [PNGBytes.chunk("tRNS", [0, 0x10, 0, 0])]), false),
    ("RGB key of 2 bytes", png(colorType: 2, [PNGBytes.chunk("tRNS", [0, 0x10])]), false),
    ("an unknown critical chunk", png(colorType: 6, [PNGBytes.chunk("ABCD", [1])]), false),
    ("an ancillary chunk with a bad CRC", png(colorType: 6, [broken(text)]), false),
    ("PLTE with a bad CRC", png(colorType: 3, [broken(plte)]), false),
    ("IEND before the image data", png(colorType: 6, [PNGBytes.chunk("IEND")]), false),
    (
      "a second IHDR",
      png(colorType: 6, [PNGBytes.chunk("IHDR", [0, 0, 0, 4, 0, 0, 0, 2, 8, 6, 0, 0, 0])]), false
    ),
  ]

  @Test("each arrangement: the same outcome both ways, the whole-stream path only when ordinary")
  func arrangements() {
    for item in Self.cases {
      let result = decoder.decodedBothWays(item.bytes, item.label)
      #expect(result.usedWholeStream == item.usedWholeStream, "\(item.label)")
    }
  }

  @Test("a chunk name with a digit in it is left to libpng, which refuses it")
  func invalidChunkName() {
    // PNGBytes.chunk takes any four ASCII bytes; "ab1d" is not four letters.
    let bytes = Self.png(colorType: 6, [PNGBytes.chunk("ab1d", [0])])
    let result = decoder.decodedBothWays(bytes, "ab1d")
    #expect(!result.usedWholeStream)
    #expect(result.image == nil)
  }

  @Test("a tRNS key makes the matching pixels transparent, read either way")
  func keysApply() throws {
    let bytes = Self.png(colorType: 0, [PNGBytes.chunk("tRNS", [0, 0x10])])
    let image = try decoder.decode(bytes)
    // Row 0 holds 00 10 20 30: only the second pixel is the key.
    #expect((0..<4).map { image.pixels[4 * $0 + 3] } == [255, 0, 255, 255])
  }
}
