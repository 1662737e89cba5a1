import Foundation
import SpriteTheme
import Testing
import _SpriteTestSupport

/// `--thumbnail-fit pad` and `thumbnail --fit pad` run as a user would.
@Suite("End to end: thumbnail fit")
struct ThumbnailFitEndToEndTests {
  /// The wide and tall samples and a 32 x 32 tile.
  static let samples = Fixtures.sampleSpriteFiles().filter {
    ["made-wide-sword.png", "made-tall-torch.png", "crawl-blue-dragon.png"]
      .contains($0.lastPathComponent)
  }

  @Test("thumbnail --fit pad writes exactly size x size, the sprite centred on transparency")
  func thumbnailPad() async throws {
    #expect(Self.samples.count == 3)
    let directory = try TemporaryDirectory()
    for url in Self.samples {
      let sprite = try PNGDecoder().decode(try Fixtures.bytes(of: url))
      for (size, filter) in [(96, nil), (17, nil), (40, "lanczos3")] as [(Int, String?)] {
        let out = directory.url.appendingPathComponent("\(size)-" + url.lastPathComponent)
        let filterArguments = filter.map { ["--filter", $0] } ?? []
        let result = try await BuiltBinary.run(
          ["thumbnail", url.path, "--size", "\(size)", "--fit", "pad", "-o", out.path]
            + filterArguments)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try PNGDecoder().decode(try Fixtures.bytes(of: out))
        #expect(written.width == size && written.height == size, "\(out.lastPathComponent)")
        let options = Thumbnail(
          size: size, filter: filter.flatMap(Thumbnail.Filter.init(rawValue:)), fit: .pad)
        #expect(written == options.apply(to: sprite), "\(out.lastPathComponent)")
      }
    }
    // Without --fit the wide sword keeps its aspect ratio.
    let sword = try #require(Self.samples.first { $0.lastPathComponent == "made-wide-sword.png" })
    let out = directory.url.appendingPathComponent("contain.png")
    #expect(
      try await BuiltBinary.run(["thumbnail", sword.path, "--size", "96", "-o", out.path]).status
        == 0)
    let contained = try PNGDecoder().decode(try Fixtures.bytes(of: out))
    #expect(contained.width != contained.height)
  }

  @Test("batch --thumbnail-fit pad: square files the themes report; another fit rewrites them")
  func batchPadThenContain() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = Self.samples.map(\.path)
    let base = ["batch"] + inputs + ["--out", out.path, "--thumbnails", "32,96"]

    let padded = try await BuiltBinary.run(base + ["--thumbnail-fit", "pad"])
    #expect(padded.status == 0, "\(padded.stderr)")
    try Self.expectThumbnails(in: out, square: true)
    #expect(padded.stderr == "3 themes written to \(out.path), 0 failed.\n")
    let kept = try await BuiltBinary.run(base + ["--thumbnail-fit", "pad"])
    #expect(kept.stderr == "3 themes written to \(out.path) (3 up to date, kept), 0 failed.\n")

    // Another fit is another configuration: every thumbnail is rewritten.
    let contained = try await BuiltBinary.run(base)
    #expect(contained.status == 0)
    #expect(contained.stderr == padded.stderr)
    try Self.expectThumbnails(in: out, square: false)
  }

  /// Every theme in `out` reports its thumbnails as written; with `square` they are size x size,
  /// otherwise the wide and tall samples' are not.
  static func expectThumbnails(in out: URL, square: Bool) throws {
    for url in samples {
      let name = url.deletingPathExtension().lastPathComponent
      let data = try Data(contentsOf: out.appendingPathComponent("themes/\(name).json"))
      Schemas.expectValid(data, against: Schemas.theme, name)
      let theme = try JSONDecoder().decode(Theme.self, from: data)
      #expect(theme.thumbnails.count == 2)
      for (record, size) in zip(theme.thumbnails, [32, 96]) {
        let png = try PNGDecoder().decode(
          try Fixtures.bytes(of: out.appendingPathComponent(record.path)))
        #expect(png.width == record.width && png.height == record.height, "\(record.path)")
        #expect(max(png.width, png.height) <= size, "\(record.path)")
        if square || theme.source.width == theme.source.height {
          #expect(png.width == size && png.height == size, "\(record.path)")
        } else {
          #expect(png.width != png.height, "\(record.path)")
        }
      }
    }
  }
}
