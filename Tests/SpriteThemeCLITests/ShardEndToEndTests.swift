import Foundation
import SpriteShard
import Testing
import _SpriteTestSupport

/// `--shard I/N` on `batch` (files and JSON lines) and `fetch` (URL lists and PokeAPI crawls):
/// three shards cover a list exactly once, each as a single run would have it.
@Suite("End to end: --shard")
struct ShardEndToEndTests {
  /// A JSON file parsed.
  static func document(_ url: URL) throws -> NSDictionary {
    try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary)
  }

  /// The index's entries and errors: (name or nil, source) in order.
  static func listed(_ out: URL) throws -> (
    entries: [String], sources: [String], errors: [String], skipped: [String]
  ) {
    let index = try document(out.appendingPathComponent("index.json"))
    let entries = (index["entries"] as? [NSDictionary]) ?? []
    let errors = (index["errors"] as? [NSDictionary]) ?? []
    let skipped = (index["skipped"] as? [NSDictionary]) ?? []
    return (
      entries.compactMap { $0["name"] as? String }, entries.compactMap { $0["source"] as? String },
      errors.compactMap { $0["source"] as? String }, skipped.compactMap { $0["name"] as? String }
    )
  }

  /// Checks that the outputs of `shards` together hold `whole`'s entries once each, every theme
  /// file byte for byte as in `whole` (same name, same bytes), and each in the right shard by
  /// `key` (what the command hashes for an entry's source). With `everyShardUsed`, each shard
  /// must hold something: only for lists long enough that an empty shard would be a defect
  /// (the fetch lists hash URLs with the test server's random port, and a dozen URLs leave a
  /// shard empty by chance now and then).
  static func expectCover(
    _ shards: [URL], whole: URL, everyShardUsed: Bool = true, key: (String) -> String
  ) throws {
    let single = try listed(whole)
    var names = [String]()
    var sources = [String]()
    for (index, out) in shards.enumerated() {
      let part = try listed(out)
      if everyShardUsed { #expect(!part.entries.isEmpty, "shard \(index) is not empty") }
      for source in part.sources + part.errors {
        #expect(FNV1a64.hash(key(source)) % UInt64(shards.count) == UInt64(index), "\(source)")
      }
      for name in part.entries {
        let theme = "themes/\(name).json"
        #expect(
          try Data(contentsOf: out.appendingPathComponent(theme))
            == Data(contentsOf: whole.appendingPathComponent(theme)), "\(theme)")
      }
      names += part.entries
      sources += part.sources + part.errors
    }
    #expect(names.sorted() == single.entries.sorted(), "each sprite once, named as in one run")
    #expect(sources.sorted() == (single.sources + single.errors).sorted())
  }

  @Test(
    "batch: three shards of folders and a list on stdin cover it once, named as one run names them")
  func batchShards() async throws {
    let directory = try TemporaryDirectory()
    // Repeated file names across folders: names are given over the whole list.
    let copy = directory.url.appendingPathComponent("copy")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for url in Fixtures.sampleSpriteFiles().prefix(10) {
      try FileManager.default.copyItem(
        at: url, to: copy.appendingPathComponent(url.lastPathComponent))
    }
    let arguments = [
      "batch", "samples/sprites", copy.path, "--thumbnails", "16", "--quiet", "--jobs", "2",
    ]
    let whole = directory.url.appendingPathComponent("whole")
    #expect(try await BuiltBinary.run(arguments + ["--out", whole.path]).status == 0)
    var shards = [URL]()
    for index in 0..<3 {
      let out = directory.url.appendingPathComponent("shard-\(index)")
      let result = try await BuiltBinary.run(
        arguments + ["--out", out.path, "--shard", "\(index)/3"])
      #expect(result.status == 0, "\(result.stderr)")
      shards.append(out)
    }
    try Self.expectCover(shards, whole: whole, key: { $0 })

    // The same split of JSON lines: every line once, in the shard of its path.
    let all = try await BuiltBinary.run(Array(arguments.prefix(3)) + ["--jsonl", "--quiet"])
    var lines = [Substring]()
    for index in 0..<3 {
      let part = try await BuiltBinary.run(
        Array(arguments.prefix(3)) + ["--jsonl", "--quiet", "--shard", "\(index)/3"])
      #expect(part.status == 0)
      lines += part.stdout.split(separator: "\n")
    }
    #expect(lines.count == all.stdout.split(separator: "\n").count)
    #expect(lines.sorted() == all.stdout.split(separator: "\n").sorted())
  }

  @Test("fetch: three shards of a URL list and of a PokeAPI crawl cover it once")
  func fetchShards() async throws {
    let server = try await PokeAPITestServer(samples: 6, broken: true)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    // Two URLs per sprite with the same last component: one run names them n and n-2.
    let urls =
      (1...6).flatMap { [server.url("/sprites/\($0).png"), server.url("/slow/\($0).png")] }
      + [server.url("/sprites/8.png")]  // the broken entry: a 404
    let list = directory.url.appendingPathComponent("urls.txt")
    try ("# sprites\n" + urls.map { "  \($0)\n" }.joined()).write(
      to: list, atomically: true, encoding: .utf8)
    let byURL =
      ["fetch", "--urls", list.path, "--quiet", "--retries", "0"] + LoopbackPatience.options
    let byCrawl =
      [
        "fetch", "--pokeapi", server.url("/api/v2"), "--limit", "30", "--quiet", "--retries", "0",
      ] + LoopbackPatience.options
    for (label, arguments) in [("urls", byURL), ("crawl", byCrawl)] {
      let whole = directory.url.appendingPathComponent("\(label)-whole")
      #expect(try await BuiltBinary.run(arguments + ["--out", whole.path]).status == 1, "the 404")
      var shards = [URL]()
      var skipped = [String]()
      for index in 0..<3 {
        let out = directory.url.appendingPathComponent("\(label)-\(index)")
        let result = try await BuiltBinary.run(
          arguments + ["--out", out.path, "--shard", "\(index)/3"])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        shards.append(out)
        skipped += try Self.listed(out).skipped
      }
      if label == "urls" {
        try Self.expectCover(shards, whole: whole, everyShardUsed: false, key: { $0 })
      } else {
        // The crawl hashes each entry's URL as the list gives it; themes record the sprite URL.
        let entryURL: (String) -> String = { source in
          guard
            let id = source.split(separator: "/").last.map({
              $0.replacingOccurrences(of: ".png", with: "")
            })
          else { return source }
          return source.contains("/api/v2/pokemon/") ? source : server.url("/api/v2/pokemon/\(id)/")
        }
        try Self.expectCover(shards, whole: whole, everyShardUsed: false, key: entryURL)
        #expect(
          skipped.sorted() == (try Self.listed(whole)).skipped.sorted(), "skipped entries once too")
      }
    }
  }
}
