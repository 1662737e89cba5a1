import Foundation
import Testing
import _SpriteTestSupport

/// Runs the built `sprite-theme` binary as a user would.
@Suite("End to end: the built binary")
struct EndToEndTests {
  static let samples = Fixtures.sampleSpriteFiles()

  @Test("the samples folder holds 20 to 60 sprites")
  func samplesExist() {
    #expect((20...60).contains(Self.samples.count), "found \(Self.samples.count) samples")
  }

  @Test("analyze prints a summary for every sample")
  func analyzeEverySample() async throws {
    for url in Self.samples {
      let path = "samples/sprites/" + url.lastPathComponent
      let result = try await BuiltBinary.run(["analyze", path])
      #expect(result.status == 0, "\(path): \(result.stderr)")
      #expect(result.stdout.hasPrefix(path))
      #expect(result.stdout.contains("average") && result.stdout.contains("seed"))
      #expect(!result.stdout.contains("\u{1B}["), "no colour escapes when stdout is not a terminal")
      #expect(result.stderr.isEmpty)
    }
  }

  @Test("analyze --json prints a theme with source, average and seed for every sample")
  func analyzeJSONEverySample() async throws {
    for url in Self.samples {
      let path = "samples/sprites/" + url.lastPathComponent
      let result = try await BuiltBinary.run(["analyze", path, "--json"])
      #expect(result.status == 0, "\(path): \(result.stderr)")
      let object =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let theme = try #require(object)
      #expect(theme["schema"] as? String == "spritetheme/theme@2")
      let source = try #require(theme["source"] as? [String: Any])
      #expect(source["path"] as? String == path)
      #expect((source["sha256"] as? String)?.count == 64)
      let average = try #require(theme["average"] as? [String: Any])
      let seed = try #require(theme["seed"] as? [String: Any])
      #expect(average.keys.sorted() == ["coverage", "encoded", "extent", "hex", "linear"])
      #expect(seed.keys.sorted() == ["coverage", "extent", "hex", "premultiplied"])
      if let hex = average["hex"] as? String {
        #expect(hex == (average["linear"] as? [String: Any])?["hex"] as? String)
      } else {
        #expect(average["coverage"] as? Double == 0)
      }
    }
  }

  @Test("--text opaque gives full-strength white or black text; the default, translucent text")
  func textStyles() async throws {
    let path = "samples/sprites/" + (try #require(Self.samples.first)).lastPathComponent
    func texts(_ arguments: [String]) async throws -> [String] {
      let result = try await BuiltBinary.run(["analyze", path, "--json"] + arguments)
      #expect(result.status == 0, "\(result.stderr)")
      let theme = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let swatches = try #require(theme["swatches"] as? [String: Any])
      var hexes: [String] = []
      for name in swatches.keys.sorted() {
        guard let swatch = swatches[name] as? [String: Any] else { continue }
        for key in ["titleText", "bodyText"] {
          hexes += [try #require((swatch[key] as? [String: Any])?["hex"] as? String)]
        }
      }
      return hexes
    }
    let opaque = try await texts(["--text", "opaque"])
    #expect(
      !opaque.isEmpty && opaque.allSatisfy { ["#ffffff", "#000000"].contains($0) }, "\(opaque)")
    let minimum = try await texts([])
    #expect(minimum.count == opaque.count && minimum.allSatisfy { $0.count == 9 }, "\(minimum)")
    #expect(try await texts(["--text", "minimum"]) == minimum)
  }

  @Test("a corrupt file exits 1 with one line naming the file and the reason")
  func corruptFile() async throws {
    let directory = try TemporaryDirectory()
    let bad = directory.url.appendingPathComponent("broken.png")
    var bytes = try Fixtures.bytes(of: try #require(Self.samples.first))
    bytes.removeLast(bytes.count / 2)
    try Data(bytes).write(to: bad)
    let result = try await BuiltBinary.run(["analyze", bad.path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(result.stderr.contains(bad.path))
    #expect(result.stderr.hasPrefix("sprite-theme: error: "))
  }

  @Test("a non-PNG and a missing file exit 1 and say why")
  func notPNGAndMissing() async throws {
    let directory = try TemporaryDirectory()
    let text = directory.url.appendingPathComponent("notes.png")
    try Data("hello, world\n".utf8).write(to: text)
    let notPNG = try await BuiltBinary.run(["analyze", text.path])
    #expect(notPNG.status == 1)
    #expect(notPNG.stderr.contains("not a PNG"))
    let missing = try await BuiltBinary.run([
      "analyze", directory.url.appendingPathComponent("nope.png").path,
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("No such file or directory"))
  }

  @Test("a usage error exits 2")
  func usageError() async throws {
    let result = try await BuiltBinary.run(["analyze", "x.png", "--extent", "middle"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--extent"))
    #expect(try await BuiltBinary.run(["--help"]).status == 0)
  }

  @Test("thumbnail writes a PNG whose longest side is the size asked for")
  func thumbnail() async throws {
    let directory = try TemporaryDirectory()
    for url in Self.samples.prefix(5) {
      let out = directory.url.appendingPathComponent(url.lastPathComponent)
      let result = try await BuiltBinary.run([
        "thumbnail", url.path, "--size", "64", "-o", out.path,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      let header = try PNGHeader(bytes: Fixtures.bytes(of: out))
      let source = try PNGHeader(bytes: Fixtures.bytes(of: url))
      // Upscales use whole factors, so the longest side is the largest multiple that fits.
      let longest = max(source.width, source.height)
      let expected = longest >= 64 ? 64 : (64 / longest) * longest
      #expect(max(header.width, header.height) == expected)
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(leftovers.allSatisfy { $0.hasSuffix(".png") && !$0.hasPrefix(".") })
  }

  @Test("thumbnail into a folder that does not exist exits 3 and leaves nothing behind")
  func thumbnailUnwritable() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("missing/t.png")
    let sample = try #require(Self.samples.first)
    let result = try await BuiltBinary.run([
      "thumbnail", sample.path, "--size", "16", "-o", out.path,
    ])
    #expect(result.status == 3)
    #expect(result.stderr.contains(out.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
  }
}

/// The width and height from a PNG's IHDR chunk.
struct PNGHeader {
  var width: Int
  var height: Int

  init(bytes: [UInt8]) throws {
    guard bytes.count >= 24, bytes[12...15].elementsEqual(Array("IHDR".utf8)) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
    width = be32(16)
    height = be32(20)
  }
}
