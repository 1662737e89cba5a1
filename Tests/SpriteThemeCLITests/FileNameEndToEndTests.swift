import Foundation
import Testing
import _SpriteTestSupport

/// Names that are not UTF-8, end to end: the bytes of `argv` (and of a line of `batch -`)
/// reach the system call unchanged in every command, and messages show them escaped.
@Suite("End to end: file names that are not UTF-8")
struct FileNameEndToEndTests {
  /// A folder `in\xFEdir` holding `x\xFF.png` (a sample) and `plain.png`, in a fresh folder.
  struct Fixture {
    let directory: TemporaryDirectory
    let root: BytePath
    let inputs: BytePath
    let sprite: BytePath

    init() throws {
      directory = try TemporaryDirectory()
      root = BytePath(directory.url)
      inputs = root / BytePath(bytes: Array("in".utf8) + [0xFE] + Array("dir".utf8))
      sprite = inputs / BytePath(bytes: [UInt8(ascii: "x"), 0xFF] + Array(".png".utf8))
      let samples = Fixtures.sampleSpriteFiles()
      try inputs.makeFolder()
      try sprite.write(Array(try Data(contentsOf: samples[0])))
      try (inputs / "plain.png").write(Array(try Data(contentsOf: samples[1])))
    }

    /// `root/<prefix>\xFF<suffix>`.
    func odd(_ prefix: String, _ suffix: String = "") -> BytePath {
      root / BytePath(bytes: Array(prefix.utf8) + [0xFF] + Array(suffix.utf8))
    }
  }

  /// The arguments as bytes.
  static func argv(_ words: BytePath...) -> [[UInt8]] {
    words.map(\.bytes)
  }

  @Test("batch: an input folder, an input file and an output folder not UTF-8; no other name made")
  func batch() async throws {
    let fixture = try Fixture()
    let out = fixture.odd("rep", "dir")
    let result = try await ByteArguments.run(
      Self.argv("batch", fixture.inputs, "--out", out, "--thumbnails", "32", "--quiet"))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try (out / "themes").names() == [Array("x.json".utf8), Array("plain.json".utf8)])
    #expect((out / "index.json").exists)
    // Nothing under the name with U+FFFD for the byte.
    #expect(
      try fixture.root.names() == [
        Array("in".utf8) + [0xFE] + Array("dir".utf8),
        Array("rep".utf8) + [0xFF] + Array("dir".utf8),
      ])

    let single = fixture.root / "single"
    let file = try await ByteArguments.run(Self.argv("batch", fixture.sprite, "--out", single))
    #expect(file.status == 0, "\(file.stderr)")
    #expect(try (single / "themes").names() == [Array("x.json".utf8)])
  }

  @Test("batch -: a line of standard input that is not UTF-8 names its file")
  func batchList() async throws {
    let fixture = try Fixture()
    let out = fixture.root / "listed"
    let result = try await ByteArguments.run(
      Self.argv("batch", "-", "--out", out), standardInput: fixture.sprite.bytes + [0x0A])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try (out / "themes").names() == [Array("x.json".utf8)])
  }

  @Test("analyze and thumbnail -o: the input and the output not UTF-8")
  func singleFile() async throws {
    let fixture = try Fixture()
    let analyzed = try await ByteArguments.run(Self.argv("analyze", fixture.sprite, "--json"))
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    #expect(analyzed.stdout.first == UInt8(ascii: "{"))
    let thumbnail = fixture.odd("thumb", ".png")
    let scaled = try await ByteArguments.run(
      Self.argv("thumbnail", fixture.sprite, "--size", "16", "-o", thumbnail))
    #expect(scaled.status == 0, "\(scaled.stderr)")
    #expect(try thumbnail.read().starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test("a missing file is named in one line, its bytes that are not UTF-8 escaped")
  func escapedMessage() async throws {
    let fixture = try Fixture()
    let missing = fixture.odd("nope", ".png")
    let result = try await ByteArguments.run(Self.argv("analyze", missing))
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "sprite-theme: error: \(fixture.directory.url.path)/nope\\xFF.png: cannot read: "
        + "No such file or directory\n")
  }

  @Test("report, export and merge: folders and files not UTF-8")
  func reportExportMerge() async throws {
    let fixture = try Fixture()
    let out = fixture.odd("rep", "dir")
    let batch = try await ByteArguments.run(
      Self.argv("batch", fixture.inputs, "--out", out, "--thumbnails", "32", "--quiet"))
    #expect(batch.status == 0, "\(batch.stderr)")

    let report = try await ByteArguments.run(Self.argv("report", out, "--quiet"))
    #expect(report.status == 0, "\(report.stderr)")
    #expect(try (out / "report").names().contains(Array("index.html".utf8)))

    // An output directory, and a theme file inside a folder that is not UTF-8.
    let themes = fixture.odd("th", "emes")
    try themes.makeFolder()
    try (themes / BytePath(bytes: [UInt8(ascii: "c"), 0xFF] + Array(".json".utf8))).write(
      try (out / "themes" / "x.json").read())
    let exported = fixture.odd("ex", "p")
    let export = try await ByteArguments.run(
      Self.argv("export", out, themes, "--format", "css", "-o", exported, "--quiet"))
    #expect(export.status == 0, "\(export.stderr)")
    #expect(try (exported / "css").names() == [Array("sprites.css".utf8)])

    var shards = [BytePath]()
    for index in 0..<2 {
      let shard = fixture.odd("shard", "\(index)")
      let result = try await ByteArguments.run(
        Self.argv(
          "batch", fixture.inputs, "--shard", BytePath(stringLiteral: "\(index)/2"), "--out", shard,
          "--quiet"))
      #expect(result.status == 0, "\(result.stderr)")
      shards.append(shard)
    }
    let merged = fixture.odd("merged")
    let merge = try await ByteArguments.run(
      [Array("merge".utf8)] + shards.map(\.bytes) + Self.argv("--out", merged, "--quiet"))
    #expect(merge.status == 0, "\(merge.stderr)")
    #expect(try (merged / "themes").names() == [Array("x.json".utf8), Array("plain.json".utf8)])
  }
}
