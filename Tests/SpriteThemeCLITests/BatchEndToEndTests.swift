import Foundation
import Testing
import _SpriteTestSupport

/// `sprite-theme batch` run as a user would, on copies of the samples.
@Suite("End to end: batch")
struct BatchEndToEndTests {
  static let samples = Fixtures.sampleSpriteFiles()

  /// Every regular file below `root`, relative path → bytes.
  static func snapshot(_ root: URL) throws -> [String: Data] {
    var files = [String: Data]()
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let relative = enumerator?.nextObject() as? String {
      let url = root.appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[relative] = try Data(contentsOf: url)
      }
    }
    return files
  }

  @Test(
    "good, corrupt, non-PNG and missing inputs: exit 1, themes for the good, failures in the index")
  func mixedInputs() async throws {
    let directory = try TemporaryDirectory()
    let inputs = directory.url.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    for url in Self.samples.prefix(4) {
      try FileManager.default.copyItem(
        at: url, to: inputs.appendingPathComponent(url.lastPathComponent))
    }
    var cut = try Fixtures.bytes(of: try #require(Self.samples.last))
    cut.removeLast(cut.count / 3)
    try Data(cut).write(to: inputs.appendingPathComponent("corrupt.png"))
    try Data("not an image".utf8).write(to: inputs.appendingPathComponent("text.png"))
    let missing = directory.url.appendingPathComponent("missing.png").path
    let out = directory.url.appendingPathComponent("out")

    let result = try await BuiltBinary.run([
      "batch", inputs.path, missing, "--out", out.path, "--quiet",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    let index = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("index.json")))
        as? [String: Any])
    #expect(index["schema"] as? String == "spritetheme/index@1")
    #expect(index["count"] as? Int == 7)
    let entries = try #require(index["entries"] as? [[String: Any]])
    #expect(entries.count == 4)
    for entry in entries {
      let theme = out.appendingPathComponent(try #require(entry["theme"] as? String))
      #expect(FileManager.default.fileExists(atPath: theme.path))
    }
    let errors = try #require(index["errors"] as? [[String: Any]])
    let failed = errors.compactMap { $0["source"] as? String }
    #expect(
      failed == [
        inputs.appendingPathComponent("corrupt.png").path,
        inputs.appendingPathComponent("text.png").path, missing,
      ])
    #expect(errors.map { $0["stage"] as? String } == ["decode", "decode", "read"])
    #expect(result.stderr.split(separator: "\n").count == 3, "one line per failure")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("themes").path)
        .count == 4)
  }

  @Test(
    "--out that is an input folder, or inside one (by any path), is a usage error; nothing written")
  func outputInsideInputs() async throws {
    let directory = try TemporaryDirectory()
    let inputs = directory.url.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    for url in Self.samples.prefix(3) {
      try FileManager.default.copyItem(
        at: url, to: inputs.appendingPathComponent(url.lastPathComponent))
    }
    let link = directory.url.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: inputs)
    let before = try Self.snapshot(inputs)
    for (out, inside) in [
      (inputs.path, false), (inputs.path + "/themes", true), (link.path + "/out", true),
      (inputs.path + "/../in/new/deeper", true),
    ] {
      let result = try await BuiltBinary.run(["batch", inputs.path, "--out", out, "--quiet"])
      #expect(result.status == 2, "\(out): \(result.stderr)")
      #expect(
        result.stderr.contains("--out \(out) is \(inside ? "inside " : "")the input folder"),
        "\(result.stderr)")
    }
    #expect(try Self.snapshot(inputs) == before, "nothing was written among the sprites")
    let beside = directory.url.appendingPathComponent("out").path
    let result = try await BuiltBinary.run(["batch", inputs.path, "--out", beside, "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("messages say what happened, in the project's words: one theme, a device as a URL list")
  func plainMessages() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let one = try await BuiltBinary.run(["batch", Self.samples[0].path, "--out", out.path])
    #expect(one.stderr.contains("1 theme written to"), "\(one.stderr)")
    let exported = try await BuiltBinary.run([
      "export", out.appendingPathComponent("themes").path, "--format", "css", "-o",
      directory.url.appendingPathComponent("e").path,
    ])
    #expect(exported.stderr.contains("from 1 theme, 0 failed."), "\(exported.stderr)")
    let device = try await BuiltBinary.run([
      "fetch", "--urls", "/dev/null", "--out", directory.url.appendingPathComponent("f").path,
    ])
    #expect(device.status == 2)
    #expect(
      device.stderr.contains(
        "Cannot read the URL list '/dev/null': not a regular file (a character device)."),
      "\(device.stderr)")
  }

  @Test("a file larger than --max-memory is refused before it is read, in batch and --jsonl")
  func fileOverBudget() async throws {
    let directory = try TemporaryDirectory()
    let big = directory.url.appendingPathComponent("big.png")
    // 64 MiB, sparse: a PNG signature, then nothing the run may read.
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: big)
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: 64 << 20)
    try handle.close()
    let out = directory.url.appendingPathComponent("out")
    let message = "larger than the memory budget (--max-memory, 33554432 bytes)"
    let batch = try await BuiltBinary.run([
      "batch", big.path, Self.samples[0].path, "--out", out.path, "--max-memory", "32M", "--quiet",
    ])
    #expect(batch.status == 1, "\(batch.stderr)")
    #expect(batch.stderr.contains("\(big.path): \(message)"), "\(batch.stderr)")
    let stream = try await BuiltBinary.run([
      "batch", "--jsonl", big.path, "--max-memory", "32M", "--quiet",
    ])
    #expect(stream.status == 1)
    #expect(stream.stdout.contains(message), "\(stream.stdout)")
  }

  @Test("--jobs 1 and --jobs 2 write byte-identical outputs, and so does a re-run")
  func jobsDoNotChangeOutput() async throws {
    let directory = try TemporaryDirectory()
    let one = directory.url.appendingPathComponent("one")
    let two = directory.url.appendingPathComponent("two")
    let arguments = ["batch", "samples/sprites", "--thumbnails", "16,48", "--quiet"]
    #expect(try await BuiltBinary.run(arguments + ["--out", one.path, "--jobs", "1"]).status == 0)
    #expect(try await BuiltBinary.run(arguments + ["--out", two.path, "--jobs", "2"]).status == 0)
    let first = try Self.snapshot(one)
    // A theme and two thumbnails per sprite, index.json and the run's records.
    #expect(first.count == Self.samples.count * 3 + 2)
    #expect(first == (try Self.snapshot(two)))
    #expect(try await BuiltBinary.run(arguments + ["--out", one.path, "--jobs", "2"]).status == 0)
    #expect(first == (try Self.snapshot(one)))
  }

  @Test("batch over the samples writes every theme byte for byte as its golden file")
  func themesMatchGoldens() async throws {
    // Themes are encoded several to a buffer and written in runs: each file must hold its own
    // sprite's bytes, exactly as the library encodes that sprite alone (the goldens).
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let result = try await BuiltBinary.run([
      "batch", "samples/sprites", "--out", out.path, "--quiet",
    ])
    #expect(result.status == 0)
    let goldens = Fixtures.packageRoot.appendingPathComponent("samples/themes")
    let written = try Self.snapshot(out.appendingPathComponent("themes"))
    #expect(written.count == Self.samples.count)
    for (name, bytes) in written {
      let golden = try Data(contentsOf: goldens.appendingPathComponent(name))
      #expect(bytes == golden, "themes/\(name)")
    }
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("thumbs").path))
  }

  @Test("a run killed part-way leaves only whole files, and running again completes the work")
  func killedRunResumes() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let themes = out.appendingPathComponent("themes")
    let reference = directory.url.appendingPathComponent("reference")
    // Every sample 4 times, under different names.
    let list = directory.url.appendingPathComponent("list.txt")
    var lines = [String]()
    for round in 0..<4 {
      for url in Self.samples {
        let copy = directory.url.appendingPathComponent("in/\(round)/\(url.lastPathComponent)")
        try FileManager.default.createDirectory(
          at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: url, to: copy)
        lines.append(copy.path)
      }
    }
    try Data(lines.joined(separator: "\n").utf8).write(to: list)
    let arguments = ["batch", "-", "--thumbnails", "32,96", "--jobs", "2"]

    // The run is held mid-way: its standard error is a full pipe, so it stops at its first
    // progress line, drawn when its first sprite is done; only the other job can still finish.
    let gate = try FullPipe()
    let process = try BuiltBinary.start(
      arguments + ["--out", out.path, "--progress"], standardInput: list,
      standardError: gate.writer)
    // A deadline that only catches a hang.
    let deadline = ContinuousClock.now + .seconds(600)
    while Self.themeCount(themes) == 0, process.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    let running = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    withExtendedLifetime(gate) {}  // the pipe stays full, and open, until the child is gone

    // The premise: killed, not ended, with some but not all of the sprites written.
    #expect(running, "the run ended by itself (status \(process.terminationStatus))")
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    let written = Self.themeCount(themes)
    #expect((1...2).contains(written), "\(written) of \(lines.count) themes were written")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))

    // Whatever got written is whole: every theme parses and every thumbnail has its IEND.
    for (relative, data) in try Self.snapshot(out) where !relative.hasPrefix(".") {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") { continue }  // stale temporaries are removed by the next run
      if relative.hasSuffix(".json") {
        #expect(throws: Never.self, "\(relative)") { try JSONSerialization.jsonObject(with: data) }
      } else {
        #expect(
          data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(relative)")
      }
    }

    let rerun = try await BuiltBinary.run(
      arguments + ["--out", out.path, "--quiet"], standardInput: list)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let clean = try await BuiltBinary.run(
      arguments + ["--out", reference.path, "--quiet"], standardInput: list)
    #expect(clean.status == 0)
    let resumed = try Self.snapshot(out)
    #expect(Self.themeCount(themes) == lines.count)
    // No temporary file is left; the one hidden file is the run's records.
    #expect(
      resumed.keys.allSatisfy {
        !($0 as NSString).lastPathComponent.hasPrefix(".") || $0 == ".spritetheme-state.tsv"
      })
    #expect(resumed == (try Self.snapshot(reference)))
  }

  /// The number of theme files in `themes` (none when it does not exist yet).
  static func themeCount(_ themes: URL) -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: themes.path)) ?? [])
      .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count
  }

  @Test(
    "SIGINT stops a batch cleanly: exit 130, whole files only, no index, and a re-run completes")
  func interruptedRunResumes() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let themes = out.appendingPathComponent("themes")
    // Every sample 20 times under different names, with thumbnails, so the interrupt lands mid-run.
    let inputs = directory.url.appendingPathComponent("in")
    var count = 0
    for round in 0..<20 {
      for url in Self.samples {
        let copy = inputs.appendingPathComponent("\(round)/\(url.lastPathComponent)")
        try FileManager.default.createDirectory(
          at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: url, to: copy)
        count += 1
      }
    }
    let folderArguments = [
      "batch", inputs.path, "--thumbnails", "32,96", "--jobs", "1", "--quiet", "--out", out.path,
    ]
    let first = try await FetchEndToEndTests.runInterrupted(folderArguments, once: themes, holds: 5)
    #expect(first.status == 130, "\(first.stderr)")
    #expect(first.stderr.contains("interrupted after"), "\(first.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
    let written = try FileManager.default.contentsOfDirectory(atPath: themes.path)
    #expect(written.count >= 5 && written.count < count, "\(written.count) themes")
    for name in written {
      #expect(!name.hasPrefix("."), "no temporary file is left: \(name)")
      let data = try Data(contentsOf: themes.appendingPathComponent(name))
      #expect(throws: Never.self, "\(name) is whole") {
        try JSONSerialization.jsonObject(with: data)
      }
    }

    let second = try await BuiltBinary.run(folderArguments)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: themes.path).count == count)
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
  }

  @Test("progress: nothing but the summary when piped; with --progress, lines ending in the totals")
  func progressWhenPiped() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out").path
    let plain = try await BuiltBinary.run(["batch", "samples/sprites", "--out", out])
    #expect(plain.status == 0)
    let total = Self.samples.count
    #expect(plain.stderr == "\(total) themes written to \(out), 0 failed.\n")
    let second = directory.url.appendingPathComponent("second").path
    let forced = try await BuiltBinary.run([
      "batch", "samples/sprites", "--out", second, "--progress",
    ])
    #expect(forced.status == 0)
    let lines = forced.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      !forced.stderr.contains("\r") && !forced.stderr.contains("\u{1B}"),
      "no redraws off a terminal")
    #expect(lines.count >= 3 && lines.last == "", "\(forced.stderr)")
    #expect(lines.dropLast().last == "\(total) themes written to \(second), 0 failed.")
    let last = lines.dropLast(2).last ?? ""
    #expect(last.hasPrefix("[################] \(total)/\(total) sprites, 0 failed, "), "\(last)")
  }

  @Test("a re-run keeps up-to-date sprites; --force and a changed option (--text) redo them")
  func rerunsKeepUpToDateSprites() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out").path
    let arguments = ["batch", "samples/sprites", "--out", out]
    let total = Self.samples.count
    let first = try await BuiltBinary.run(arguments)
    #expect(first.stderr == "\(total) themes written to \(out), 0 failed.\n")
    let again = try await BuiltBinary.run(arguments)
    #expect(
      again.stderr == "\(total) themes written to \(out) (\(total) up to date, kept), 0 failed.\n")
    let forced = try await BuiltBinary.run(arguments + ["--force"])
    #expect(forced.stderr == first.stderr)
    let opaque = try await BuiltBinary.run(arguments + ["--text", "opaque"])
    #expect(opaque.stderr == first.stderr, "the text style is part of what is up to date")
    let index = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("index.json"))
    #expect(String(decoding: index, as: UTF8.self).contains("\"themes/"))
  }

  @Test("another build of the program (a copy, then a touched copy) redoes every sprite")
  func anotherBuildRedoesSprites() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out").path
    let arguments = ["batch", "samples/sprites", "--out", out]
    let total = Self.samples.count
    let written = "\(total) themes written to \(out), 0 failed.\n"
    let kept = "\(total) themes written to \(out) (\(total) up to date, kept), 0 failed.\n"
    #expect(try await BuiltBinary.run(arguments).stderr == written)
    let copy = directory.url.appendingPathComponent("sprite-theme")
    // Written through a close-on-exec descriptor: a child another test spawns meanwhile must not
    // inherit it open for writing, or executing the copy fails with "Text file busy".
    let bytes = try Data(contentsOf: BuiltBinary.url)
    let descriptor = open(copy.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(descriptor >= 0)
    let wrote = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    try #require(wrote == bytes.count)
    #expect(try await BuiltBinary.run(arguments, executable: copy).stderr == written)
    #expect(try await BuiltBinary.run(arguments, executable: copy).stderr == kept)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: copy.path)
    #expect(try await BuiltBinary.run(arguments, executable: copy).stderr == written)
  }

  @Test(
    "usage errors exit 2",
    arguments: [
      ["batch", "samples/sprites"],
      ["batch", "--out", "x"],
      ["batch", "samples/sprites", "--out", "x", "--jobs", "0"],
      ["batch", "samples/sprites", "--out", "x", "--thumbnails", "32,abc"],
      ["batch", "samples/sprites", "--out", "x", "--quiet", "--progress"],
    ])
  func usage(arguments: [String]) async throws {
    #expect(try await BuiltBinary.run(arguments).status == 2)
  }

  @Test("an output directory that cannot be created exits 3")
  func fatalOutput() async throws {
    let directory = try TemporaryDirectory()
    let blocker = directory.url.appendingPathComponent("file")
    try Data([1]).write(to: blocker)
    let result = try await BuiltBinary.run([
      "batch", "samples/sprites", "--out", blocker.appendingPathComponent("out").path,
    ])
    #expect(result.status == 3)
    #expect(result.stderr.contains("cannot write"))
  }
}
