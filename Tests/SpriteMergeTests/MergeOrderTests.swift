import SystemPackage
import Testing

@testable import SpriteMerge

/// The rule that makes a merge equal a single run: order by source bytes (or by the list), then
/// names given afresh in that order, failures included.
@Suite("Merge order and names")
struct MergeOrderTests {
  /// A record of `source` in `shard`: a theme, or a failure when `failed`.
  static func record(_ source: String, shard: String = "s0", failed: Bool = false) -> ShardRecord {
    let name = ThemeSourceName.of(source)
    return ShardRecord(
      source: source, rawName: name, shard: shard,
      outcome: failed
        ? .failure(stage: "read", message: "gone")
        : .theme(
          .themeFile(FilePath("/x/\(name).json"), name: name),
          colors: .init(average: nil, dominant: nil), thumbnails: []))
  }

  @Test("without a list: the bytes of the sources, as batch sorts a folder (LC_ALL=C)")
  func byteOrder() throws {
    let sources = ["b/x.png", "a/\u{e9}.png", "a/z.png", "A.png", "a-b.png", "a/e\u{301}.png"]
    let records = sources.enumerated().map { Self.record($0.element, shard: "s\($0.offset)") }
    let ordered = try MergeOrder.ordered(records, list: nil).map(\.source)
    #expect(
      ordered == ["A.png", "a-b.png", "a/e\u{301}.png", "a/z.png", "a/\u{e9}.png", "b/x.png"])
    #expect(ordered == sources.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
  }

  @Test("names follow the merged order, failed inputs taking theirs, as SpriteNamer numbers them")
  func namesInOrder() throws {
    let records = [
      Self.record("c/bat.png", shard: "s2"), Self.record("a/bat.png", shard: "s0"),
      Self.record("b/bat.png", shard: "s1", failed: true), Self.record("a/cat.png", shard: "s1"),
    ]
    let ordered = try MergeOrder.ordered(records, list: nil)
    #expect(MergeOrder.names(of: ordered) == ["bat", "cat", "bat-2", "bat-3"])
    let listed = try MergeOrder.ordered(
      records, list: ["c/bat.png", "b/bat.png", "a/cat.png", "a/bat.png"])
    #expect(listed.map(\.source) == ["c/bat.png", "b/bat.png", "a/cat.png", "a/bat.png"])
    #expect(MergeOrder.names(of: listed) == ["bat", "bat-2", "cat", "bat-3"])
  }

  @Test("a source in two shards is an overlap without a list; a repeated list entry is not")
  func repeats() throws {
    let sameShard = [Self.record("x.png"), Self.record("x.png")]
    #expect(try MergeOrder.ordered(sameShard, list: nil).count == 2)
    let twoShards = [Self.record("x.png", shard: "s0"), Self.record("x.png", shard: "s1")]
    #expect(throws: MergeError.self) { try MergeOrder.ordered(twoShards, list: nil) }
    #expect(try MergeOrder.ordered(twoShards, list: ["x.png", "x.png"]).count == 2)
    do {
      _ = try MergeOrder.ordered(twoShards, list: ["x.png"])
      Issue.record("two x.png for one in the list must fail")
    } catch {
      #expect(
        error.message
          == "s1: x.png is in the shards more often than in the input list (1); shards must not overlap"
      )
    }
  }

  @Test("with a list: every input in a shard, every shard's input in the list")
  func listMustMatch() throws {
    do {
      _ = try MergeOrder.ordered([Self.record("a.png")], list: ["a.png", "b.png"])
      Issue.record("b.png is in no shard")
    } catch {
      #expect(error.message == "b.png is in the input list but in no shard")
      #expect(error.kind == .shard)
    }
    do {
      _ = try MergeOrder.ordered(
        [Self.record("a.png"), Self.record("c.png", shard: "s3")], list: ["a.png"])
      Issue.record("c.png is not in the list")
    } catch {
      #expect(error.message == "s3: c.png is not in the input list")
    }
  }

  @Test("a composed and a decomposed name are two inputs, as batch takes them")
  func canonicalEquivalentsDiffer() throws {
    let records = [
      Self.record("a/\u{e9}.png", shard: "s0"), Self.record("a/e\u{301}.png", shard: "s1"),
    ]
    #expect(try MergeOrder.ordered(records, list: nil).count == 2)
    #expect(
      try MergeOrder.ordered(records, list: ["a/e\u{301}.png", "a/\u{e9}.png"]).map(\.shard) == [
        "s1", "s0",
      ])
  }

  @Test(
    "a list is read as batch - reads it: trimmed, blank lines skipped, paths in FilePath's form")
  func listText() {
    let text = "  a.png \r\n\n\tdir//b.png\nhttps://example.com/c.png\r\n   \n"
    #expect(
      MergeOrder.sources(ofList: text) == ["a.png", "dir/b.png", "https://example.com/c.png"])
  }
}

/// The name `batch` derives from a path, for the test's records.
enum ThemeSourceName {
  /// The last path component without `.png`.
  static func of(_ source: String) -> String {
    let last = source.split(separator: "/").last.map(String.init) ?? source
    return last.hasSuffix(".png") ? String(last.dropLast(4)) : last
  }
}
