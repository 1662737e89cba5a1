import Foundation
import Synchronization
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// A re-run keeps the sprites whose files are up to date and redoes the rest (issue: a re-run
/// after Ctrl-C redid everything).
@Suite("ThemeEngine re-runs")
struct RerunTests {
  /// The run's counts and index.
  static func run(
    _ inputs: [SpriteInput], into out: URL, thumbnails: [Int] = [16], paletteSize: Int = 8,
    force: Bool = false
  ) async throws -> (ThemeEngine.Progress, BatchIndex) {
    let engine = ThemeEngine(
      options: .init(
        outputDirectory: FilePath(out.path), jobs: 2, thumbnailSizes: thumbnails,
        pipeline: ThemePipeline(configuration: .init(paletteSize: paletteSize)), force: force))
    let counts = Counts()
    let index = try await engine.run(AsyncStream(inputs: inputs)) { progress in
      counts.last.withLock { $0 = progress }
    }
    try engine.writeIndex(index)
    return (counts.last.withLock { $0 }, index)
  }

  @Test(
    "a cancelled run, then a re-run: only what is missing is done, and the files are a clean run's")
  func killAndResume() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = try ThemeEngineTests.sampleInputs()
    // The first run is cancelled as it takes its tenth input.
    let taken = Atomic<Int>(0)
    let engine = ThemeEngine(
      options: .init(outputDirectory: FilePath(out.path), jobs: 2, thumbnailSizes: [16]))
    let stopped = try await Task {
      try await engine.run(
        CountingInputs(inputs: inputs) {
          if taken.add(1, ordering: .relaxed).newValue == 10 {
            withUnsafeCurrentTask { $0?.cancel() }
          }
        })
    }.value
    #expect(stopped.entries.count == 10)

    let (counts, index) = try await Self.run(inputs, into: out)
    #expect(counts.upToDate == 10)
    #expect(counts.written == inputs.count - 10)
    #expect(index.entries.map(\.name) == inputs.map(\.name))

    let reference = directory.url.appendingPathComponent("reference")
    _ = try await Self.run(inputs, into: reference)
    #expect(try ThemeEngineTests.files(under: out) == ThemeEngineTests.files(under: reference))

    // Once complete, a third run has nothing to do.
    let (again, _) = try await Self.run(inputs, into: out)
    #expect(again.upToDate == inputs.count && again.written == 0)
  }

  @Test("changed bytes, a changed source path, or a missing or edited file redo that sprite alone")
  func changedInputs() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    var inputs = try Array(ThemeEngineTests.sampleInputs().prefix(6))
    _ = try await Self.run(inputs, into: out)

    // Other bytes under the same name (a sprite redrawn).
    inputs[0].bytes = try ThemeEngineTests.sampleInputs()[10].bytes
    // The same bytes from another path: the theme records the path.
    inputs[1].source.path = "elsewhere/" + (inputs[1].source.path ?? "")
    // A thumbnail removed, a theme edited.
    try FileManager.default.removeItem(
      at: out.appendingPathComponent("thumbs/\(inputs[2].name)-16.png"))
    let theme = out.appendingPathComponent("themes/\(inputs[3].name).json")
    try Data((try Data(contentsOf: theme)) + Data(" ".utf8)).write(to: theme)

    let (counts, _) = try await Self.run(inputs, into: out)
    #expect(counts.written == 4 && counts.upToDate == 2)
    let reference = directory.url.appendingPathComponent("reference")
    _ = try await Self.run(inputs, into: reference)
    #expect(try ThemeEngineTests.files(under: out) == ThemeEngineTests.files(under: reference))
  }

  @Test("changed options (palette size, thumbnails) redo everything, and so does force")
  func changedOptions() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = try Array(ThemeEngineTests.sampleInputs().prefix(5))
    _ = try await Self.run(inputs, into: out)
    #expect(try await Self.run(inputs, into: out).0.upToDate == 5)
    #expect(try await Self.run(inputs, into: out, paletteSize: 6).0.written == 5)
    #expect(try await Self.run(inputs, into: out, paletteSize: 6).0.upToDate == 5)
    #expect(
      try await Self.run(inputs, into: out, thumbnails: [16, 24], paletteSize: 6).0.written == 5)
    #expect(
      try await Self.run(inputs, into: out, thumbnails: [16, 24], paletteSize: 6, force: true).0
        .written == 5)
  }

  @Test("records are read back whole; a cut-off or foreign line is ignored")
  func recordLines() {
    let record = RunRecord(
      name: "a-2", key: String(repeating: "1", count: 64), theme: String(repeating: "2", count: 64),
      thumbnails: String(repeating: "3", count: 64), average: "#102030", dominant: nil)
    #expect(RunRecord(line: record.line.dropLast()) == record)
    #expect(RunRecord(line: record.line.dropLast(5)) == nil)
    #expect(RunRecord(line: "a\tb") == nil)
  }
}

/// The last progress a run reported.
final class Counts: Sendable {
  /// The counts.
  let last = Mutex(ThemeEngine.Progress())
}
