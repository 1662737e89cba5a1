import SpriteCore
import Testing
import _SpriteTestSupport

@Suite("RGBA8")
struct RGBA8Tests {
  static func twoDigits(_ v: UInt8) -> String {
    let s = String(v, radix: 16)
    return s.count == 1 ? "0" + s : s
  }

  @Test("hex and hexWithAlpha spell every channel value in lower-case two-digit hex")
  func hexSpelling() {
    for v in 0...255 {
      let c = RGBA8(r: UInt8(v), g: UInt8(255 - v), b: UInt8(v / 3), a: UInt8((v * 7) % 256))
      let expected = "#" + [c.r, c.g, c.b].map(Self.twoDigits).joined()
      #expect(c.hex == expected)
      #expect(c.hexWithAlpha == expected + Self.twoDigits(c.a))
      #expect(c.description == c.hexWithAlpha)
    }
  }

  @Test("image subscripts read and write the documented byte layout")
  func imageLayout() {
    var image = RGBAImage(width: 3, height: 2, filledWith: RGBA8(r: 0, g: 0, b: 0, a: 0))
    image[2, 1] = RGBA8(r: 1, g: 2, b: 3, a: 4)
    #expect(Array(image.pixels[20..<24]) == [1, 2, 3, 4])
    #expect(image.visiblePixelCount == 1)
    #expect(image[2, 1].hexWithAlpha == "#01020304")
  }

  @Test("counts the pixels with alpha > 0, whatever the other channels hold")
  func matchesPlainCount() {
    var rng = SeededRandom(seed: 5)
    // Every alpha value, next to every other one, in an odd number of pixels.
    let everyAlpha = (0...256).flatMap { i -> [UInt8] in [1, 2, 3, UInt8(truncatingIfNeeded: i)] }
    let all = RGBAImage(width: 257, height: 1, pixels: everyAlpha)
    #expect(all.visiblePixelCount == 255)
    for (width, height) in [(1, 1), (3, 1), (7, 5), (64, 33)] {
      let pixels = (0..<(width * height * 4)).map { i -> UInt8 in
        // Alpha is 0 about half the time; colour bytes are often non-zero over alpha 0.
        i % 4 == 3 && Bool.random(using: &rng) ? 0 : UInt8.random(in: 0...255, using: &rng)
      }
      let image = RGBAImage(width: width, height: height, pixels: pixels)
      let expected = stride(from: 3, to: pixels.count, by: 4).filter { pixels[$0] != 0 }.count
      #expect(image.visiblePixelCount == expected)
    }
  }
}
