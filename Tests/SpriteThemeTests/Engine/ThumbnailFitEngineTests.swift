import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// `--thumbnail-fit pad` through the theme engine: the files, the theme's records, re-runs and
/// the memory budget.
@Suite("ThemeEngine thumbnail fit")
struct ThumbnailFitEngineTests {
  /// Runs `inputs` into `out` with 16 and 24 px thumbnails and `fit`; returns the counts.
  static func run(
    _ inputs: [SpriteInput], into out: URL, fit: Thumbnail.Fit, memory: MemoryBudget? = nil,
    pipeline: ThemePipeline = ThemePipeline()
  ) async throws -> (ThemeEngine.Progress, BatchIndex) {
    let engine = ThemeEngine(
      options: .init(
        outputDirectory: FilePath(out.path), jobs: 2, thumbnailSizes: [16, 24], pipeline: pipeline,
        thumbnailFit: fit))
    let counts = Counts()
    let stream = AsyncStream(inputs: inputs)
    let progress: @Sendable (ThemeEngine.Progress) -> Void = { p in counts.last.withLock { $0 = p }
    }
    let index =
      if let memory {
        try await engine.run(stream, memory: memory, progress: progress)
      } else {
        try await engine.run(stream, progress: progress)
      }
    try engine.writeIndex(index)
    return (counts.last.withLock { $0 }, index)
  }

  /// `width` x `height` noise sprites named `w<i>`.
  static func sprites(_ count: Int, width: Int, height: Int) throws -> [SpriteInput] {
    try (0..<count).map { i in
      let image = SyntheticSprites.noise(width: width, height: height, seed: UInt64(100 + i))
      return SpriteInput(
        name: "w\(i)", source: .file(FilePath("w\(i).png")), bytes: try PNGEncoder.encode(image))
    }
  }

  @Test("pad writes size x size files, the themes report them, and they hold the sprite centred")
  func padFiles() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    // The made samples (wide, tall, 16-bit, palettes ...) and a few 32 x 32 tiles.
    let samples = try ThemeEngineTests.sampleInputs()
    let inputs = samples.filter { $0.name.hasPrefix("made-") } + samples.prefix(3)
    let (counts, index) = try await Self.run(inputs, into: out, fit: .pad)
    #expect(counts.written == inputs.count && index.errors.isEmpty)
    var nonSquare = 0
    for input in inputs {
      let theme = try Data(contentsOf: out.appendingPathComponent("themes/\(input.name).json"))
      Schemas.expectValid(theme, against: Schemas.theme, input.name)
      let decoded = try JSONDecoder().decode(Theme.self, from: theme)
      let sprite = try PNGDecoder().decode(try #require(input.bytes))
      if sprite.width != sprite.height { nonSquare += 1 }
      #expect(decoded.thumbnails.map(\.width) == [16, 24], "\(input.name)")
      #expect(decoded.thumbnails.map(\.height) == [16, 24], "\(input.name)")
      for (record, size) in zip(decoded.thumbnails, [16, 24]) {
        let png = try Fixtures.bytes(of: out.appendingPathComponent(record.path))
        let written = try PNGDecoder().decode(png)
        #expect(written.width == size && written.height == size, "\(record.path)")
        #expect(written == Thumbnail(size: size, fit: .pad).apply(to: sprite), "\(record.path)")
        #expect(
          record.filter
            == Thumbnail(size: size).resolvedFilter(
              width: sprite.width, height: sprite.height
            ).rawValue)
      }
    }
    // The check means something only if some sprites are not square.
    #expect(nonSquare > 0)
  }

  @Test("a re-run with the other fit rewrites the thumbnails; the same fit keeps them")
  func rerunWithOtherFit() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = try Self.sprites(4, width: 30, height: 12)
    _ = try await Self.run(inputs, into: out, fit: .contain)
    let contained = try ThemeEngineTests.files(under: out)
    #expect(try await Self.run(inputs, into: out, fit: .contain).0.upToDate == 4)

    let (padded, _) = try await Self.run(inputs, into: out, fit: .pad)
    #expect(padded.written == 4 && padded.upToDate == 0)
    let afterPad = try ThemeEngineTests.files(under: out)
    for input in inputs {
      for path in ["thumbs/\(input.name)-16.png", "thumbs/\(input.name)-24.png"] {
        let png = try #require(afterPad[path])
        #expect(png != contained[path], "\(path)")
        let image = try PNGDecoder().decode(Array(png))
        #expect(image.width == image.height, "\(path)")
      }
      let theme = "themes/\(input.name).json"
      #expect(afterPad[theme] != contained[theme])
    }
    // The files are a clean pad run's, and the next pad run keeps them.
    let reference = directory.url.appendingPathComponent("reference")
    _ = try await Self.run(inputs, into: reference, fit: .pad)
    let clean = try ThemeEngineTests.files(under: reference)
    #expect(afterPad.filter { !$0.key.hasPrefix(".") } == clean.filter { !$0.key.hasPrefix(".") })
    #expect(try await Self.run(inputs, into: out, fit: .pad).0.upToDate == 4)
    // And back: contain rewrites them again, to what the first run wrote.
    #expect(try await Self.run(inputs, into: out, fit: .contain).0.written == 4)
    let back = try ThemeEngineTests.files(under: out)
    for (path, bytes) in contained where path.hasPrefix("thumbs/") || path.hasPrefix("themes/") {
      #expect(back[path] == bytes, "\(path)")
    }
  }

  @Test("the memory budget counts the padded square and the scaled sprite inside it")
  func memoryBudget() async throws {
    // 32 x 16: 512 px. Contain: 16 x 8 and 24 x 12, 128 + 288 px of thumbnails.
    // Pad adds 16 x 16 and 24 x 24 squares: 256 + 576 px more, 3,328 bytes.
    let inputs = try Self.sprites(6, width: 32, height: 16)
    func shares(_ fit: Thumbnail.Fit) -> [Int] {
      inputs.map {
        SpriteJob.memoryBytes(
          of: $0.bytes ?? [], pipeline: ThemePipeline(), thumbnailSizes: [16, 24], fit: fit)
      }
    }
    #expect(zip(shares(.pad), shares(.contain)).allSatisfy { $0 == $1 + (256 + 576) * 4 })
    // A budget of two contain jobs holds one pad job only: never over it, so never two pads.
    let limit = 2 * shares(.contain).max()!
    try #require(shares(.pad).max()! <= limit && 2 * shares(.pad).min()! > limit)
    for fit in [Thumbnail.Fit.pad, .contain] {
      let directory = try TemporaryDirectory()
      let budget = MemoryBudget(limit: limit)
      let (counts, _) = try await Self.run(
        inputs, into: directory.url.appendingPathComponent("out"), fit: fit, memory: budget)
      #expect(counts.written == 6)
      #expect(budget.peak <= limit, "\(fit): \(budget.peak)")
      #expect(budget.peak >= shares(fit).min()!, "\(fit): \(budget.peak)")
    }
  }

  @Test("the pixel limits apply to the padded square, not only the scaled sprite")
  func limits() async throws {
    let limits = PNGDecoder.Limits(maxSide: 64, maxPixels: 64 * 8)
    let pipeline = ThemePipeline(configuration: .init(limits: limits))
    let sprite = SyntheticSprites.noise(width: 64, height: 8, seed: 7)
    #expect(throws: Never.self) {
      try pipeline.thumbnailPNG(of: sprite, size: 24, fit: .contain, source: "s")
    }
    #expect(throws: ThemePipeline.Error.self) {
      try pipeline.thumbnailPNG(of: sprite, size: 24, fit: .pad, source: "s")
    }
  }
}
