import Dispatch
import Foundation
import Testing
import _SpriteTestSupport

/// `sprite-theme fetch` run as a user would, against a PokeAPI-shaped server on 127.0.0.1.
@Suite("End to end: fetch", .serialized)
struct FetchEndToEndTests {
  /// Keeps curl away from any proxy: only 127.0.0.1 is ever contacted.
  static let environment = [
    "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1", "http_proxy": "", "HTTP_PROXY": "",
  ]

  /// Runs the binary with the proxy-free environment and the loopback's patience.
  static func run(_ arguments: [String]) async throws -> BuiltBinary.Result {
    try await BuiltBinary.run(arguments + LoopbackPatience.options, environment: environment)
  }

  /// Parses a JSON object file.
  static func object(_ url: URL) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  /// Runs `batch` over `samples` and returns its output directory.
  static func batchReference(_ samples: [URL], in directory: TemporaryDirectory) async throws -> URL
  {
    let out = directory.url.appendingPathComponent("reference")
    let result = try await BuiltBinary.run(
      ["batch"] + samples.map(\.path) + ["--out", out.path, "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    return out
  }

  @Test(
    "--pokeapi writes the themes batch writes, with url and id in source; a re-run is all cache")
  func pokeAPICrawl() async throws {
    let server = try await PokeAPITestServer()
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let arguments = [
      "fetch", "--pokeapi", server.url("/api/v2"), "--limit", "30", "--out", out.path, "--quiet",
    ]
    let result = try await Self.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")

    let samples = server.entries.prefix(while: { $0.id < 10000 && $0.sample != nil })
    let index = try Self.object(out.appendingPathComponent("index.json"))
    Schemas.expectValid(
      try Data(contentsOf: out.appendingPathComponent("index.json")), against: Schemas.index,
      "index")
    let entries = try #require(index["entries"] as? [[String: Any]])
    #expect(entries.compactMap { $0["name"] as? String } == samples.map(\.name))
    #expect((index["errors"] as? [Any])?.isEmpty == true)

    let reference = try await Self.batchReference(samples.compactMap(\.sample), in: directory)
    for sample in samples {
      let themeURL = out.appendingPathComponent("themes/\(sample.name).json")
      Schemas.expectValid(try Data(contentsOf: themeURL), against: Schemas.theme, sample.name)
      var theme = try Self.object(themeURL)
      var expected = try Self.object(reference.appendingPathComponent("themes/\(sample.name).json"))
      let source = try #require(theme.removeValue(forKey: "source") as? [String: Any])
      #expect(source["url"] as? String == server.url("/sprites/\(sample.id).png"))
      #expect(source["id"] as? Int == sample.id)
      #expect(source["name"] as? String == sample.name)
      expected.removeValue(forKey: "source")
      #expect(
        NSDictionary(dictionary: theme) == NSDictionary(dictionary: expected), "\(sample.name)")
    }

    let before = server.requests.count
    let again = try await Self.run(arguments)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(server.requests.count == before, "a run within the TTL makes no request")
  }

  @Test("a sprite answering 404: exit 1, the others written, the failure in index.json")
  func failedDownload() async throws {
    let server = try await PokeAPITestServer(samples: 2, broken: true)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let result = try await Self.run(
      ["fetch", "--pokeapi", server.url("/api/v2"), "--out", out.path, "--quiet", "--retries", "0"])
    #expect(result.status == 1, "\(result.stderr)")
    let index = try Self.object(out.appendingPathComponent("index.json"))
    #expect((index["entries"] as? [Any])?.count == 2)
    let errors = try #require(index["errors"] as? [[String: Any]])
    #expect(errors.count == 1)
    #expect(errors.first?["stage"] as? String == "fetch")
    #expect(errors.first?["source"] as? String == server.url("/sprites/4.png"))
    #expect((errors.first?["message"] as? String)?.contains("404") == true)
  }

  @Test("--urls reads one URL per line, names sprites after their files")
  func urlList() async throws {
    let server = try await PokeAPITestServer(samples: 1)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let names = Fixtures.sampleSpriteFiles().prefix(3).map(\.lastPathComponent)
    let list = directory.url.appendingPathComponent("urls.txt")
    let lines = ["# samples", ""] + names.map { server.url("/files/\($0)") }
    try Data(lines.joined(separator: "\n").utf8).write(to: list)
    let out = directory.url.appendingPathComponent("out")
    let result = try await Self.run(
      ["fetch", "--urls", list.path, "--out", out.path, "--thumbnails", "32", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let index = try Self.object(out.appendingPathComponent("index.json"))
    let entries = try #require(index["entries"] as? [[String: Any]])
    let stems = names.map { String($0.dropLast(4)) }
    #expect(entries.compactMap { $0["name"] as? String } == stems)
    #expect(
      entries.compactMap { $0["source"] as? String } == names.map { server.url("/files/\($0)") })
    for stem in stems {
      #expect(
        FileManager.default.fileExists(
          atPath: out.appendingPathComponent("thumbs/\(stem)-32.png").path))
    }
  }

  @Test(
    "--download-only writes each sprite byte for byte and a download index; a re-run is all cache")
  func downloadOnly() async throws {
    let server = try await PokeAPITestServer(samples: 4, broken: true)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let arguments = [
      "fetch", "--download-only", "--pokeapi", server.url("/api/v2"), "--out", out.path, "--quiet",
      "--retries", "0",
    ]
    let result = try await Self.run(arguments)
    #expect(result.status == 1, "\(result.stderr)")

    let indexData = try Data(contentsOf: out.appendingPathComponent("index.json"))
    Schemas.expectValid(indexData, against: Schemas.downloads, "index")
    let index = try Self.object(out.appendingPathComponent("index.json"))
    #expect(index["schema"] as? String == "spritetheme/downloads@1")
    let samples = server.entries.filter { $0.id < 10000 && $0.name != "broken" && $0.sample != nil }
    let entries = try #require(index["entries"] as? [[String: Any]])
    #expect(entries.compactMap { $0["name"] as? String } == samples.map(\.name))
    for (entry, sample) in zip(entries, samples) {
      let sampleURL = try #require(sample.sample)
      let expected = try Data(contentsOf: sampleURL)
      let written = try Data(contentsOf: out.appendingPathComponent("sprites/\(sample.name).png"))
      #expect(written == expected, "\(sample.name)")
      #expect(entry["sprite"] as? String == "sprites/\(sample.name).png")
      #expect(entry["bytes"] as? Int == expected.count)
      #expect(entry["source"] as? String == server.url("/sprites/\(sample.id).png"))
    }
    let errors = try #require(index["errors"] as? [[String: Any]])
    #expect(errors.count == 1)
    #expect(errors.first?["stage"] as? String == "fetch")
    #expect((errors.first?["message"] as? String)?.contains("404") == true)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("themes").path))
    let spritesFolder = out.appendingPathComponent("sprites")
    let names = try FileManager.default.contentsOfDirectory(atPath: spritesFolder.path)
    #expect(
      names.filter { !$0.hasPrefix(".") }.sorted() == samples.map { "\($0.name).png" }.sorted())
    // Each sprite is stored once: the cache holds PokeAPI's JSON documents and one manifest of
    // the sprites' validators, no sprite body.
    let cached = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent(".cache").path)
    #expect(cached.filter { $0.hasPrefix("downloads-") && $0.hasSuffix(".json") }.count == 1)
    #expect(cached.contains { $0.hasSuffix(".entry") }, "\(cached)")
    #expect(cached.allSatisfy { !$0.contains("sprites") }, "\(cached)")

