import Foundation
import Synchronization
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The theme engine driven directly, as `batch` and `fetch` drive it.
@Suite("ThemeEngine")
struct ThemeEngineTests {
  /// The samples as engine inputs, named as `batch` names them, paths as in the goldens.
  static func sampleInputs() throws -> [SpriteInput] {
    var namer = SpriteNamer()
    return try Fixtures.sampleSpriteFiles().map { url in
      let path = "samples/sprites/" + url.lastPathComponent
      let source = ThemeSource.file(FilePath(path))
      return SpriteInput(
        name: namer.uniqueName(for: source.name), source: source, bytes: try Fixtures.bytes(of: url)
      )
    }
  }

  /// Every regular file under `directory` with its bytes, by relative path.
  static func files(under directory: URL) throws -> [String: Data] {
    var files = [String: Data]()
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    while let relative = enumerator?.nextObject() as? String {
      let url = directory.appendingPathComponent(relative)
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        files[relative] = try Data(contentsOf: url)
      }
    }
    return files
  }

  @Test(
    "the samples: themes equal their goldens, the index lists them in input order, schema-valid")
  func samples() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = try Self.sampleInputs()
    let engine = ThemeEngine(
      options: .init(outputDirectory: FilePath(out.path), jobs: 3, thumbnailSizes: [16]))
    let index = try await engine.run(AsyncStream(inputs: inputs))
    try engine.writeIndex(index)

    #expect(index.entries.map(\.name) == inputs.map(\.name))
    #expect(index.errors.isEmpty && index.skipped.isEmpty && index.count == inputs.count)
    let indexFile = try Data(contentsOf: out.appendingPathComponent("index.json"))
    Schemas.expectValid(indexFile, against: Schemas.index, "index.json")
    #expect(try JSONDecoder().decode(BatchIndex.self, from: indexFile) == index)
    for entry in index.entries {
      let theme = try Data(contentsOf: out.appendingPathComponent(entry.theme))
      Schemas.expectValid(theme, against: Schemas.theme, entry.name)
      let decoded = try JSONDecoder().decode(Theme.self, from: theme)
      #expect(decoded.thumbnails.map(\.path) == ["thumbs/\(entry.name)-16.png"])
      #expect(
        FileManager.default.fileExists(
          atPath: out.appendingPathComponent("thumbs/\(entry.name)-16.png").path))
      // Without the thumbnail record the theme is the golden file.
      var plain = decoded
      plain.thumbnails = []
      let golden = try Data(
        contentsOf: Fixtures.packageRoot.appendingPathComponent("samples/themes/\(entry.name).json")
      )
      #expect(Data(ThemeEncoder.encode(plain)) == golden, "\(entry.name)")
      // The index entry carries the theme's colours for a front end's list.
      #expect(entry.card?.background == decoded.card?.background, "\(entry.name)")
      #expect(entry.card?.text == decoded.card?.text.hex, "\(entry.name)")
      #expect(entry.accent == decoded.accent?.hex, "\(entry.name)")
      #expect(entry.materialSource == decoded.material?.source, "\(entry.name)")
      #expect(entry.materialSource != nil, "\(entry.name)")
      let swatches = decoded.swatches
      #expect(
        [
          entry.swatches.vibrant, entry.swatches.lightVibrant, entry.swatches.darkVibrant,
          entry.swatches.muted, entry.swatches.lightMuted, entry.swatches.darkMuted,
        ]
          == [
            swatches.vibrant?.hex, swatches.lightVibrant?.hex, swatches.darkVibrant?.hex,
            swatches.muted?.hex, swatches.lightMuted?.hex, swatches.darkMuted?.hex,
          ], "\(entry.name)")
    }
    // Some samples lack an accent or a swatch: those are null in the index, never omitted.
    let raw = try #require(
      try JSONSerialization.jsonObject(with: indexFile) as? [String: Any])
    let rawEntries = try #require(raw["entries"] as? [[String: Any]])
    #expect(rawEntries.contains { $0["accent"] is NSNull })
    #expect(rawEntries.allSatisfy { ($0["swatches"] as? [String: Any])?.count == 6 })
  }

  @Test("one job and four write the same bytes; failures are listed in input order")
  func jobsDoNotChangeOutput() async throws {
    let directory = try TemporaryDirectory()
    var inputs = try Array(Self.sampleInputs().prefix(8))
    let broken = BatchIndex.Failure(
      source: "gone.png", stage: "read", message: "No such file or directory")
    inputs.insert(SpriteInput(name: "gone", source: .file("gone.png"), failure: broken), at: 2)
    inputs.insert(
      SpriteInput(name: "text", source: .file("text.png"), bytes: Array("not a PNG".utf8)), at: 5)
    var outputs = [[String: Data]]()
    for jobs in [1, 4] {
      let out = directory.url.appendingPathComponent("out-\(jobs)")
      let engine = ThemeEngine(
        options: .init(outputDirectory: FilePath(out.path), jobs: jobs, thumbnailSizes: [8, 40]))
      let index = try await engine.run(AsyncStream(inputs: inputs))
      try engine.writeIndex(index)
      #expect(index.errors.map(\.source) == ["gone.png", "text.png"])
      #expect(index.errors.map(\.stage) == ["read", "decode"])
      #expect(index.entries.count == 8 && index.count == 10)
      outputs.append(try Self.files(under: out))
    }
    // Themes, two thumbnails each, index.json and the run's records.
    #expect(outputs[0].count == 8 * 3 + 2)
    #expect(outputs[0] == outputs[1])
  }

  @Test("a slow first sprite finishes last at four jobs; the index still lists it first")
  func indexKeepsInputOrder() async throws {
    let directory = try TemporaryDirectory()
    // 512 x 512 random colours take far longer than the 32 x 32 samples after them.
    let slow = try ThemePipeline().thumbnailPNG(
      of: SyntheticSprites.noise(width: 512, height: 512, seed: 7, alphas: [255]), size: 512,
      source: "slow")
    var inputs = try Array(Self.sampleInputs().prefix(8))
    inputs.insert(SpriteInput(name: "slow", source: .file("slow.png"), bytes: slow), at: 0)
    let engine = ThemeEngine(options: .init(outputDirectory: FilePath(directory.url.path), jobs: 4))
    let index = try await engine.run(AsyncStream(inputs: inputs))
    #expect(index.entries.map(\.name) == inputs.map(\.name))
  }

  @Test("never more than twice `jobs` inputs are taken ahead of those handed on")
  func inputsArePulled() async throws {
    let directory = try TemporaryDirectory()
    let inputs = try Self.sampleInputs()
    let taken = Atomic<Int>(0)
    let finished = Atomic<Int>(0)
    let maxAhead = Atomic<Int>(0)
    let engine = ThemeEngine(
      options: .init(outputDirectory: FilePath(directory.url.path), jobs: 2))
    let sequence = CountingInputs(inputs: inputs) {
      let ahead = taken.add(1, ordering: .relaxed).newValue - finished.load(ordering: .relaxed)
      maxAhead.max(ahead, ordering: .relaxed)
    }
    let index = try await engine.run(sequence) { progress in
      finished.store(progress.done, ordering: .relaxed)
    }
    #expect(index.count == inputs.count)
    // At most `jobs` running and as many finished, waiting for an earlier one.
    #expect(maxAhead.load(ordering: .relaxed) <= 4)
  }

  @Test("a cancelled run takes no more inputs, finishes those in progress whole, and returns them")
  func cancellation() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = try Self.sampleInputs()
    let taken = Atomic<Int>(0)
    let engine = ThemeEngine(options: .init(outputDirectory: FilePath(out.path), jobs: 2))
    let task = Task {
      try await engine.run(
        CountingInputs(inputs: inputs) {
          // The fourth input is taken, then the run is cancelled.
          if taken.add(1, ordering: .relaxed).newValue == 4 {
            withUnsafeCurrentTask { $0?.cancel() }
          }
        })
    }
    let index = try await task.value
    #expect(taken.load(ordering: .relaxed) == 4)
    #expect(index.entries.map(\.name) == inputs.prefix(4).map(\.name))
    let themes = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("themes").path)
    #expect(Set(themes) == Set(inputs.prefix(4).map { $0.name + ".json" }))
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
  }

  @Test("an output directory that cannot be made is fatal and names the path")
  func fatalOutput() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let engine = ThemeEngine(
      options: .init(outputDirectory: FilePath(file.appendingPathComponent("out").path)))
    await #expect(throws: ThemeEngine.Fatal.self) {
      _ = try await engine.run(AsyncStream(inputs: try Self.sampleInputs()))
    }
    do {
      _ = try await engine.run(AsyncStream(inputs: []))
    } catch {
      #expect(error.path == file.appendingPathComponent("out").path)
      #expect(error.description.hasSuffix(": cannot write: Not a directory"))
    }
  }
}

extension AsyncStream where Element == SpriteInput {
  /// A stream that yields `inputs`, then ends.
  init(inputs: [SpriteInput]) {
    self.init { continuation in
      for input in inputs { continuation.yield(input) }
      continuation.finish()
    }
  }
}

/// Inputs that call `taken` each time one is taken, on the taking task.
struct CountingInputs: AsyncSequence, Sendable {
  let inputs: [SpriteInput]
  let taken: @Sendable () -> Void

  struct AsyncIterator: AsyncIteratorProtocol {
    var remaining: ArraySlice<SpriteInput>
    let taken: @Sendable () -> Void

    mutating func next() async -> SpriteInput? {
      guard let input = remaining.popFirst() else { return nil }
      taken()
      return input
    }

    mutating func next(isolation actor: isolated (any Actor)?) async -> SpriteInput? {
      guard let input = remaining.popFirst() else { return nil }
      taken()
      return input
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(remaining: inputs[...], taken: taken)
  }
}
