import SpriteCore
import SpritePNG
import Testing
import _SpriteTestSupport

@Suite("PNGEncoder")
struct PNGEncoderTests {
  /// An image size used by the round-trip tests.
  struct Size: Sendable, CustomTestStringConvertible {
    let width: Int
    let height: Int
    var testDescription: String { "\(width)x\(height)" }
  }

  static let sizes: [Size] = [
    Size(width: 1, height: 1), Size(width: 7, height: 3), Size(width: 3, height: 7),
    Size(width: 64, height: 64), Size(width: 257, height: 2), Size(width: 1, height: 300),
    Size(width: 512, height: 512),
  ]

  @Test("random RGBA round-trips byte for byte through encode and decode", arguments: sizes)
  func roundTrip(_ size: Size) throws {
    let image = SyntheticSprites.noise(
      width: size.width, height: size.height, seed: UInt64(size.width * 1000 + size.height))
    let png = try PNGEncoder.encode(image)
    #expect(PNGSignature.matches(png))
    let decoded = try PNGDecoder().decode(png)
    #expect(decoded == image)
  }

  @Test("straight alpha is kept: transparent pixels keep their colour")
  func transparentColoursSurvive() throws {
    let image = SyntheticSprites.noise(width: 16, height: 16, seed: 42, alphas: [0])
    #expect(try PNGDecoder().decode(PNGEncoder.encode(image)) == image)
  }

  @Test("flat images round-trip and compress well")
  func flatImage() throws {
    let image = SyntheticSprites.solid(RGBA8(r: 10, g: 200, b: 30, a: 128), width: 300, height: 200)
    let png = try PNGEncoder.encode(image)
    #expect(png.count < 2_000)
    #expect(try PNGDecoder().decode(png) == image)
  }

  @Test("encoding is deterministic")
  func deterministic() throws {
    let image = SyntheticSprites.checkerboard(
      RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 0, b: 255, a: 7), width: 33, height: 17, cell: 3)
    #expect(try PNGEncoder.encode(image) == PNGEncoder.encode(image))
  }

  @Test("more than 256 colours give a minimal RGBA8 file: IHDR, IDAT chunks, IEND")
  func chunkLayout() throws {
    let png = try PNGEncoder.encode(SyntheticSprites.noise(width: 19, height: 14, seed: 5))
    var offset = 8
    var types: [String] = []
    while offset + 12 <= png.count {
      let length = Int(PNGBytes.readBigEndian(png, at: offset))
      types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
      offset += 12 + length
    }
    #expect(offset == png.count)
    #expect(types.first == "IHDR" && types.last == "IEND")
    #expect(Set(types.dropFirst().dropLast()) == ["IDAT"])
    // IHDR: 19 x 14, bit depth 8, colour type 6, no interlace.
    #expect(Array(png[16..<29]) == [0, 0, 0, 19, 0, 0, 0, 14, 8, 6, 0, 0, 0])
  }
}