    let before = server.requests.count
    let again = try await Self.run(arguments)
    #expect(again.status == 1, "\(again.stderr)")
    #expect(server.requests.count == before + 1, "only the failed sprite is asked for again")

    // A sprite changed on disk is fetched again, within the TTL too.
    let first = spritesFolder.appendingPathComponent("\(samples[0].name).png")
    try Data([0x89, 0x50]).write(to: first)
    let afterAgain = server.requests.count
    let repaired = try await Self.run(arguments)
    #expect(repaired.status == 1, "\(repaired.stderr)")
    #expect(server.requests.count == afterAgain + 2, "the changed sprite and the failed one")
    #expect(try Data(contentsOf: first) == Data(contentsOf: try #require(samples[0].sample)))

    // With --ttl 0 every kept sprite is revalidated and answered 304; the files stay.
    let revalidated = try await Self.run(arguments + ["--ttl", "0"])
    #expect(revalidated.status == 1, "\(revalidated.stderr)")
    #expect(server.notModified.count == samples.count)
    for sample in samples {
      let written = try Data(contentsOf: spritesFolder.appendingPathComponent("\(sample.name).png"))
      #expect(written == (try Data(contentsOf: try #require(sample.sample))))
    }
  }

  @Test("--progress on a URL list: a bar to the list's length with cached and failed counts")
  func progressLine() async throws {
    let server = try await PokeAPITestServer(samples: 3, broken: true)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let list = directory.url.appendingPathComponent("urls.txt")
    let urls = (1...4).map { server.url("/sprites/\($0).png") }  // entry 4 has no sprite: a 404
    try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
    let out = directory.url.appendingPathComponent("out").path
    let arguments = ["fetch", "--urls", list.path, "--out", out, "--progress", "--retries", "0"]
    let first = try await Self.run(arguments)
    #expect(first.status == 1, "\(first.stderr)")
    #expect(first.stderr.contains("] 4/4, 0 cached, 1 failed, "), "\(first.stderr)")
    let second = try await Self.run(arguments)
    #expect(
      second.stderr.contains("[################] 4/4, 3 cached, 1 failed, "), "\(second.stderr)")
    let downloadOnly = try await Self.run(arguments + ["--download-only"])
    #expect(downloadOnly.stderr.contains("] 4/4, 0 cached, 1 failed, "), "\(downloadOnly.stderr)")
  }

  @Test(
    "SIGINT stops a fetch cleanly: exit 130, whole files only, and a re-run resumes from the cache")
  func interruptedRunResumes() async throws {
    let server = try await PokeAPITestServer(samples: 6)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let list = directory.url.appendingPathComponent("urls.txt")
    // 180 distinct URLs (the query tells them apart). The server answers the first 12 (copies 0
    // and 1) and holds the rest until the test opens its gate, so the interrupt lands part-way
    // on any machine.
    let urls = (0..<30).flatMap { copy in
      (1...6).map { server.url("/gated/\($0).png?copy=\(copy)") }
    }
    try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
    let out = directory.url.appendingPathComponent("out")
    let themes = out.appendingPathComponent("themes")
    let arguments = ["fetch", "--urls", list.path, "--out", out.path, "--quiet"]
    let first = try await Self.runInterrupted(
      arguments + LoopbackPatience.options, once: themes, holds: 5)
    #expect(first.status == 130, "\(first.stderr)")
    #expect(first.stderr.contains("interrupted"), "\(first.stderr)")
    let written = try FileManager.default.contentsOfDirectory(atPath: themes.path)
    #expect(written.count < urls.count, "the interrupt landed before the end")
    for name in written {
      #expect(!name.hasPrefix("."), "no temporary file is left: \(name)")
      let data = try Data(contentsOf: themes.appendingPathComponent(name))
      #expect(throws: Never.self, "\(name) is whole") {
        try JSONSerialization.jsonObject(with: data)
      }
    }
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
    let cached = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent(".cache").path
    ).filter { $0.hasSuffix(".entry") }.count

    server.openGate()
    let before = server.requests.count
    let second = try await Self.run(arguments)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      server.requests.count - before == urls.count - cached, "only what was not cached is fetched")
    #expect(try FileManager.default.contentsOfDirectory(atPath: themes.path).count == urls.count)
  }

  @Test("analyze URL downloads the sprite: its theme is batch --jsonl's; a 404 names the URL")
  func analyzeURL() async throws {
    let server = try await PokeAPITestServer(samples: 2)
    defer { Task { await server.stop() } }
    let url = server.url("/sprites/1.png")
    let analyzed = try await BuiltBinary.run(
      ["analyze", url, "--json"], environment: Self.environment)
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    let streamed = try await BuiltBinary.run(
      ["batch", "--jsonl", url, "--quiet"] + LoopbackPatience.options,
      environment: Self.environment)
    #expect(streamed.status == 0, "\(streamed.stderr)")
    let theme = try JSONSerialization.jsonObject(with: Data(analyzed.stdout.utf8)) as? NSDictionary
    let line = try JSONSerialization.jsonObject(with: Data(streamed.stdout.utf8)) as? NSDictionary
    #expect(theme != nil && theme == line)
    let missing = server.url("/sprites/99.png")
    let failed = try await BuiltBinary.run(["analyze", missing], environment: Self.environment)
    #expect(failed.status == 1)
    #expect(failed.stderr.contains(missing) && failed.stderr.contains("404"), "\(failed.stderr)")
  }

  @Test("--stall-timeout fails a download that receives nothing, and names it in index.json")
  func stallTimeoutTakesEffect() async throws {
    let server = try await PokeAPITestServer(samples: 1)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let list = directory.url.appendingPathComponent("urls.txt")
    try [server.url("/sprites/1.png"), server.url("/stall/2.png")].joined(separator: "\n")
      .write(to: list, atomically: true, encoding: .utf8)
    let out = directory.url.appendingPathComponent("out")
    // The stalled server never answers: only the one-second limit can end this run.
    let result = try await BuiltBinary.run(
      [
        "fetch", "--urls", list.path, "--out", out.path, "--quiet", "--retries", "0",
        "--stall-timeout", "1", "--connect-timeout", "600",
      ], environment: Self.environment)
    #expect(result.status == 1, "\(result.stderr)")
    let index = try Self.object(out.appendingPathComponent("index.json"))
    let errors = try #require(index["errors"] as? [[String: Any]])
    #expect(errors.compactMap { $0["message"] as? String } == ["Download timed out."])
    #expect(server.stalled.count == 1)
  }

  @Test(
    "SIGINT cancels transfers in flight: a stalled server does not hold the exit until the timeout",
    arguments: [false, true])
  func interruptCancelsStalledTransfers(downloadOnly: Bool) async throws {
    let server = try await PokeAPITestServer(samples: 3)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let list = directory.url.appendingPathComponent("urls.txt")
    let urls =
      (1...3).map { server.url("/sprites/\($0).png") }
      + (1...3).map { server.url("/stall/\($0).png") }
    try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
    let out = directory.url.appendingPathComponent("out")
    let arguments =
      ["fetch", "--urls", list.path, "--out", out.path, "--quiet"]
      + (downloadOnly ? ["--download-only"] : []) + LoopbackPatience.options
    // SIGINT once the three stalled requests have reached the server. Without cancellation the
    // run would wait out the no-progress timeout and its retries, then report the three URLs.
    // The grace period is as long as the test's patience, so only cancellation can end the run
    // early, however slow the machine.
    let finished = InterruptTests.Finished()
    let result = try await BuiltBinary.run(
      arguments, environment: Self.environment.merging(InterruptTests.patientGrace) { $1 }
    ) { [stalled = server.stalled] pid in
      InterruptTests.watchdog(pid, finished: finished)
      DispatchQueue.global().async {
        InterruptTests.wait { stalled.count >= 3 }
        // A signal that comes before the handler is installed (a loaded machine) would kill it.
        InterruptTests.waitUntilHandlingSignals(pid)
        kill(pid, SIGINT)
      }
    }
    finished.set()
    #expect(result.status == 130, "\(result.stderr)")
    #expect(result.stderr.contains("interrupted"), "\(result.stderr)")
    #expect(
      !result.stderr.contains("/stall/"), "cancelled transfers are not failures: \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
  }

  /// Runs the binary and sends it SIGINT once `folder` holds `count` files (``InterruptTests``'s
  /// run: the watch runs on a Dispatch queue, not on Swift's cooperative pool, which other suites
  /// may keep busy; the grace period is as long as the test's patience, so the run must stop by
  /// itself; a watchdog ends a run that hangs).
  static func runInterrupted(_ arguments: [String], once folder: URL, holds count: Int) async throws
    -> BuiltBinary.Result
  {
    try await InterruptTests.run(
      arguments, environment: environment.merging(InterruptTests.patientGrace) { $1 },
      signal: SIGINT, once: folder, holds: count)
  }

  @Test("a server's file:// sprite URL is refused, never read: exit 1, the reason in index.json")
  func serverFileURLRefused() async throws {
    // The server points an entry at a PNG on this machine; reading it would analyse a local file.
    let local = try #require(Fixtures.sampleSpriteFiles().last)
    let server = try await PokeAPITestServer(samples: 1, hostileSprite: local.absoluteString)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    for extra in [[], ["--download-only"]] {
      let result = try await Self.run(
        ["fetch", "--pokeapi", server.url("/api/v2"), "--out", out.path, "--quiet"] + extra)
      #expect(result.status == 1, "\(result.stderr)")
      let index = try Self.object(out.appendingPathComponent("index.json"))
      let errors = try #require(index["errors"] as? [[String: Any]])
      let messages = errors.compactMap { $0["message"] as? String }
      #expect(
        messages == [
          "hostile: the server's sprite URL uses file://, which is only allowed for URLs you give "
            + "(\(local.absoluteString))."
        ], "\(extra)")
      for folder in ["themes", "sprites"] {
        let file = out.appendingPathComponent(
          "\(folder)/hostile.\(folder == "themes" ? "json" : "png")")
        #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.path)")
      }
    }
  }

  @Test("--sprite KEY that no entry has: exit 1 naming the key; every skipped entry listed")
  func spriteKeyMatchesNothing() async throws {
    let server = try await PokeAPITestServer(samples: 2)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let result = try await Self.run(
      ["fetch", "--pokeapi", server.url("/api/v2"), "--sprite", "other.nowhere", "--out", out.path])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("other.nowhere"), "\(result.stderr)")
    #expect(result.stderr.contains("4 skipped"), "\(result.stderr)")
    let indexData = try Data(contentsOf: out.appendingPathComponent("index.json"))
    Schemas.expectValid(indexData, against: Schemas.index, "index")
    let index = try Self.object(out.appendingPathComponent("index.json"))
    let skipped = try #require(index["skipped"] as? [[String: Any]])
    #expect(
      skipped.compactMap { $0["name"] as? String } == server.entries.map(\.name),
      "the entries without the key, and the form")
    #expect(skipped.allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
    #expect((skipped.first?["reason"] as? String)?.contains("other.nowhere") == true)
    #expect((index["entries"] as? [Any])?.isEmpty == true)
  }

  @Test("--download-only refuses --thumbnails: exit 2")
  func downloadOnlyRefusesThumbnails() async throws {
    let directory = try TemporaryDirectory()
    let result = try await Self.run(
      [
        "fetch", "--download-only", "--urls", "x.txt", "--thumbnails", "32", "--out",
        directory.url.path,
      ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--download-only"))
  }

  @Test("exactly one of --pokeapi and --urls: exit 2 otherwise")
  func sourceIsRequired() async throws {
    let directory = try TemporaryDirectory()
    let result = try await BuiltBinary.run(["fetch", "--out", directory.url.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--pokeapi"))
  }
}
