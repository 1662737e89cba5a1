import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// The whole-stream path against libpng's own read path on thousands of seeded mutations of
/// PngSuite, the sample sprites and random images of every format: for each, equal pixels or
/// the same refusal (``PNGDecoder/decodedBothWays(_:_:sourceLocation:)``). A failure names the
/// mutation's index and kind; the sequence depends only on the seed.
@Suite("PNGDecoder differential: whole-stream path against libpng's row reads")
struct DifferentialTests {
  /// Small limits, so a mutated header cannot make a test allocate much.
  let decoder = PNGDecoder(limits: .init(maxSide: 4096, maxPixels: 1 << 20))
  static let mutationCount = 5000

  /// What one mutation does.
  enum Kind: CaseIterable, Hashable {
    /// One bit flipped anywhere (CRCs left as they are).
    case bitFlip
    /// One byte replaced anywhere.
    case byteReplacement
    /// The file cut short.
    case truncation
    /// One chunk's length field changed.
    case chunkLength
    /// One byte of a chunk's data replaced, and that chunk's CRC recomputed.
    case chunkDataWithCRC
    /// One to three bytes of the zlib stream in IDAT replaced, the CRC recomputed: the inflaters
    /// meet the damage.
    case imageDataWithCRC
    /// The zlib Adler-32 changed under a valid CRC.
    case adler32WithCRC
    /// A random image's inflated data (filter bytes, samples, length) damaged and stored again
    /// with a valid Adler-32 and CRC: the unfilter and expansion code meets the damage.
    case inflatedDataRestored
  }

  @Test("seeded mutations: equal pixels or the same refusal, and each kind reaches both outcomes")
  func mutations() throws {
    var sources = Fixtures.sampleSpriteFiles().compactMap { try? Fixtures.bytes(of: $0) }
    sources += try PngSuite.validRows.map { try PngSuite.bytes(of: $0.file) }
    #expect(sources.count >= (Fixtures.isCI ? 200 : 40), "\(sources.count) source files")
    var rng = SeededRandom(seed: 0x5EED_D1FF)
    var decoded: [Kind: Int] = [:]
    var refused: [Kind: Int] = [:]
    for index in 0..<Self.mutationCount {
      let kind = Kind.allCases[index % Kind.allCases.count]
      let bytes =
        kind == .inflatedDataRestored
        ? Self.damagedInflatedData(using: &rng)
        : Self.mutate(sources.randomElement(using: &rng)!, kind, using: &rng)
      let result = decoder.decodedBothWays(bytes, "mutation \(index) (\(kind))")
      if result.image != nil && result.usedWholeStream {
        decoded[kind, default: 0] += 1
      } else if result.image == nil {
        refused[kind, default: 0] += 1
      }
    }
    for kind in Kind.allCases {
      #expect(refused[kind, default: 0] > 0, "no \(kind) mutation was refused")
    }
    // The kinds whose result can still be a valid file decode some on the fast path (damage to
    // the compressed data itself never survives the Adler-32).
    for kind in [Kind.chunkDataWithCRC, .inflatedDataRestored] {
      #expect(decoded[kind, default: 0] > 10, "\(kind): \(decoded[kind, default: 0]) decoded")
    }
  }

  /// The complete chunks of `bytes`: where each starts and its data length.
  static func chunks(_ bytes: [UInt8]) -> [(at: Int, length: Int)] {
    var found: [(Int, Int)] = []
    var at = 8
    while at + 12 <= bytes.count {
      let length = Int(PNGBytes.readBigEndian(bytes, at: at))
      guard length <= bytes.count - at - 12 else { break }
      found.append((at, length))
      at += 12 + length
    }
    return found
  }

  /// Rewrites the CRC of the chunk at `at`.
  static func fixCRC(_ bytes: inout [UInt8], chunkAt at: Int, length: Int) {
    let crc = PNGBytes.crc32(bytes[(at + 4)..<(at + 8 + length)])
    bytes.replaceSubrange((at + 8 + length)..<(at + 12 + length), with: PNGBytes.bigEndian(crc))
  }

