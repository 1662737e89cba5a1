import Foundation
import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpritePNG

/// The files `batch --thumbnails 32,96` writes for `samples/sprites`: never larger than the RGBA8
/// files of before, and decoded to the computed pixels by our decoder (both paths) and by pypng,
/// an independent decoder installed from PyPI into a throwaway venv.
@Suite("PNGEncoder on the samples and their thumbnails")
struct SampleThumbnailTests {
  let decoder = PNGDecoder()

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

  @Test("never larger than RGBA8 at zlib level 6 with libpng's filters; pixels come back")
  func neverLarger() throws {
    var before = 0
    var after = 0
    var indexed = 0
    for (name, image) in try Self.images() {
      let png = try PNGEncoder.encode(image)
      let old = try PNGEncoder.encode(image, format: .rgba8)
      #expect(png.count <= old.count, "\(name): \(png.count) bytes against \(old.count)")
      #expect(decoder.decodedBothWays(png, name).image == image, "\(name)")
      before += old.count
      after += png.count
      if png[25] == 3 { indexed += 1 }
    }
    // Most of them are pixel art of at most 256 colours.
    #expect(indexed > 100, "\(indexed) of 153 files indexed")
    #expect(after * 10 < before * 8, "\(after) bytes against \(before)")
  }

  @Test("pypng decodes every file to the pixels computed", .externalTools)
  func independentDecoder() async throws {
    let folder = try TemporaryDirectory()
    let images = try Self.images()
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
