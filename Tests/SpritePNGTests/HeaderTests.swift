import Testing

@testable import SpritePNG

/// The shim reads a plain IHDR without libpng; for every header it must say what libpng says.
@Suite("PNGDecoder header: the shim's own IHDR reading against libpng's")
struct HeaderTests {
  let decoder = PNGDecoder()

  /// The size or the error of one header, read the given way.
  private func outcome(_ bytes: [UInt8], _ path: PNGDecoder.ImageDataPath) -> String {
    do throws(PNGDecodingError) {
      let (width, height) = try decoder.readHeader(bytes, path: path)
      return "\(width)x\(height)"
    } catch {
      return "\(error)"
    }
  }

  /// A signature and an IHDR chunk with these fields (and a correct CRC unless told otherwise).
  private func header(
    width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, compression: UInt8 = 0,
    filter: UInt8 = 0, interlace: UInt8 = 0, breakCRC: Bool = false
  ) -> [UInt8] {
    var bytes =
      PNGSignature.bytes
      + PNGBytes.chunk(
        "IHDR",
        PNGBytes.bigEndian(width) + PNGBytes.bigEndian(height)
          + [depth, colorType, compression, filter, interlace])
    if breakCRC { bytes[bytes.count - 1] ^= 1 }
    return bytes + PNGBytes.chunk("IEND")
  }

  @Test("every bit depth, colour type and method byte, both ways")
  func everyFieldCombination() {
    var plain = 0
    for colorType: UInt8 in 0...7 {
      for depth: UInt8 in [0, 1, 2, 3, 4, 8, 12, 16, 32] {
        for (compression, filter, interlace): (UInt8, UInt8, UInt8) in [
          (0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0), (0, 1, 0), (0, 64, 0),
        ] {
          let bytes = header(
            width: 7, height: 5, depth: depth, colorType: colorType, compression: compression,
            filter: filter, interlace: interlace)
          let fast = outcome(bytes, .fastest)
          #expect(fast == outcome(bytes, .libpngRows), "type \(colorType) depth \(depth)")
          if fast == "7x5" { plain += 1 }
        }
      }
    }
    // 15 valid depth and colour type pairs, each plain and interlaced.
    #expect(plain == 30)
  }

  @Test(
    "sizes at and past the limits, a bad CRC, a short file, a damaged signature: both ways",
    arguments: [(0, 1), (1, 0), (1, 1), (0x7FFF_FFFF, 1), (0x8000_0000, 1), (1, 0xFFFF_FFFF)])
  func edges(width: UInt32, height: UInt32) {
    let bytes = header(width: width, height: height, depth: 8, colorType: 6)
    #expect(outcome(bytes, .fastest) == outcome(bytes, .libpngRows))
    let broken = header(width: width, height: height, depth: 8, colorType: 6, breakCRC: true)
    #expect(outcome(broken, .fastest) == outcome(broken, .libpngRows))
    for cut in [20, 32] {
      let short = Array(bytes.prefix(cut))
      #expect(outcome(short, .fastest) == outcome(short, .libpngRows), "\(cut) bytes")
    }
    var ascii = bytes
    ascii[4] = 0x0A  // "\r\n" turned into "\n\n"
    #expect(outcome(ascii, .fastest) == outcome(ascii, .libpngRows))
  }
}
