import Foundation
import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// The files `batch --thumbnails 32,96` writes for `samples/sprites`: in total no larger than the
/// RGBA8 files of before (SPEC section 7, CONTRIBUTING.md), and decoded to the computed pixels by
/// our decoder (both paths) and by pypng, an independent decoder installed from PyPI into a
/// throwaway venv.
@Suite("PNGEncoder on the samples and their thumbnails")
struct SampleThumbnailTests {
  let decoder = PNGDecoder()

  /// The bytes of the 102 thumbnails as RGBA8 files through libpng (zlib level 6, libpng's
  /// filters), as `e9f0ade` wrote them (Benchmarks/README.md).
  static let rgba8Bytes = 109_147
  /// The bytes of the same thumbnails from libpng's writer with indexed files where smaller
  /// (`a1e8c03`), the encoder this one replaced.
  static let libpngBytes = 69_310

  /// Each sample sprite with its thumbnails at 32 and 96 px, as `batch` computes them.
  static func images() throws -> [(name: String, image: RGBAImage)] {
    let files = Fixtures.sampleSpriteFiles()
    #expect(files.count == 51)
    return try files.flatMap { url in
      let stem = url.deletingPathExtension().lastPathComponent
      let sprite = try PNGDecoder().decode(Fixtures.bytes(of: url))
      return [(stem, sprite)]
        + [32, 96].map { size in ("\(stem)-\(size)", Thumbnail(size: size).apply(to: sprite)) }
    }
  }

  @Test("the thumbnails are in total no larger than the RGBA8 files of before; pixels come back")
  func totalNoLarger() throws {
    var total = 0
    var thumbnails = 0
    var indexed = 0
    for (name, image) in try Self.images() {
      let png = try PNGEncoder.encode(image)
      #expect(decoder.decodedBothWays(png, name).image == image, "\(name)")
      guard name.hasSuffix("-32") || name.hasSuffix("-96") else { continue }
      thumbnails += 1
      total += png.count
      if png[25] == 3 { indexed += 1 }
    }
    #expect(thumbnails == 102)
    // Most of them are pixel art of at most 256 colours.
    #expect(indexed > 80, "\(indexed) of 102 thumbnails indexed")
    #expect(total <= Self.rgba8Bytes, "\(total) bytes against \(Self.rgba8Bytes)")
    // Within 3% of libpng's indexed files, which took a second encoding for many.
    #expect(total * 100 <= Self.libpngBytes * 103, "\(total) bytes against \(Self.libpngBytes)")
  }

  @Test("pypng decodes every file to the pixels computed", .externalTools)
  func independentDecoder() async throws {
    let folder = try TemporaryDirectory()
    let images = try Self.images() + Self.synthetic()
    for (name, image) in images {
      let url = folder.url.appendingPathComponent("\(name).png")
      try Data(PNGEncoder.encode(image)).write(to: url)
    }
    let venv = folder.url.appendingPathComponent("venv").path
    let env = URL(fileURLWithPath: "/usr/bin/env")
    let made = try await ChildProcess.run(env, ["python3", "-m", "venv", venv])
    try #require(made.status == 0, "python3 -m venv: \(made.stderr)")
    let pip = try await ChildProcess.run(
      URL(fileURLWithPath: "\(venv)/bin/python"),
      ["-m", "pip", "install", "-q", "--disable-pip-version-check", "pypng==0.20220715.0"])
    try #require(pip.status == 0, "pip install pypng: \(pip.stderr)")
    let script = Fixtures.packageRoot
      .appendingPathComponent("Tests/SpritePNGTests/Scripts/decode_pngs.py").path
    let run = try await ChildProcess.run(
      URL(fileURLWithPath: "\(venv)/bin/python"), [script, folder.url.path])
    try #require(run.status == 0, "decode_pngs.py: \(run.stderr)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(images.count)")
    for (name, image) in images {
      let pixels = try Fixtures.bytes(of: folder.url.appendingPathComponent("\(name).rgba"))
      #expect(pixels == image.pixels, "\(name)")
    }
  }
}

extension SampleThumbnailTests {
  /// Images that reach every kind of file the encoder writes: indexed at each bit depth, with and
  /// without tRNS, odd widths; RGBA8 whose rows choose each filter type (None, Sub, Up, Paeth).
  static func synthetic() -> [(name: String, image: RGBAImage)] {
    var images: [(name: String, image: RGBAImage)] = []
    for colors in [2, 4, 16, 256] {
      for transparent in [false, true] {
        let palette = IndexedEncoderTests.distinctColors(
          colors, transparent: transparent, seed: UInt64(colors))
        let image = IndexedEncoderTests.noise(
          of: palette, width: 61, height: 29, seed: UInt64(colors))
        images.append(("indexed-\(colors)-\(transparent)", image))
      }
    }
    images.append(("rgba8-filters", filterRows()))
    images.append(("rgba8-noise", SyntheticSprites.noise(width: 37, height: 23, seed: 31)))
    return images
  }

  /// An RGBA8 image of more than 256 colours whose rows are best filtered each way in turn:
  /// noise (None), horizontal ramps (Sub), a repeated row (Up) and a diagonal ramp (Paeth).
  static func filterRows() -> RGBAImage {
    let noise = SyntheticSprites.noise(width: 64, height: 8, seed: 77)
    return RGBAImage(width: 64, height: 48) { x, y in
      switch y / 8 {
      case 0, 3: return noise[x, y % 8]
      case 1: return RGBA8(r: UInt8(x * 3), g: UInt8(x * 2 + y), b: UInt8(y * 5), a: 255)
      case 2: return noise[x, 0]
      default: return RGBA8(r: UInt8(x + y), g: UInt8(2 * x + y), b: UInt8(x + 2 * y), a: 200)
      }
    }
  }
}
