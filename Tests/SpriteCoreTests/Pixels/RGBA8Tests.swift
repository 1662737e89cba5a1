import SpriteCore
import Testing

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

  @Test("visiblePixelCount counts every alpha from 1 to 255 and no alpha 0")
  func visiblePixelCount() {
    // Each alpha value once, on colours that are not zero, so only alpha can decide.
    let image = RGBAImage(width: 16, height: 16) { x, y in
      RGBA8(r: 255, g: UInt8(x), b: UInt8(y), a: UInt8(16 * y + x))
    }
    #expect(image.visiblePixelCount == 255)
    #expect(RGBAImage(width: 7, height: 3, filledWith: RGBA8(r: 9, g: 9, b: 9, a: 0))
      .visiblePixelCount == 0)
  }
}
