import Dispatch
import Foundation
import SpritePNG
import SpriteShard
import Testing
import _SpriteTestSupport

/// `sprite-theme batch --jsonl` run as a user (or xargs, GNU parallel, Spark) would.
@Suite("End to end: batch --jsonl")
struct StreamEndToEndTests {
  static let samples = Fixtures.sampleSpriteFiles()

  /// The sample paths as `batch samples/sprites` finds them (relative to the package root).
  static var samplePaths: [String] { samples.map { "samples/sprites/" + $0.lastPathComponent } }

  /// `lines` (one per line, a final newline) as a file to give as standard input.
  static func listFile(
    _ lines: [String], in directory: TemporaryDirectory, name: String = "list.txt"
  ) throws -> URL {
    let url = directory.url.appendingPathComponent(name)
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
    return url
  }

  /// Every line of `output` parsed as a JSON object; each line must be one whole document.
  static func documents(_ output: String) throws -> [NSDictionary] {
    #expect(output.isEmpty || output.hasSuffix("\n"))
    return try output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      try #require(
        JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary, "\($0.prefix(80))")
    }
  }

  /// A JSON file parsed.
  static func document(_ url: URL) throws -> NSDictionary {
    try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary)
  }

  /// What a line stands for: its theme's path or URL, or its error's input.
  static func origin(_ document: NSDictionary) -> String? {
    if let input = document["input"] as? String { return "error " + input }
    let source = document["source"] as? NSDictionary
    return (source?["path"] as? String) ?? (source?["url"] as? String)
  }

  @Test("the stream equals batch's theme files document for document, in batch's order")
  func equalsBatch() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let batch = try await BuiltBinary.run([
      "batch", "samples/sprites", "--out", out.path, "--jobs", "2", "--quiet",
    ])
    #expect(batch.status == 0, "\(batch.stderr)")
    let list = try Self.listFile(Self.samplePaths, in: directory)
    let stream = try await BuiltBinary.run(
      ["batch", "--jsonl", "-", "--jobs", "2"], standardInput: list)
    #expect(stream.status == 0, "\(stream.stderr)")
    let lines = try Self.documents(stream.stdout)
    let index = try Self.document(out.appendingPathComponent("index.json"))
    let entries = try #require(index["entries"] as? [NSDictionary])
    #expect(lines.count == Self.samples.count && entries.count == Self.samples.count)
    for (line, entry) in zip(lines, entries) {
      let file = try Self.document(
        out.appendingPathComponent(try #require(entry["theme"] as? String)))
      #expect(line == file, "\(entry["source"] ?? "")")
      // Same bytes after parsing: both re-encoded alike.
      #expect(
        try JSONSerialization.data(withJSONObject: line, options: .sortedKeys)
          == JSONSerialization.data(withJSONObject: file, options: .sortedKeys))
    }
    // A folder argument streams the same lines as its files listed on standard input.
    let folder = try await BuiltBinary.run([
      "batch", "--jsonl", "samples/sprites", "--jobs", "1", "--quiet",
    ])
    #expect(folder.status == 0 && folder.stdout == stream.stdout)
  }

  @Test("--jobs 2 keeps input order when early inputs are large or slow to download")
  func orderWithSlowEarlyInputs() async throws {
    let server = try await PokeAPITestServer(samples: 4)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let large = directory.url.appendingPathComponent("large.png")
    try Data(try PNGEncoder.encode(SyntheticSprites.noise(width: 700, height: 700, seed: 25)))
      .write(to: large)
    let missing = directory.url.appendingPathComponent("missing.png").path
    var inputs = [large.path, server.url("/slow/1.png"), large.path, server.url("/slow/2.png")]
    inputs +=
      Self.samplePaths.prefix(12) + [missing, server.url("/sprites/3.png")]
      + Self.samplePaths.suffix(6)
    let list = try Self.listFile(inputs, in: directory)
    let result = try await BuiltBinary.run(
      ["batch", "--jsonl", "-", "--jobs", "2", "--quiet"] + LoopbackPatience.options,
      standardInput: list)
    #expect(result.status == 1, "the missing file fails: \(result.stderr)")
    let lines = try Self.documents(result.stdout)
    #expect(lines.map(Self.origin) == inputs.map { $0 == missing ? "error " + $0 : $0 })
    #expect(result.stderr.contains(missing), "the failure is named on standard error")
  }

  @Test("a missing file and a file that is not a PNG are error lines with their stage; exit 1")
  func errorLines() async throws {
    let directory = try TemporaryDirectory()
    let text = directory.url.appendingPathComponent("notes.png")
    try Data("not an image".utf8).write(to: text)
    let missing = directory.url.appendingPathComponent("missing.png").path
    let list = try Self.listFile(
      [Self.samplePaths[0], missing, "", "  " + text.path + "  "], in: directory)
    let result = try await BuiltBinary.run(["batch", "--jsonl", "-"], standardInput: list)
    #expect(result.status == 1)
    let lines = try Self.documents(result.stdout)
    try #require(lines.count == 3, "a blank line is no input")
    #expect(Self.origin(lines[0]) == Self.samplePaths[0])
    for (line, (input, stage)) in zip(
      lines.dropFirst(), [(missing, "read"), (text.path, "decode")])
    {
      #expect(Set(line.allKeys.compactMap { $0 as? String }) == ["input", "error"])
      #expect(line["input"] as? String == input)
      let error = try #require(line["error"] as? NSDictionary)
      #expect(error["stage"] as? String == stage)
      #expect((error["message"] as? String)?.isEmpty == false)
    }
    #expect(result.stderr.contains("2 failed"))
  }

  @Test("a URL is downloaded from a server on 127.0.0.1; its line equals fetch's theme file")
  func urlEqualsFetch() async throws {
    let server = try await PokeAPITestServer(samples: 3)
    defer { Task { await server.stop() } }
    let directory = try TemporaryDirectory()
    let urls = (1...3).map { server.url("/sprites/\($0).png") } + [server.url("/sprites/99.png")]
    let list = try Self.listFile(urls, in: directory)
    let out = directory.url.appendingPathComponent("out")
    let fetch = try await BuiltBinary.run(
      [
        "fetch", "--urls", list.path, "--out", out.path, "--quiet", "--retries", "0",
      ] + LoopbackPatience.options)
    #expect(fetch.status == 1, "the 404 fails: \(fetch.stderr)")
    let cache = directory.url.appendingPathComponent("cache").path
    let stream = try await BuiltBinary.run(
      ["batch", "--jsonl", "-", "--jobs", "2", "--quiet", "--retries", "0", "--cache", cache]
        + LoopbackPatience.options, standardInput: list)
    #expect(stream.status == 1, "\(stream.stderr)")
    let lines = try Self.documents(stream.stdout)
    try #require(lines.count == 4)
    for (offset, line) in lines.prefix(3).enumerated() {
      #expect(line == (try Self.document(out.appendingPathComponent("themes/\(offset + 1).json"))))
    }
    #expect(lines[3]["input"] as? String == urls[3])
    #expect((lines[3]["error"] as? NSDictionary)?["stage"] as? String == "fetch")
    // --cache keeps the responses: a second run asks the server only to revalidate or not at all.
    #expect(FileManager.default.fileExists(atPath: cache))
  }

  @Test("--jsonl refuses --out and the options about files; a bad --shard is a usage error")
  func usageErrors() async throws {
    for extra in [
      ["--out", "x"], ["--thumbnails", "32"], ["--report"], ["--force"], ["--shard", "3/3"],
      ["--shard", "x/2"],
    ] {
      let result = try await BuiltBinary.run(["batch", "--jsonl", "samples/sprites"] + extra)
      #expect(result.status == 2, "\(extra): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    #expect(
      try await BuiltBinary.run(["batch", "samples/sprites"]).status == 2, "--out without --jsonl")
    #expect(
      try await BuiltBinary.run(["fetch", "--urls", "x", "--out", "y", "--shard", "1/1"]).status
        == 2)
  }

  @Test("SIGINT stops the stream with exit 130 after whole lines only, in input order")
  func interrupted() async throws {
    let directory = try TemporaryDirectory()
    let inputs = (0..<20_000).map { Self.samplePaths[$0 % Self.samplePaths.count] }
    let list = try Self.listFile(inputs, in: directory)
    // The grace period is as long as the test's patience, so the stream must stop by itself
    // (its summary says so), however slow the machine.
    let finished = InterruptTests.Finished()
    let result = try await BuiltBinary.run(
      ["batch", "--jsonl", "-", "--jobs", "2"], environment: InterruptTests.patientGrace,
      standardInput: list
    ) { pid in
      InterruptTests.watchdog(pid, finished: finished)
      DispatchQueue.global().async {
        InterruptTests.waitUntilHandlingSignals(pid)
        usleep(1_000_000)  // some lines first; 20,000 take far longer than this on any machine
        kill(pid, SIGINT)
      }
    }
    finished.set()
    #expect(result.status == 130, "\(result.stderr)")
    let lines = try Self.documents(result.stdout)
    #expect(lines.count < inputs.count, "stopped before the end")
    #expect(lines.map(Self.origin) == Array(inputs.prefix(lines.count)))
    let counted = "\(lines.count) line\(lines.count == 1 ? "" : "s")"
    #expect(result.stderr.contains("interrupted after \(counted);"), "\(result.stderr)")
  }

  @Test("SIGINT while standard output is not read: exit 130 at once, the pipe holds whole lines")
  func interruptedWhileOutputStalls() async throws {
    let directory = try TemporaryDirectory()
    let inputs = (0..<2_000).map { Self.samplePaths[$0 % Self.samplePaths.count] }
    let list = try Self.listFile(inputs, in: directory)
    // Nobody reads the pipe until the run is over, so the run fills it and stalls. The grace
    // period is as long as the test's patience: the run must stop by itself, not by the timer.
    let pipe = Pipe()
    let process = try BuiltBinary.start(
      ["batch", "--jsonl", "-", "--quiet"], environment: InterruptTests.patientGrace,
      standardInput: list, standardOutput: pipe.fileHandleForWriting,
      standardError: FileHandle(forWritingTo: try Self.emptyFile("stderr", in: directory)))
    try pipe.fileHandleForWriting.close()
    // Stalled: the run has put output in the pipe and then nothing more for 20 checks in a
    // row (on a busy machine that may also be a pause in its work: then the signal lands
    // between lines, and the test holds all the same).
    let reader = pipe.fileHandleForReading.fileDescriptor
    var unread: Int32 = 0
    var unchanged = 0
    let stalled = InterruptTests.wait {
      var now: Int32 = 0
      guard ioctl(reader, UInt(FIONREAD), &now) == 0, process.isRunning else { return true }
      unchanged = now == unread ? unchanged + 1 : 0
      unread = now
      usleep(10_000)
      return now > 0 && unchanged >= 20
    }
    #expect(stalled && process.isRunning, "the run stalled on its full output")
    InterruptTests.waitUntilHandlingSignals(process.processIdentifier)
    kill(process.processIdentifier, SIGINT)
    let deadline = ContinuousClock.now + InterruptTests.hangLimit
    while process.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    if process.isRunning { process.terminate() }  // a hang: fail rather than wait on
    process.waitUntilExit()
    let stderr = try String(
      contentsOf: directory.url.appendingPathComponent("stderr"), encoding: .utf8)
    #expect(process.terminationStatus == 130, "\(stderr)")
    #expect(!stderr.contains("did not finish in time"), "stopped by itself: \(stderr)")
    let output = try pipe.fileHandleForReading.readToEnd() ?? Data()
    #expect(output.last == UInt8(ascii: "\n"), "the last line is whole")
    let lines = try Self.documents(String(decoding: output, as: UTF8.self))
    #expect(!lines.isEmpty && lines.map(Self.origin) == Array(inputs.prefix(lines.count)))
  }

  /// An empty file `name` in `directory`.
  static func emptyFile(_ name: String, in directory: TemporaryDirectory) throws -> URL {
    let url = directory.url.appendingPathComponent(name)
    try Data().write(to: url)
    return url
  }

  @Test("memory stays bounded: 1,000 and 10,000 lines peak alike, both under 50 MB")
  func boundedMemory() async throws {
    // 100,000 lines take minutes in a debug build (about 1.5 ms a sprite), so the test streams
    // 10,000: were lines kept, their ~5 KB each (50 MB) would break the limit, and the
    // difference from 1,000 lines bounds any growth per line. Benchmarks/README.md records
    // 100,000 lines on a release build.
    let directory = try TemporaryDirectory()
    var peaks = [Int: Int]()
    for count in [1_000, 10_000] {
      let lines = (0..<count).map { Self.samples[$0 % Self.samples.count].path }
      let list = try Self.listFile(lines, in: directory, name: "list-\(count).txt")
      let output = directory.url.appendingPathComponent("out-\(count).jsonl")
      let errors = directory.url.appendingPathComponent("err-\(count).txt")
      let outcome = try await ChildUsage.run(
        ["batch", "--jsonl", "-", "--jobs", "2", "--quiet"], input: list, output: output,
        errors: errors)
      #expect(
        outcome.status == 0,
        "\(String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))")
      let written = try Data(contentsOf: output)
      #expect(written.filter { $0 == 0x0A }.count == count)
      #expect(written.count > count * 3000, "the lines are the full documents")
      #expect(outcome.maxResidentKB > 1024, "a real measurement")
      #expect(outcome.maxResidentKB < 50 * 1024, "\(count) lines: \(outcome.maxResidentKB) KB")
      peaks[count] = outcome.maxResidentKB
    }
    let growth = (peaks[10_000] ?? 0) - (peaks[1_000] ?? 0)
    #expect(growth < 4 * 1024, "9,000 more lines grew the peak by \(growth) KB: \(peaks)")
  }
}
