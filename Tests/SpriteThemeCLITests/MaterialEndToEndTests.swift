import Foundation
import Testing
import _SpriteTestSupport

/// `batch --variant/--contrast` and `analyze --variant/--contrast` run as a user would.
@Suite("End to end: Material options")
struct MaterialEndToEndTests {
  /// The `material` block of every theme under `out`, by file name.
  static func materials(_ out: URL) throws -> [String: [String: Any]] {
    let themes = out.appendingPathComponent("themes")
    var result: [String: [String: Any]] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: themes.path) {
      let data = try Data(contentsOf: themes.appendingPathComponent(file))
      let theme = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      result[file] = try #require(theme["material"] as? [String: Any])
    }
    return result
  }

  @Test(
    "a re-run with another variant or contrast rewrites every theme; the same options keep them")
  func rerunWithAnotherVariant() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = Array(Fixtures.sampleSpriteFiles().prefix(3)).map(\.path)
    let first = try await BuiltBinary.run(["batch"] + inputs + ["--out", out.path, "--quiet"])
    #expect(first.status == 0, "\(first.stderr)")
    let plain = try BatchEndToEndTests.snapshot(out)
    // Without --variant: tonal spot, monochrome for a grey sprite (the black cat).
    let variants = try Self.materials(out).mapValues { $0["variant"] as? String }
    #expect(variants.values.allSatisfy { $0 == "tonalSpot" || $0 == "monochrome" })
    #expect(variants.values.contains("tonalSpot"))

    let same = try await BuiltBinary.run(["batch"] + inputs + ["--out", out.path, "--quiet"])
    #expect(same.status == 0)
    #expect(try BatchEndToEndTests.snapshot(out) == plain)

    let vibrant = try await BuiltBinary.run(
      ["batch"] + inputs + ["--out", out.path, "--quiet", "--variant", "vibrant", "--contrast=0.5"])
    #expect(vibrant.status == 0, "\(vibrant.stderr)")
    let materials = try Self.materials(out)
    #expect(materials.count == 3)
    for (file, material) in materials {
      #expect(material["variant"] as? String == "vibrant", "\(file)")
      #expect(material["contrastLevel"] as? Double == 0.5, "\(file)")
    }
    let index = try Data(contentsOf: out.appendingPathComponent("index.json"))
    Schemas.expectValid(index, against: Schemas.index, "index")
    for file in materials.keys {
      let theme = try Data(contentsOf: out.appendingPathComponent("themes/" + file))
      Schemas.expectValid(theme, against: Schemas.theme, file)
    }

    // Back to the defaults: the first run's bytes again.
    _ = try await BuiltBinary.run(["batch"] + inputs + ["--out", out.path, "--quiet"])
    #expect(
      try BatchEndToEndTests.snapshot(out).filter { !$0.key.hasPrefix(".") }
        == plain.filter { !$0.key.hasPrefix(".") })
  }

  @Test("analyze --json writes the variant and contrast asked for; a bad level exits 2")
  func analyze() async throws {
    let sample = try #require(Fixtures.sampleSpriteFiles().first).path
    let result = try await BuiltBinary.run(
      ["analyze", sample, "--json", "--variant", "monochrome", "--contrast", "1"])
    #expect(result.status == 0)
    let theme = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let material = try #require(theme["material"] as? [String: Any])
    #expect(material["variant"] as? String == "monochrome")
    #expect(material["contrastLevel"] as? Double == 1)
    let bad = try await BuiltBinary.run(["analyze", sample, "--contrast", "1.01"])
    #expect(bad.status == 2 && bad.stdout.isEmpty)
    #expect(bad.stderr.hasPrefix("Error: --contrast must be between -1 and 1, not 1.01.\n"))
  }

  @Test("a grey sample gets monochrome unless --variant is given; a colourful one tonalSpot")
  func greySample() async throws {
    let samples = Fixtures.packageRoot.appendingPathComponent("samples/sprites")
    func material(_ file: String, _ options: [String]) async throws -> [String: Any] {
      let path = samples.appendingPathComponent(file).path
      let result = try await BuiltBinary.run(["analyze", path, "--json"] + options)
      #expect(result.status == 0, "\(result.stderr)")
      Schemas.expectValid(Data(result.stdout.utf8), against: Schemas.theme, file)
      let theme = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      return try #require(theme["material"] as? [String: Any])
    }
    let skull = try await material("made-grey-1bit-skull.png", [])
    #expect(skull["variant"] as? String == "monochrome")
    #expect(skull["spec"] as? String == "2021")
    let asked = try await material("made-grey-1bit-skull.png", ["--variant", "tonalSpot"])
    #expect(asked["variant"] as? String == "tonalSpot")
    let dragon = try await material("crawl-blue-dragon.png", [])
    #expect(dragon["variant"] as? String == "tonalSpot")
  }

  @Test("--spec 2025 writes spec 2025 with the dim roles, and a re-run with it rewrites themes")
  func spec2025() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let inputs = Array(Fixtures.sampleSpriteFiles().prefix(2)).map(\.path)
    let first = try await BuiltBinary.run(["batch"] + inputs + ["--out", out.path, "--quiet"])
    #expect(first.status == 0, "\(first.stderr)")
    let plain = try BatchEndToEndTests.snapshot(out)
    let again = try await BuiltBinary.run(
      ["batch"] + inputs + ["--out", out.path, "--quiet", "--spec", "2025"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try BatchEndToEndTests.snapshot(out) != plain)
    for (file, material) in try Self.materials(out) {
      #expect(material["spec"] as? String == "2025", "\(file)")
      let schemes = try #require(material["schemes"] as? [String: [String: String]])
      for roles in schemes.values {
        #expect(roles.count == 53, "\(file)")
        #expect(roles["primaryDim"] != nil && roles["errorDim"] != nil, "\(file)")
      }
      let theme = try Data(contentsOf: out.appendingPathComponent("themes/" + file))
      Schemas.expectValid(theme, against: Schemas.theme, file)
    }
    let bad = try await BuiltBinary.run(["scheme", "--source", "123456", "--spec", "2024"])
    #expect(bad.status == 2)
  }
}
