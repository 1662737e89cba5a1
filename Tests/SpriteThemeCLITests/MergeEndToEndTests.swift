import Foundation
import Testing
import _SpriteTestSupport

/// `sprite-theme merge` against single runs: the shards of a list, merged, must be byte for byte
/// the output directory of one `batch` over the whole list (SPEC section 14).
@Suite("End to end: merge")
struct MergeEndToEndTests {
  static let samples = Fixtures.sampleSpriteFiles()

  /// Every file of an output directory, relative path → bytes, without the engine's run records
  /// (which merge does not write).
  static func outputFiles(_ root: URL) throws -> [String: Data] {
    try BatchEndToEndTests.snapshot(root).filter { $0.key != ".spritetheme-state.tsv" }
  }

  /// Runs `batch -` on `paths` into `out` with `options`.
  static func batch(_ paths: [String], out: URL, _ options: [String] = []) async throws -> Int32 {
    let list = out.deletingLastPathComponent().appendingPathComponent(
      out.lastPathComponent + ".list")
    try Data(paths.map { $0 + "\n" }.joined().utf8).write(to: list)
    let result = try await BuiltBinary.run(
      ["batch", "-", "--out", out.path, "--quiet", "--jobs", "2"] + options, standardInput: list)
    return result.status
  }

  /// The lines `batch --jsonl` writes for an output directory's inputs (SPEC section 14): each
  /// theme file as one compact document, each failure as `{"input", "error"}`, in index order.
  static func jsonLines(of directory: URL) throws -> Data {
    let index = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: directory.appendingPathComponent("index.json"))) as? [String: Any])
    var lines = Data()
    for entry in try #require(index["entries"] as? [[String: Any]]) {
      let theme = try JSONSerialization.jsonObject(
        with: Data(
          contentsOf: directory.appendingPathComponent(try #require(entry["theme"] as? String))))
      lines.append(
        try JSONSerialization.data(
          withJSONObject: theme, options: [.sortedKeys, .withoutEscapingSlashes]))
      lines.append(0x0A)
    }
    for failure in try #require(index["errors"] as? [[String: Any]]) {
      let line: [String: Any] = [
        "input": try #require(failure["source"]),
        "error": [
          "stage": try #require(failure["stage"]), "message": try #require(failure["message"]),
        ],
      ]
      lines.append(try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]))
      lines.append(0x0A)
    }
    return lines
  }

  @Test(
    "the samples in three shards, merged, equal one batch over the folder, thumbnails and index.json included"
  )
  func threeShardsEqualOneRun() async throws {
    try #require(Self.samples.count == 51, "samples/sprites holds the 51 samples")
    let directory = try TemporaryDirectory()
    let single = directory.url.appendingPathComponent("single")
    let options = ["--thumbnails", "32,96"]
    let folder = Self.samples[0].deletingLastPathComponent().path
    #expect(
      try await BuiltBinary.run(["batch", folder, "--out", single.path, "--quiet"] + options).status
        == 0)

    // Round robin, so each shard's list is in no way a contiguous slice of the sorted list.
    var shards = [URL]()
    for i in 0..<3 {
      let shard = directory.url.appendingPathComponent("shard-\(i)")
      let paths = Self.samples.enumerated().filter { $0.offset % 3 == i }.map(\.element.path)
      #expect(try await Self.batch(paths.reversed(), out: shard, options) == 0)
      shards.append(shard)
    }
    let merged = directory.url.appendingPathComponent("merged")
    let result = try await BuiltBinary.run(
      ["merge"] + shards.reversed().map(\.path) + ["--out", merged.path])
    #expect(result.status == 0, "\(result.stderr)")
    let expected = try Self.outputFiles(single)
    let got = try Self.outputFiles(merged)
    #expect(expected.count == 51 * 3 + 1)
    #expect(Set(got.keys) == Set(expected.keys))
    for (file, bytes) in expected where got[file] != bytes {
      Issue.record("\(file) differs from the single run's")
    }
  }

  @Test("JSON lines and directories merge into the single run's files, failures and names included")
  func jsonLinesAndDirectories() async throws {
    let directory = try TemporaryDirectory()
    let inputs = directory.url.appendingPathComponent("in")
    // The same file name in three folders: a single run names them bat, bat-2, bat-3 in input
    // order, and a missing bat.png in a fourth folder takes a name too.
    var paths = [String]()
    for (n, folder) in ["a", "b", "c"].enumerated() {
      let dir = inputs.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      let bat = dir.appendingPathComponent("bat.png")
      try FileManager.default.copyItem(at: Self.samples[n], to: bat)
      paths.append(bat.path)
    }
    paths.append(inputs.appendingPathComponent("d/bat.png").path)
    let text = inputs.appendingPathComponent("text.png")
    try Data("not an image".utf8).write(to: text)
    paths.append(text.path)
    paths += Self.samples.suffix(4).map(\.path)
    let sorted = paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }

    let single = directory.url.appendingPathComponent("single")
    #expect(try await Self.batch(sorted, out: single) == 1)
    // Shards cut so that every bat is in another shard than the bat before it.
    let cuts = [[0, 3, 5, 8], [1, 4, 6], [2, 7]].map { $0.map { sorted[$0] } }
    var shardArguments = [String]()
    for (i, cut) in cuts.enumerated() {
      let shard = directory.url.appendingPathComponent("shard-\(i)")
      #expect(
        try await Self.batch(cut, out: shard)
          == (cut.contains(text.path) || cut.contains { $0.hasSuffix("d/bat.png") } ? 1 : 0))
      if i == 1 {
        shardArguments.append(shard.path)
      } else {
        let lines = directory.url.appendingPathComponent("shard-\(i).jsonl")
        try Self.jsonLines(of: shard).write(to: lines)
        shardArguments.append(lines.path)
      }
    }
    let merged = directory.url.appendingPathComponent("merged")
    let result = try await BuiltBinary.run(
      ["merge"] + shardArguments + ["--out", merged.path, "--quiet"])
    #expect(result.status == 1, "failed inputs make exit 1, as they do for batch: \(result.stderr)")
    let expected = try Self.outputFiles(single)
    #expect(expected["themes/bat-3.json"] != nil)
    #expect(try Self.outputFiles(merged) == expected)

    // With thumbnails, a renamed sprite's thumbnails and the paths in its theme follow its name.
    let singleThumbs = directory.url.appendingPathComponent("single-thumbs")
    #expect(try await Self.batch(sorted, out: singleThumbs, ["--thumbnails", "16,32"]) == 1)
    var thumbShards = [String]()
    for (i, cut) in cuts.enumerated() {
      let shard = directory.url.appendingPathComponent("thumbs-\(i)")
      _ = try await Self.batch(cut, out: shard, ["--thumbnails", "16,32"])
      thumbShards.append(shard.path)
    }
    let mergedThumbs = directory.url.appendingPathComponent("merged-thumbs")
    let withThumbs = try await BuiltBinary.run(
      ["merge"] + thumbShards + ["--out", mergedThumbs.path, "--quiet"])
    #expect(withThumbs.status == 1, "\(withThumbs.stderr)")
    #expect(try Self.outputFiles(singleThumbs)["thumbs/bat-3-32.png"] != nil)
    #expect(try Self.outputFiles(mergedThumbs) == Self.outputFiles(singleThumbs))

    // In any other order, --list gives the single run's order and names.
    let shuffled = [
      sorted[7], sorted[2], sorted[4], sorted[0], sorted[8], sorted[1], sorted[6], sorted[3],
      sorted[5],
    ]
    let singleShuffled = directory.url.appendingPathComponent("single-shuffled")
    #expect(try await Self.batch(shuffled, out: singleShuffled) == 1)
    let list = directory.url.appendingPathComponent("list.txt")
    try Data(shuffled.map { $0 + "\n" }.joined().utf8).write(to: list)
    let mergedShuffled = directory.url.appendingPathComponent("merged-shuffled")
    let listed = try await BuiltBinary.run(
      ["merge"] + shardArguments + ["--out", mergedShuffled.path, "--list", list.path, "--quiet"])
    #expect(listed.status == 1, "\(listed.stderr)")
    #expect(try Self.outputFiles(mergedShuffled) == Self.outputFiles(singleShuffled))
    #expect(
      try Self.outputFiles(mergedShuffled) != expected, "the order changes names and the index")

    // A list with an input no shard has: a shard is missing.
    try Data(
      (shuffled + [inputs.appendingPathComponent("e.png").path]).map { $0 + "\n" }.joined().utf8
    ).write(to: list)
    let incomplete = try await BuiltBinary.run(
      ["merge"] + shardArguments + [
        "--out", directory.url.appendingPathComponent("none").path, "--list", list.path,
      ])
    #expect(incomplete.status == 1)
    #expect(
      incomplete.stderr.contains("e.png is in the input list but in no shard"),
      "\(incomplete.stderr)")
  }

  @Test(
    "shards record their run; a missing, repeated or foreign shard, or other options, are refused"
  )
  func shardsOfOneSplit() async throws {
    let directory = try TemporaryDirectory()
    let folder = Self.samples[0].deletingLastPathComponent().path
    let manager = FileManager.default
    func run(_ arguments: [String]) async throws -> BuiltBinary.Result {
      try await BuiltBinary.run(arguments + ["--quiet"])
    }
    func shard(_ name: String, _ options: [String]) async throws -> String {
      let out = directory.url.appendingPathComponent(name).path
      let result = try await run(["batch", folder, "--out", out] + options)
      #expect(result.status == 0, "\(result.stderr)")
      return out
    }
    func runRecord(_ folder: String) throws -> [String: Any] {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/index.json"))
      let index = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      return try #require(index["run"] as? [String: Any], "index.json has a run object")
    }
    let single = try await shard("single", [])
    let s0 = try await shard("s0", ["--shard", "0/3"])
    let s1 = try await shard("s1", ["--shard", "1/3"])
    let s2 = try await shard("s2", ["--shard", "2/3"])
    #expect(try runRecord(s1)["shard"] as? String == "1/3")
    #expect(try runRecord(single)["shard"] is NSNull, "a whole list records shard null")
    let options = try #require(try runRecord(s1)["options"] as? String)
    #expect(options.hasPrefix("extent=centre(") && options.contains(" palette=8 "), "\(options)")
    #expect(options.hasSuffix(" thumbnails= fit=contain"), "\(options)")
    #expect(try runRecord(s0)["options"] as? String == options)

    let out = directory.url.appendingPathComponent("out").path
    func refused(_ shards: [String], _ message: String) async throws {
      let result = try await run(["merge"] + shards + ["--out", out])
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
      #expect(!manager.fileExists(atPath: out), "nothing is written")
    }
    try await refused([s0, s2], "shard 1/3 is missing (given: 0/3, 2/3)")
    let copy = directory.url.appendingPathComponent("s0-copy").path
    try manager.copyItem(atPath: s0, toPath: copy)
    try await refused([s0, s1, s2, copy], "\(copy) and \(s0) are both shard 0/3")
    let other = try await shard("half", ["--shard", "1/2"])
    try await refused([s0, s1, s2, other], "\(other): is shard 1/2, but \(s0) is shard 0/3")
    let wide = try await shard("wide", ["--shard", "1/3", "--palette-size", "12"])
    try await refused(
      [s0, wide, s2], "\(wide): made with palette=12, but \(s0) with palette=8; shards must be")

    // A JSON-lines shard records no run: its themes' extent is compared, and it may hold the
    // split's missing shard, which then equals the single run.
    let lines = directory.url.appendingPathComponent("s1.jsonl")
    let stream = try await run(["batch", "--jsonl", folder, "--shard", "1/3"])
    #expect(stream.status == 0, "\(stream.stderr)")
    try Data(stream.stdout.utf8).write(to: lines)
    let full = directory.url.appendingPathComponent("full.jsonl")
    let fullStream = try await run([
      "batch", "--jsonl", folder, "--shard", "1/3", "--extent", "full",
    ])
    try Data(fullStream.stdout.utf8).write(to: full)
    try await refused([s0, full.path, s2], "was made with extent=full, but ")
    let mixed = try await run(["merge", s0, lines.path, s2, "--out", out])
    #expect(mixed.status == 0, "\(mixed.stderr)")
    #expect(
      try Self.outputFiles(URL(fileURLWithPath: out))
        == Self.outputFiles(
          URL(fileURLWithPath: single)))
    try manager.removeItem(atPath: out)

    // An index without a run (an older version's) cannot show it belongs.
    let indexURL = URL(fileURLWithPath: s1 + "/index.json")
    var index = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: indexURL)) as? [String: Any])
    index["run"] = nil
    try JSONSerialization.data(withJSONObject: index).write(to: indexURL)
    try await refused([s0, s1, s2], "\(s1)/index.json: records no run")
  }

  @Test("a shard's files that are links out of it, or a thumbnail that is not a PNG, are refused")
  func hostileShardFiles() async throws {
    let directory = try TemporaryDirectory()
    let shard = directory.url.appendingPathComponent("shard")
    #expect(try await Self.batch([Self.samples[5].path], out: shard, ["--thumbnails", "32"]) == 0)
    let name = Self.samples[5].deletingPathExtension().lastPathComponent
    let thumbnail = shard.appendingPathComponent("thumbs/\(name)-32.png")
    let theme = shard.appendingPathComponent("themes/\(name).json")
    let secret = directory.url.appendingPathComponent("secret.png")
    try FileManager.default.copyItem(at: Self.samples[0], to: secret)
    let manager = FileManager.default
    let out = directory.url.appendingPathComponent("out")
    for (file, replacement, reason) in [
      (thumbnail, "link", "not a regular file (a symbolic link)"),
      (theme, "link", "not a regular file (a symbolic link)"),
      (thumbnail, "text", "is not a PNG file"),
    ] {
      let aside = directory.url.appendingPathComponent("aside")
      try manager.moveItem(at: file, to: aside)
      if replacement == "link" {
        try manager.createSymbolicLink(at: file, withDestinationURL: secret)
      } else {
        try Data("not a png".utf8).write(to: file)
      }
      let result = try await BuiltBinary.run(["merge", shard.path, "--out", out.path])
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.contains("\(file.path)"), "\(result.stderr)")
      #expect(result.stderr.contains(reason), "\(result.stderr)")
      #expect(!manager.fileExists(atPath: out.path), "nothing is written")
      try manager.removeItem(at: file)
      try manager.moveItem(at: aside, to: file)
    }
    let good = try await BuiltBinary.run(["merge", shard.path, "--out", out.path])
    #expect(good.status == 0, "\(good.stderr)")
  }

  @Test("bad shards: one-line errors naming the shard, nothing written, SPEC exit codes")
  func badShards() async throws {
    let directory = try TemporaryDirectory()
    let a = directory.url.appendingPathComponent("a")
    let b = directory.url.appendingPathComponent("b")
    #expect(try await Self.batch(Self.samples.prefix(2).map(\.path), out: a) == 0)
    #expect(try await Self.batch(Self.samples.dropFirst(1).prefix(2).map(\.path), out: b) == 0)
    let out = directory.url.appendingPathComponent("out")

    func merge(_ arguments: [String]) async throws -> BuiltBinary.Result {
      try await BuiltBinary.run(["merge"] + arguments)
    }
    func expectNothingWritten() {
      #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    let overlap = try await merge([a.path, b.path, "--out", out.path])
    #expect(overlap.status == 1)
    #expect(
      overlap.stderr.contains("\(b.path): \(Self.samples[1].path) is in \(a.path) too"),
      "\(overlap.stderr)")
    expectNothingWritten()

    let missing = directory.url.appendingPathComponent("missing")
    try FileManager.default.createDirectory(at: missing, withIntermediateDirectories: true)
    let unfinished = try await merge([a.path, missing.path, "--out", out.path])
    #expect(unfinished.status == 1)
    #expect(
      unfinished.stderr
        == "sprite-theme: error: \(missing.path)/index.json: cannot read: No such file or directory\n"
    )
    expectNothingWritten()

    let lines = directory.url.appendingPathComponent("bad.jsonl")
    try Data(
      "{\"input\": \"x.png\", \"error\": {\"stage\": \"read\", \"message\": \"gone\"}}\n{not json\n"
        .utf8
    ).write(to: lines)
    let corrupt = try await merge([lines.path, "--out", out.path])
    #expect(corrupt.status == 1)
    #expect(
      corrupt.stderr.hasPrefix("sprite-theme: error: \(lines.path) line 2: not a JSON document"),
      "\(corrupt.stderr)")
    #expect(corrupt.stderr.split(separator: "\n").count == 1)
    expectNothingWritten()

    let thumbs = directory.url.appendingPathComponent("thumbs")
    #expect(try await Self.batch([Self.samples[5].path], out: thumbs, ["--thumbnails", "32"]) == 0)
    let mixed = try await merge([a.path, thumbs.path, "--out", out.path])
    #expect(mixed.status == 1)
    #expect(mixed.stderr.contains("shards must be made with the same options"), "\(mixed.stderr)")
    expectNothingWritten()

    let theme = a.appendingPathComponent("themes").appendingPathComponent(
      Self.samples[0].deletingPathExtension().lastPathComponent + ".json")
    let aside = directory.url.appendingPathComponent("aside.json")
    try FileManager.default.moveItem(at: theme, to: aside)
    let lost = try await merge([a.path, "--out", out.path])
    #expect(lost.status == 1)
    #expect(
      lost.stderr.contains("\(theme.path): cannot read: No such file or directory"),
      "\(lost.stderr)")
    expectNothingWritten()
    try FileManager.default.moveItem(at: aside, to: theme)

    let twice = try await merge([a.path, a.path + "/.", "--out", out.path])
    #expect(twice.status == 2, "a shard given twice is a usage error: \(twice.stderr)")
    #expect(
      twice.stderr.contains("the shard \(a.path)/. is given twice (as \(a.path) too)"),
      "\(twice.stderr)")
    expectNothingWritten()

    let itself = try await merge([a.path, "--out", a.path + "/."])
    #expect(itself.status == 2, "--out may not be a shard")
    #expect(itself.stderr.contains("is the shard \(a.path)"), "\(itself.stderr)")

    let blocked = directory.url.appendingPathComponent("file")
    try Data().write(to: blocked)
    let unwritable = try await merge([a.path, "--out", blocked.path])
    #expect(unwritable.status == 3, "\(unwritable.stderr)")
    #expect(unwritable.stderr.contains("\(blocked.path): cannot write"))

    let good = try await merge([a.path, "--out", out.path])
    #expect(good.status == 0, "\(good.stderr)")
    #expect(try Self.outputFiles(out) == Self.outputFiles(a))
  }
}
