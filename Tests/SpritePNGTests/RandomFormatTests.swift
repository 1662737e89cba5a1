import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// Seeded random images of every PNG colour type and bit depth, plain and Adam7-interlaced, with
/// random filters, palettes and tRNS chunks: the whole-stream path must decode each of them and
/// give libpng's pixels.
@Suite("PNGDecoder whole-stream path on random images of every format")
struct RandomFormatTests {
  let decoder = PNGDecoder(limits: .init(maxSide: 4096, maxPixels: 1 << 22))

  /// The colour types (PNG section 11.2.2) with their allowed bit depths.
  static let formats: [(colorType: UInt8, depths: [UInt8])] = [
    (0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16]),
  ]

  @Test("every colour type and depth, plain and interlaced, with and without tRNS")
  func everyFormat() {
    var rng = SeededRandom(seed: 0x5EED_0016)
    var decoded = 0
    for (colorType, depths) in Self.formats {
      for depth in depths {
        for interlaced in [false, true] {
          for trial in 0..<6 {
            let label = "type \(colorType) depth \(depth) interlaced \(interlaced) trial \(trial)"
            let bytes = Self.randomPNG(
              colorType: colorType, depth: depth, interlaced: interlaced,
              withTransparency: trial % 2 == 1, using: &rng)
            let result = decoder.decodedBothWays(bytes, label)
            // IHDR, PLTE and tRNS (planted keys included) read by the shim itself.
            #expect(result.usedWholeStream, "\(label)")
            if result.image != nil { decoded += 1 }
          }
        }
      }
    }
    #expect(decoded == 15 * 2 * 6)
  }

  /// Channels per pixel of a colour type.
  static func channels(_ colorType: UInt8) -> Int {
    switch colorType {
    case 2: 3
    case 4: 2
    case 6: 4
    default: 1
    }
  }

  /// A random image: size 1-19 on each side, random samples, random filter types (0 on even rows,
  /// so that the samples planted there reach the decoder unchanged), a full random palette for
  /// colour type 3, and for `withTransparency` a tRNS chunk. A grey or RGB tRNS key is planted
  /// in some pixels of the unfiltered rows, and so is a near miss that shares its high bytes
  /// (16-bit) or all but one sample.
  static func randomPNG(
    colorType: UInt8, depth: UInt8, interlaced: Bool, withTransparency: Bool,
    using rng: inout SeededRandom
  ) -> [UInt8] {
    let width = Int.random(in: 1...19, using: &rng)
    let height = Int.random(in: 1...19, using: &rng)
    let bitsPerPixel = channels(colorType) * Int(depth)
    let bytesPerPixel = max(1, bitsPerPixel / 8)
    let sampleMax = (1 << Int(depth)) - 1
    // The key: one value per channel, each within the bit depth.
    let key = (0..<channels(colorType)).map { _ in Int.random(in: 0...sampleMax, using: &rng) }
    var raw = [UInt8]()
    let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
      interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    for pass in passes {
      let passWidth = width > pass.x0 ? (width - pass.x0 + pass.dx - 1) / pass.dx : 0
      let passHeight = height > pass.y0 ? (height - pass.y0 + pass.dy - 1) / pass.dy : 0
      if passWidth == 0 || passHeight == 0 { continue }
      let stride = (passWidth * bitsPerPixel + 7) / 8
      for y in 0..<passHeight {
        let filter = y % 2 == 0 ? UInt8(0) : UInt8.random(in: 0...4, using: &rng)
        var row = (0..<stride).map { _ in UInt8.random(in: 0...255, using: &rng) }
        if filter == 0, colorType == 0 || colorType == 2, depth >= 8 {
          for x in 0..<passWidth where Int.random(in: 0..<3, using: &rng) == 0 {
            // The key itself, or a near miss: one sample off by one in its low byte.
            var values = key
            if Bool.random(using: &rng) {
              let channel = Int.random(in: 0..<values.count, using: &rng)
              values[channel] = values[channel] ^ 1
            }
            for (c, value) in values.enumerated() {
              let at = x * bytesPerPixel + c * Int(depth) / 8
              if depth == 16 {
                row[at] = UInt8(value >> 8)
                row[at + 1] = UInt8(value & 0xFF)
              } else {
                row[at] = UInt8(value)
              }
            }
          }
        }
        raw += [filter] + row
      }
    }
    var chunks = PNGBytes.chunk(
      "IHDR",
      PNGBytes.bigEndian(UInt32(width)) + PNGBytes.bigEndian(UInt32(height))
        + [depth, colorType, 0, 0, interlaced ? 1 : 0])
    if colorType == 3 {
      let entries = 1 << Int(depth)
      chunks += PNGBytes.chunk(
        "PLTE", (0..<(3 * entries)).map { _ in UInt8.random(in: 0...255, using: &rng) })
      if withTransparency {
        let count = Int.random(in: 1...entries, using: &rng)
        chunks += PNGBytes.chunk(
          "tRNS", (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) })
      }
    } else if withTransparency, colorType == 0 || colorType == 2 {
      chunks += PNGBytes.chunk("tRNS", key.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }
    chunks += PNGBytes.chunk("IDAT", zlibStored(raw)) + PNGBytes.chunk("IEND")
    return PNGSignature.bytes + chunks
  }

  /// `data` as a zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 section 3.2.4).
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let length = min(65_535, data.count - offset)
      let final: UInt8 = offset + length == data.count ? 1 : 0
      let n = UInt16(length)
      out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)]
      out += data[offset..<(offset + length)]
      offset += length
    } while offset < data.count
    return out + PNGBytes.bigEndian(WholeStreamTests.adler32(data))
  }
}
