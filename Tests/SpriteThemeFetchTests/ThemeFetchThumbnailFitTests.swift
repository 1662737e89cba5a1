import Foundation
import SpriteCore
import SpritePNG
import SpriteTheme
import SystemPackage
import Testing
import _SpriteTestSupport

@testable import SpriteThemeFetch

/// `fetch --thumbnail-fit pad`: the option reaches the theme engine.
@Suite("ThemeFetch thumbnail fit")
struct ThemeFetchThumbnailFitTests {
  @Test("a fetched 20 x 8 sprite gets 16 x 16 padded thumbnails, and its theme says so")
  func padded() async throws {
    let directory = try TemporaryDirectory()
    let sprite = SyntheticSprites.noise(width: 20, height: 8, seed: 11, alphas: [255])
    let url = "http://mock.invalid/wide.png"
    let loader = MockDataLoader()
    loader[url] = .body(try PNGEncoder.encode(sprite))
    let fetch = ThemeFetch(
      options: .init(
        outputDirectory: FilePath(directory.url.path), jobs: 1, thumbnailSizes: [16],
        thumbnailFit: .pad))
    let outcome = try await fetch.run(inputs: .list(FetchInput.urlList(url)), loader: loader)
    #expect(outcome.index.entries.map(\.name) == ["wide"])
    let png = try Fixtures.bytes(of: directory.url.appendingPathComponent("thumbs/wide-16.png"))
    let written = try PNGDecoder().decode(png)
    #expect(written == Thumbnail(size: 16, fit: .pad).apply(to: sprite))
    #expect(written.width == 16 && written.height == 16)
    let theme = try JSONDecoder().decode(
      Theme.self,
      from: Data(contentsOf: directory.url.appendingPathComponent("themes/wide.json")))
    #expect(theme.thumbnails.map { [$0.width, $0.height] } == [[16, 16]])
  }
}