  static func mutate(_ source: [UInt8], _ kind: Kind, using rng: inout SeededRandom) -> [UInt8] {
    var bytes = source
    let chunks = chunks(bytes)
    let idats = chunks.filter { bytes[($0.at + 4)..<($0.at + 8)].elementsEqual("IDAT".utf8) }
    switch kind {
    case .bitFlip:
      bytes[Int.random(in: 8..<bytes.count, using: &rng)] ^=
        1 << UInt8.random(in: 0..<8, using: &rng)
    case .byteReplacement:
      bytes[Int.random(in: 8..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
    case .truncation:
      bytes.removeLast(Int.random(in: 1...min(bytes.count - 8, 64), using: &rng))
    case .chunkLength:
      let chunk = chunks.randomElement(using: &rng)!
      let length = chunk.length + Int.random(in: -4...4, using: &rng)
      let value = length >= 0 ? UInt32(length) : UInt32.random(in: 0...UInt32.max, using: &rng)
      bytes.replaceSubrange(chunk.at..<(chunk.at + 4), with: PNGBytes.bigEndian(value))
    case .chunkDataWithCRC:
      guard let chunk = chunks.filter({ $0.length > 0 }).randomElement(using: &rng) else { break }
      bytes[chunk.at + 8 + Int.random(in: 0..<chunk.length, using: &rng)] = UInt8.random(
        in: 0...255, using: &rng)
      fixCRC(&bytes, chunkAt: chunk.at, length: chunk.length)
    case .imageDataWithCRC:
      guard let chunk = idats.filter({ $0.length > 0 }).randomElement(using: &rng) else { break }
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let offset = chunk.at + 8 + Int.random(in: 0..<chunk.length, using: &rng)
        bytes[offset] ^= UInt8.random(in: 1...255, using: &rng)
      }
      fixCRC(&bytes, chunkAt: chunk.at, length: chunk.length)
    case .adler32WithCRC:
      guard let last = idats.last(where: { $0.length > 0 }) else { break }
      bytes[last.at + 8 + last.length - 1 - Int.random(in: 0..<min(4, last.length), using: &rng)] ^=
        UInt8.random(in: 1...255, using: &rng)
      fixCRC(&bytes, chunkAt: last.at, length: last.length)
    case .inflatedDataRestored:
      preconditionFailure("made by damagedInflatedData(using:)")
    }
    return bytes
  }

  /// A random image of a random format (``RandomFormatTests/randomPNG``), its inflated data
  /// damaged, stored again (valid Adler-32 and CRC); for palette images sometimes a shorter
  /// PLTE, so indices fall outside it.
  static func damagedInflatedData(using rng: inout SeededRandom) -> [UInt8] {
    let (colorType, depths) = RandomFormatTests.formats.randomElement(using: &rng)!
    let bytes = RandomFormatTests.randomPNG(
      colorType: colorType, depth: depths.randomElement(using: &rng)!,
      interlaced: Bool.random(using: &rng), withTransparency: Bool.random(using: &rng),
      using: &rng)
    var (head, idat) = WholeStreamTests.split(bytes)
    var raw = storedData(Array(idat[10..<(idat.count - 8)]))
    switch Int.random(in: 0..<5, using: &rng) {
    case 0: raw[Int.random(in: 0..<raw.count, using: &rng)] = UInt8.random(in: 0...6, using: &rng)
    case 1:
      raw[Int.random(in: 0..<raw.count, using: &rng)] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
    case 2: raw.removeLast(Int.random(in: 1...min(raw.count, 3), using: &rng))
    case 3:
      raw += (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        UInt8.random(in: 0...255, using: &rng)
      }
    default:
      if colorType == 3,
        let plte = chunks(head).first(where: {
          head[($0.at + 4)..<($0.at + 8)].elementsEqual("PLTE".utf8)
        })
      {
        let entries = Int.random(in: 1...(plte.length / 3), using: &rng)
        let shorter = PNGBytes.chunk(
          "PLTE", Array(head[(plte.at + 8)..<(plte.at + 8 + 3 * entries)]))
        head.replaceSubrange(plte.at..<(plte.at + 12 + plte.length), with: shorter)
      }
    }
    idat = PNGBytes.chunk("IDAT", RandomFormatTests.zlibStored(raw))
    return head + idat + PNGBytes.chunk("IEND")
  }

  /// The data of a zlib stream's stored blocks (RFC 1951 3.2.4), from the first block header on.
  static func storedData(_ blocks: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    var at = 0
    while at + 5 <= blocks.count {
      let length = Int(blocks[at + 1]) | Int(blocks[at + 2]) << 8
      data += blocks[(at + 5)..<(at + 5 + length)]
      let final = blocks[at] & 1 == 1
      at += 5 + length
      if final { break }
    }
    return data
  }
}
