import SpritePNG
import Testing
import _SpriteTestSupport

/// Builds and repairs PNG byte streams by hand, for tests that need exact control of the chunks.
enum PNGBytes {
  /// CRC-32 (ISO 3309, as PNG uses it) of `bytes`.
  static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  private static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// One chunk: length, type, data and a correct CRC.
  static func chunk(_ type: String, _ data: [UInt8] = []) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    precondition(typeBytes.count == 4)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
  }

  /// A file with only a header: signature, IHDR (8-bit RGBA unless told), an empty IDAT and IEND.
  static func headerOnly(
    width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6
  ) -> [UInt8] {
    let ihdr = bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0]
    return PNGSignature.bytes + chunk("IHDR", ihdr) + chunk("IDAT") + chunk("IEND")
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }
}

/// A small, valid PNG used as the seed of truncation and mutation tests.
struct PNGSample: Sendable, CustomTestStringConvertible {
  /// Where the bytes came from.
  let name: String
  /// The complete, valid file.
  let bytes: [UInt8]

  var testDescription: String { name }
}

extension PNGSample {
  /// Four small PngSuite files (when present), one PNG made by ``PNGEncoder`` and the first
  /// sprite of `samples/`; all but two take the decoder's whole-stream path.
  static let all: [PNGSample] = {
    var samples = ["basn0g01.png", "basn3p08.png", "basi6a16.png", "basn4a08.png"].compactMap {
      name in (try? PngSuite.bytes(of: name)).map { PNGSample(name: name, bytes: $0) }
    }
    if let sprite = Fixtures.sampleSpriteFiles().first, let bytes = try? Fixtures.bytes(of: sprite)
    {
      samples.append(PNGSample(name: sprite.lastPathComponent, bytes: bytes))
    }
    let image = SyntheticSprites.noise(width: 13, height: 7, seed: 7)
    if let encoded = try? PNGEncoder.encode(image) {
      samples.append(PNGSample(name: "encoded 13x7 noise", bytes: encoded))
    }
    return samples
  }()
}
