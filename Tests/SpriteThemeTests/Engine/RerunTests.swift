import Foundation
import SpriteFiles
import SpriteMaterial
import Synchronization
import SystemPackage
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
    variant: MaterialVariant? = nil, contrastLevel: Double = 0, force: Bool = false
  ) async throws -> (ThemeEngine.Progress, BatchIndex) {
    let configuration = ThemePipeline.Configuration(
      paletteSize: paletteSize, variant: variant, contrastLevel: contrastLevel)
    let engine = ThemeEngine(
      options: .init(
        outputDirectory: FilePath(out.path), jobs: 2, thumbnailSizes: thumbnails,
        pipeline: ThemePipeline(configuration: configuration), force: force))
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

  @Test("another variant or contrast level rewrites the themes; the index keeps every colour")
  func changedMaterialOptions() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = try Array(ThemeEngineTests.sampleInputs().prefix(4))
    let (_, first) = try await Self.run(inputs, into: out, variant: .tonalSpot)
    func variants() throws -> [String] {
      try inputs.map { input in
        let data = try Data(contentsOf: out.appendingPathComponent("themes/\(input.name).json"))
        return try JSONDecoder().decode(Theme.self, from: data).material?.variant ?? "-"
      }
    }
    #expect(try variants() == Array(repeating: "tonalSpot", count: 4))
    let (vibrant, _) = try await Self.run(inputs, into: out, variant: .vibrant)
    #expect(vibrant.written == 4 && vibrant.upToDate == 0)
    #expect(try variants() == Array(repeating: "vibrant", count: 4))
    let (kept, keptIndex) = try await Self.run(inputs, into: out, variant: .vibrant)
    #expect(kept.upToDate == 4)
    let (contrast, _) = try await Self.run(
      inputs, into: out, variant: .vibrant, contrastLevel: 0.5)
    #expect(contrast.written == 4)
    // A kept sprite's index entry (from its record) equals the one written with its theme.
    let (_, rewritten) = try await Self.run(inputs, into: out, force: true)
    let (_, keptAgain) = try await Self.run(inputs, into: out)
    #expect(keptAgain.entries == rewritten.entries && rewritten.entries == first.entries)
    #expect(keptIndex.entries.map(\.materialSource) == first.entries.map(\.materialSource))
    #expect(first.entries.allSatisfy { $0.materialSource != nil && $0.card != nil })
  }

  @Test("a state file whose colour was cut short redoes that sprite; index.json never takes it")
  func tornRecordRedone() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = Array(try ThemeEngineTests.sampleInputs().prefix(4))
    let (_, first) = try await Self.run(inputs, into: out)
    let state = out.appendingPathComponent(RunRecords.fileName)
    var lines = try String(contentsOf: state, encoding: .utf8).split(separator: "\n")
    let average = try #require(first.entries[1].average)
    lines[1] = lines[1].replacing(average, with: "#2")[...]
    try (lines.joined(separator: "\n") + "\n").write(to: state, atomically: true, encoding: .utf8)
    let (counts, again) = try await Self.run(inputs, into: out)
    #expect(counts.upToDate == 3 && counts.written == 1)
    #expect(again.entries == first.entries)
  }

  @Test(
    "links in the output folder (themes/, thumbs/, the state file) are replaced, never written through"
  )
  func linksReplaced() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let elsewhere = directory.url.appendingPathComponent("elsewhere")
    let manager = FileManager.default
    try manager.createDirectory(at: out, withIntermediateDirectories: true)
    for name in ["themes", "thumbs"] {
      try manager.createDirectory(
        at: elsewhere.appendingPathComponent(name), withIntermediateDirectories: true)
      try manager.createSymbolicLink(
        at: out.appendingPathComponent(name),
        withDestinationURL: elsewhere.appendingPathComponent(name))
    }
    let foreignState = elsewhere.appendingPathComponent("state.tsv")
    try Data("someone else's file\n".utf8).write(to: foreignState)
    try manager.createSymbolicLink(
      at: out.appendingPathComponent(RunRecords.fileName), withDestinationURL: foreignState)
    let inputs = Array(try ThemeEngineTests.sampleInputs().prefix(3))
    let (counts, _) = try await Self.run(inputs, into: out)
    #expect(counts.written == 3)
    for name in ["themes", "thumbs"] {
      #expect(
        try manager.contentsOfDirectory(atPath: elsewhere.appendingPathComponent(name).path).isEmpty
      )
      let kind = try manager.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.type]
      #expect(kind as? FileAttributeType == .typeDirectory, "\(name) is a real folder")
    }
    #expect(try String(contentsOf: foreignState, encoding: .utf8) == "someone else's file\n")
    let state = try manager.attributesOfItem(
      atPath: out.appendingPathComponent(RunRecords.fileName).path)
    #expect(state[.type] as? FileAttributeType == .typeRegular)
  }

  @Test("records are read back whole; a cut-off or foreign line is ignored")
  func recordLines() {
    let record = RunRecord(
      name: "a-2", key: String(repeating: "1", count: 64), theme: String(repeating: "2", count: 64),
      thumbnails: String(repeating: "3", count: 64), average: "#102030", dominant: nil)
    #expect(RunRecord(line: record.line.dropLast()) == record)
    #expect(RunRecord(line: record.line.dropLast(5)) == nil)
    var colors = BatchIndex.EntryColors(average: "#102030", dominant: "#000000")
    colors.card = BatchIndex.CardColors(background: "#303030", text: "#ffffff7f")
    colors.accent = "#0775dc"
    colors.materialSource = "#0775dc"
    colors.swatches.lightMuted = "#a0a0a0"
    let full = RunRecord(
      name: "b", key: record.key, theme: record.theme, thumbnails: record.thumbnails,
      colors: colors)
    #expect(RunRecord(line: full.line.dropLast()) == full)
    // The columns: name, key, digests, then the colours' 12 fields in order, "-" for none.
    let columns = [
      "b", record.key, record.theme, record.thumbnails, "#102030", "#000000", "#303030",
      "#ffffff7f", "#0775dc", "#0775dc", "-", "-", "-", "-", "#a0a0a0", "-",
    ]
    let fields = columns.joined(separator: "\t") + "\t"
    #expect(full.line == fields + SHA256Hex.of(Array(fields.utf8)).prefix(16) + "\n")
    // A colour cut short (a torn write) or edited by hand fails the line's check.
    for edit in ["#2", "#ff0000"] {
      let torn = full.line.dropLast().replacingOccurrences(of: "#102030", with: edit)
      #expect(RunRecord(line: torn[...]) == nil, "\(edit)")
    }
    // A line of the format before the index carried these colours is not a record.
    #expect(
      RunRecord(line: record.line.split(separator: "\t").prefix(6).joined(separator: "\t")[...])
        == nil)
    #expect(RunRecord(line: "a\tb") == nil)
  }

  @Test("the state file is read a line at a time: an overlong line, a link or a FIFO is no record")
  func stateFileReading() throws {
    let directory = try TemporaryDirectory()
    func record(_ name: String) -> RunRecord {
      RunRecord(
        name: name, key: String(repeating: "1", count: 64),
        theme: String(repeating: "2", count: 64), thumbnails: String(repeating: "3", count: 64),
        average: "#102030", dominant: nil)
    }
    // A well-formed record whose line is over the line cap, between two good ones.
    let overlong = record(String(repeating: "x", count: LineReader.maxLength)).line
    #expect(RunRecord(line: overlong.dropLast()) != nil)
    let text = record("a").line + overlong + record("b").line + record("a").line
    let bytes = Array(text.utf8)
    let file = directory.url.appendingPathComponent("state.tsv")
    try Data(bytes).write(to: file)
    let expected = ["a": record("a"), "b": record("b")]
    #expect(RunRecords.records(in: bytes) == expected)
    #expect(RunRecords.read(FilePath(file.path)) == expected)
    let link = directory.url.appendingPathComponent("link.tsv")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    #expect(RunRecords.read(FilePath(link.path)).isEmpty, "a link is not followed")
    let fifo = directory.url.appendingPathComponent("fifo.tsv")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(RunRecords.read(FilePath(fifo.path)).isEmpty, "a FIFO is not read (and not waited on)")
  }
}

/// The last progress a run reported.
final class Counts: Sendable {
  /// The counts.
  let last = Mutex(ThemeEngine.Progress())
}
