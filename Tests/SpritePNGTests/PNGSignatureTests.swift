import SpritePNG
import Testing

@Suite("PNGSignature")
struct PNGSignatureTests {
  @Test("the signature is the eight bytes of the PNG specification")
  func signatureBytes() {
    #expect(PNGSignature.bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  @Test("matches needs all eight bytes and ignores what follows")
  func matchesWholeSignature() {
    #expect(PNGSignature.matches(PNGSignature.bytes))
    #expect(PNGSignature.matches(PNGSignature.bytes + [0, 0, 0, 13]))
    #expect(PNGSignature.matches(PNGSignature.bytes[...]))
    #expect(!PNGSignature.matches(Array(PNGSignature.bytes.prefix(7))))
    #expect(!PNGSignature.matches([0x89, 0x50, 0x4E, 0x47, 0x0A, 0x1A, 0x0A, 0x00]))
    #expect(!PNGSignature.matches([UInt8]()))
  }

  @Test("hasMagic accepts any non-empty start of \\x89PNG and nothing else")
  func magicIsLibpngsSplit() {
    #expect(PNGSignature.hasMagic([0x89]))
    #expect(PNGSignature.hasMagic([0x89, 0x50, 0x4E, 0x47]))
    #expect(PNGSignature.hasMagic([0x89, 0x50, 0x4E, 0x47, 0x0A, 0x1A, 0x0A, 0x00]))
    #expect(!PNGSignature.hasMagic([UInt8]()))
    #expect(!PNGSignature.hasMagic([0x09, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(!PNGSignature.hasMagic(Array("GIF89a".utf8)))
  }
}
