import Foundation
import SpriteTheme
import Testing
import _SpriteTestSupport

/// The README's library snippets, compiled and run on every test run so they stay true.
@Suite("README examples")
struct ReadmeExamplesTests {
  @Test("the ThemePipeline snippet runs and prints what the README says")
  func pipelineSnippet() throws {
    let directory = try TemporaryDirectory()
    // The README uses paths relative to the checkout; the test makes them absolute.
    let path = Fixtures.packageRoot.appendingPathComponent("samples/sprites/crawl-blue-dragon.png")
      .path
    let output = directory.url.appendingPathComponent("blue-dragon-96.png").path

    // --- README: Using the library (SpriteTheme) ---
    let pipeline = ThemePipeline(configuration: .init(extent: .centre))
    let sprite = try pipeline.analyze(fileAt: path)
    print(sprite.theme.average.hex ?? "transparent")  // #172f72
    print(sprite.theme.seed.premultiplied)  // SIMD4<Int>(1, 20, 57, 239)
    let json = ThemeEncoder.encode(sprite.theme)  // stable bytes, sorted keys
    let png = try pipeline.thumbnailPNG(of: sprite.image, size: 96, source: "blue-dragon")
    try FileIO.writeAtomically(png, to: output)
    // --- end ---

    #expect(sprite.theme.average.hex == "#172f72")
    #expect(sprite.theme.seed.premultiplied == [1, 20, 57, 239])
    #expect(!json.isEmpty)
    #expect(try PNGDecoder().readHeader(FileIO.read(output)) == (96, 96))
  }

  @Test("the SpriteCore snippet gives the values in its comments")
  func coreSnippet() {
    // --- README: Using the library (SpriteCore) ---
    // Opaque red next to a fully transparent green pixel: straight RGBA8, row-major.
    let image = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 0])
    let average = AreaAverage(of: image, over: .full)
    print(average.linear?.hex ?? "none", average.coverage)  // #ff0000 0.5
    let thumbnail = Thumbnail(size: 1).apply(to: image)
    print(thumbnail[0, 0])  // #ff000080: half-covered red, no green fringe
    // --- end ---

    #expect(average.linear?.hex == "#ff0000")
    #expect(average.coverage == 0.5)
    #expect(thumbnail[0, 0] == RGBA8(r: 255, g: 0, b: 0, a: 128))
  }
}
