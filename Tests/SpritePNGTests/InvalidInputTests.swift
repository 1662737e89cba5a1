import SpriteCore
import SpritePNG
import Testing
import _SpriteTestSupport

/// Inputs that must be refused with a precise error and never crash or return pixels.
@Suite("PNGDecoder invalid input")
struct InvalidInputTests {
  let decoder = PNGDecoder()

  /// Bytes that are not PNG at all.
  struct NotPNG: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let bytes: [UInt8]
  }

  static let notPNGInputs: [NotPNG] = [
    NotPNG(testDescription: "empty", bytes: []),
    NotPNG(testDescription: "text", bytes: Array("hello, this is not an image\n".utf8)),
    NotPNG(
      testDescription: "JPEG magic",
      bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]),
    NotPNG(testDescription: "GIF magic", bytes: Array("GIF89a\u{1}\0\u{1}\0".utf8)),
    NotPNG(testDescription: "one zero byte", bytes: [0]),
    NotPNG(
      testDescription: "signature with first byte cleared",
      bytes: [0x09] + PNGSignature.bytes.dropFirst()),
  ]

  @Test("non-PNG bytes throw .notPNG from readHeader and decode", arguments: notPNGInputs)
  func nonPNGBytes(_ input: NotPNG) {
    #expect(throws: PNGDecodingError.notPNG) { try decoder.readHeader(input.bytes) }
    #expect(throws: PNGDecodingError.notPNG) { try decoder.decode(input.bytes) }
  }

  @Test("a signature damaged by an ASCII-mode transfer is named by libpng")
  func asciiDamagedSignature() throws {
    let valid = try PNGEncoder.encode(SyntheticSprites.noise(width: 3, height: 2, seed: 1))
    var damaged = valid
    damaged.remove(at: 4)  // "\r\n" became "\n"
    #expect(throws: PNGDecodingError.libpng(message: "PNG file corrupted by ASCII conversion")) {
      try decoder.decode(damaged)
    }
  }

  @Test(
    "every strict prefix of a valid file is refused: empty as .notPNG, others .truncated",
    arguments: PNGSample.all)
  func everyPrefixIsRefused(_ sample: PNGSample) {
    #expect(throws: PNGDecodingError.notPNG) { try decoder.decode([]) }
    for length in 1..<sample.bytes.count {
      let prefix = Array(sample.bytes.prefix(length))
      #expect(throws: PNGDecodingError.truncated, "prefix of \(length) bytes") {
        try decoder.decode(prefix)
      }
    }
    #expect(throws: Never.self) { try decoder.decode(sample.bytes) }
  }

  @Test("readHeader needs only the signature and IHDR; decode of that much is .truncated")
  func headerFromFirst33Bytes() throws {
    let bytes = try PNGEncoder.encode(SyntheticSprites.noise(width: 21, height: 4, seed: 2))
    let head = Array(bytes.prefix(33))
    let header = try decoder.readHeader(head)
    #expect(header.width == 21 && header.height == 4)
    #expect(throws: PNGDecodingError.truncated) { try decoder.decode(head) }
    #expect(throws: PNGDecodingError.truncated) { try decoder.readHeader(Array(bytes.prefix(32))) }
  }

  @Test("a header claiming 100000 x 100000 px is refused with .tooLarge before allocation")
  func hugeHeaderIsTooLarge() throws {
    let bytes = PNGBytes.headerOnly(width: 100_000, height: 100_000)
    let header = try decoder.readHeader(bytes)
    #expect(header.width == 100_000 && header.height == 100_000)
    #expect(throws: PNGDecodingError.tooLarge(width: 100_000, height: 100_000, limit: .default)) {
      try decoder.decode(bytes)
    }
  }

  @Test("each limit is enforced on its own, and an image exactly at the limits decodes")
  func customLimits() throws {
    let bytes = try PNGEncoder.encode(SyntheticSprites.noise(width: 40, height: 25, seed: 3))
    let pixelLimit = PNGDecoder.Limits(maxSide: 1000, maxPixels: 999)
    #expect(throws: PNGDecodingError.tooLarge(width: 40, height: 25, limit: pixelLimit)) {
      try PNGDecoder(limits: pixelLimit).decode(bytes)
    }
    let sideLimit = PNGDecoder.Limits(maxSide: 39)
    #expect(throws: PNGDecodingError.tooLarge(width: 40, height: 25, limit: sideLimit)) {
      try PNGDecoder(limits: sideLimit).decode(bytes)
    }
    let exact = PNGDecoder.Limits(maxSide: 40, maxPixels: 1000)
    let image = try PNGDecoder(limits: exact).decode(bytes)
    #expect(image.width == 40 && image.height == 25)
  }

  @Test("default limits are 16384 px per side and 64 Mpx, and reject overflowing products")
  func defaultLimits() {
    let limits = PNGDecoder.Limits.default
    #expect(limits.maxSide == 16384 && limits.maxPixels == 64 * 1024 * 1024)
    #expect(limits.allows(width: 8192, height: 8192))
    #expect(!limits.allows(width: 16385, height: 1))
    #expect(!limits.allows(width: 16384, height: 8193))
    #expect(!PNGDecoder.Limits(maxSide: .max, maxPixels: .max).allows(width: .max, height: 2))
  }

  @Test("a header beyond the PNG width maximum is a libpng error, not a crash")
  func widthBeyondPNGMaximum() {
    let bytes = PNGBytes.headerOnly(width: 0x8000_0000, height: 1)
    let error = #expect(throws: PNGDecodingError.self) { try decoder.decode(bytes) }
    guard case .libpng(let message)? = error else {
      Issue.record("expected a libpng error, got \(String(describing: error))")
      return
    }
    #expect(!message.isEmpty)
  }

  @Test("a chunk with a bad CRC is refused even when the pixels are intact")
  func badCRCIsRefused() throws {
    var bytes = try PNGEncoder.encode(SyntheticSprites.noise(width: 5, height: 5, seed: 9))
    bytes[29] ^= 0x01  // last byte of IHDR's CRC (8 signature + 8 header + 13 data)
    #expect(throws: PNGDecodingError.libpng(message: "IHDR: CRC error")) {
      try decoder.decode(bytes)
    }
  }

  @Test("every error has a one-sentence description naming the stage")
  func descriptions() {
    let errors: [PNGDecodingError] = [
      .notPNG, .truncated, .tooLarge(width: 1, height: 2, limit: .default),
      .libpng(message: "IDAT: CRC error"),
    ]
    for error in errors {
      #expect(error.description.hasPrefix("PNG decoding failed: "))
      #expect(error.description.hasSuffix("."))
    }
    #expect(PNGEncodingError.failed(message: "x").description.hasPrefix("PNG encoding failed: "))
  }
}
