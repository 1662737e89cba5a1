import SpriteCore
import Testing

@Suite("SRGB")
struct SRGBTests {
  @Test("every 8-bit value survives decode then encode, through both tables")
  func roundTrip() {
    for v in 0...255 {
      let byte = UInt8(v)
      #expect(SRGB.encode(SRGB.linear(byte)) == byte)
      #expect(SRGB.encode(Double(SRGB.decodeTable16[v]) / 65535) == byte)
    }
  }

  @Test("published reference points of the sRGB curve")
  func referencePoints() {
    #expect(SRGB.linear(0) == 0)
    #expect(SRGB.linear(255) == 1)
    // 0.5 linear is 0.7354 encoded (IEC 61966-2-1), i.e. 187.5 → 188.
    #expect(SRGB.encode(0.5) == 188)
    #expect(abs(SRGB.linear(128) - 0.215861) < 1e-6)
    // Below the 0.04045 breakpoint the curve is linear with slope 1/12.92.
    #expect(abs(SRGB.linear(10) - (10.0 / 255) / 12.92) < 1e-15)
  }

  @Test("the curve is strictly increasing")
  func monotonic() {
    for v in 1...255 {
      #expect(SRGB.decodeTable[v] > SRGB.decodeTable[v - 1])
      #expect(SRGB.decodeTable16[v] > SRGB.decodeTable16[v - 1])
    }
  }
}
