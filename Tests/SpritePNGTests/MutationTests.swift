import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// Seeded random damage to valid files: the decoder throws or returns an image of the header's
/// size, never crashes, and its whole-stream path gives exactly what libpng's row reads give.
/// A failing case names its seed and mutation index.
@Suite("PNGDecoder random mutations")
struct MutationTests {
  /// Small limits, so a mutated header cannot make a test allocate much.
  let decoder = PNGDecoder(limits: .init(maxSide: 4096, maxPixels: 1 << 20))
  static let mutationsPerSample = 1000

  @Test("raw byte mutations throw or decode to the header's size", arguments: PNGSample.all)
  func rawMutations(_ sample: PNGSample) {
    run(sample, seed: 0x5EED_0001, fixCRCs: false)
  }

  @Test(
    "with CRCs repaired, mutations reach the image data and still throw or decode to size",
    arguments: PNGSample.all)
  func mutationsWithRepairedCRCs(_ sample: PNGSample) {
    run(sample, seed: 0x5EED_0002, fixCRCs: true)
  }

  private func run(_ sample: PNGSample, seed: UInt64, fixCRCs: Bool) {
    var rng = SeededRandom(seed: seed ^ UInt64(sample.bytes.count))
    for index in 0..<Self.mutationsPerSample {
      var bytes = sample.bytes
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        Self.mutate(&bytes, using: &rng)
      }
      if fixCRCs { bytes = PNGBytes.fixingCRCs(bytes) }
      // Any PNGDecodingError is an acceptable outcome, but both paths must give the same one,
      // and the whole-stream path libpng's pixels, damaged input or not.
      let label = "seed \(seed), mutation \(index)"
      if let image = decoder.decodedBothWays(bytes, label).image {
        let header = try? decoder.readHeader(bytes)
        #expect(
          image.width == header?.width && image.height == header?.height
            && image.pixels.count == image.width * image.height * 4, "\(label)")
      }
    }
  }

  /// Flips a bit, overwrites, inserts or deletes one byte at a random position.
  static func mutate(_ bytes: inout [UInt8], using rng: inout SeededRandom) {
    guard !bytes.isEmpty else {
      bytes.append(UInt8.random(in: 0...255, using: &rng))
      return
    }
    let position = Int.random(in: 0..<bytes.count, using: &rng)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
    case 1: bytes[position] = UInt8.random(in: 0...255, using: &rng)
    case 2: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: position)
    default: bytes.remove(at: position)
    }
  }
}
