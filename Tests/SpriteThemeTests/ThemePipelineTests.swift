import Foundation
import SpriteCore
import SpritePNG
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

@Suite("ThemePipeline")
struct ThemePipelineTests {
  @Test("a sprite written as PNG analyses to its own average and source facts")
  func analyzesEncodedSprite() throws {
    let directory = try TemporaryDirectory()
    let inner = SyntheticSprites.solid(RGBA8(r: 200, g: 40, b: 90), width: 16, height: 16)
    let image = SyntheticSprites.withTransparentBorder(inner, border: 8)
    let bytes = try PNGEncoder.encode(image)
    let path = directory.url.appendingPathComponent("Pink Blob.PNG").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let sprite = try ThemePipeline().analyze(fileAt: FilePath(path))
    #expect(sprite.image == image)
    let theme = sprite.theme
    #expect(theme.source.name == "Pink Blob")
    #expect(theme.source.path == path)
    #expect(theme.source.width == 32 && theme.source.height == 32)
    #expect(theme.source.opaquePixels == 256)
    #expect(theme.source.sha256 == SHA256Hex.of(bytes))
    #expect(theme.average.hex == "#c8285a")
    #expect(theme.seed.hex == "#c8285a")
    #expect(theme.seed.premultiplied == [200, 40, 90, 255])
  }

  @Test("the configured extent is used for the headline average")
  func configuredExtent() throws {
    let image = RGBAImage(width: 4, height: 4) { x, _ in
      x < 2 ? RGBA8(r: 255, g: 0, b: 0) : RGBA8(r: 0, g: 0, b: 255)
    }
    let source = Theme.Source(name: "x", sha256: "", width: 4, height: 4, opaquePixels: 16)
    let left = ThemePipeline(configuration: .init(extent: .rect(x: 0, y: 0, width: 2, height: 4)))
    #expect(left.theme(of: image, source: source).average.hex == "#ff0000")
    #expect(left.theme(of: image, source: source).average.extent.name == "0,0,2,4")
  }

  @Test("failures name the stage and the source")
  func errorsCarryContext() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.url.appendingPathComponent("missing.png").path
    #expect(
      throws: ThemePipeline.Error.readFailed(source: missing, reason: "No such file or directory")
    ) {
      try ThemePipeline().analyze(fileAt: FilePath(missing))
    }
    #expect(
      throws: ThemePipeline.Error.readFailed(
        source: directory.url.path, reason: "not a regular file (a folder)")
    ) {
      try ThemePipeline().analyze(fileAt: FilePath(directory.url.path))
    }
    do {
      _ = try ThemePipeline().analyze(bytes: Array("GIF89a".utf8), name: "g", path: "g.gif")
      Issue.record("expected a decode failure")
    } catch {
      #expect(error.stage == "decode")
      #expect(error.source == "g.gif")
      #expect(error.description.hasPrefix("g.gif: "))
      guard case .decodeFailed(_, .notPNG) = error else {
        Issue.record("expected .notPNG, got \(error)")
        return
      }
    }
  }

  @Test("the decoder limit is enforced through the pipeline")
  func limits() throws {
    let bytes = try PNGEncoder.encode(
      SyntheticSprites.solid(RGBA8(r: 1, g: 1, b: 1), width: 10, height: 10))
    let small = ThemePipeline(configuration: .init(limits: .init(maxPixels: 99)))
    #expect(throws: ThemePipeline.Error.self) { try small.analyze(bytes: bytes, name: "s") }
    #expect(throws: Never.self) { try ThemePipeline().analyze(bytes: bytes, name: "s") }
  }

  @Test("sprite names drop the folder and a .png extension of any case")
  func spriteNames() {
    #expect(ThemePipeline.spriteName(forPath: "a/b/c.png") == "c")
    #expect(ThemePipeline.spriteName(forPath: "C.PNG") == "C")
    #expect(ThemePipeline.spriteName(forPath: "noext") == "noext")
  }
}

@Suite("ThemePipeline thumbnails")
struct ThemePipelineThumbnailTests {
  @Test("thumbnail PNGs of every sample decode back to the scaled pixels", arguments: [16, 32, 96])
  func thumbnailsDecodeBack(size: Int) throws {
    let pipeline = ThemePipeline()
    let files = Fixtures.sampleSpriteFiles()
    #expect(!files.isEmpty)
    for url in files {
      let image = try pipeline.decode(fileAt: FilePath(url.path))
      let png = try pipeline.thumbnailPNG(of: image, size: size, source: url.lastPathComponent)
      let decoded = try PNGDecoder().decode(png)
      #expect(decoded == Thumbnail(size: size).apply(to: image), "\(url.lastPathComponent)")
      #expect(max(decoded.width, decoded.height) <= size)
    }
  }
}
