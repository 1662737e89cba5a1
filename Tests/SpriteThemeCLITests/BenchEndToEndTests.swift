import Foundation
import Testing
import _SpriteTestSupport

/// `sprite-theme bench` run as a user would.
@Suite("End to end: bench")
struct BenchEndToEndTests {
  /// The stages of SPEC section 13, as `--json` names them.
  static let stages = ["read", "decode", "average", "palette", "material", "encode", "write"]

  @Test("bench --json: every stage timed, stages adding up to the run, the floor, nothing left")
  func jsonReport() async throws {
    let scratch = try TemporaryDirectory()
    let result = try await BuiltBinary.run(
      ["bench", "samples/sprites", "--jobs", "1", "--repeat", "2", "--json", "--thumbnails", "32"],
      environment: ["TMPDIR": scratch.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let report = try #require(object)
    let files = Fixtures.sampleSpriteFiles().count
    #expect(report["files"] as? Int == files)
    #expect(report["sprites"] as? Int == 2 * files)
    #expect(report["jobs"] as? Int == 1)
    #expect(report["decodeFloorSprites"] as? Int == 2 * files)
    #expect((report["decodeFloorSeconds"] as? Double ?? 0) > 0)
    let stages = try #require(report["stages"] as? [String: Double])
    #expect(stages.keys.sorted() == Self.stages.sorted())
    for stage in Self.stages { #expect((stages[stage] ?? 0) > 0, "\(stage)") }
    // One job: the stages are the run but for the loop around them.
    let seconds = try #require(report["seconds"] as? Double)
    let sum = stages.values.reduce(0, +)
    #expect(sum <= seconds && sum >= 0.8 * seconds, "stages \(sum) s, run \(seconds) s")
    let rate = try #require(report["spritesPerSecond"] as? Double)
    #expect(abs(rate - Double(2 * files) / seconds) < 1e-6 * rate)
    let perSprite = try #require(report["perSprite"] as? [String: Double])
    #expect(perSprite["p50"]! > 0 && perSprite["p50"]! <= perSprite["p95"]!)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
  }

  @Test("the table names every stage; a corrupt input is named, left out and exits 1")
  func tableAndFailure() async throws {
    let directory = try TemporaryDirectory()
    let broken = directory.url.appendingPathComponent("broken.png")
    try Data("not a png".utf8).write(to: broken)
    let good = Fixtures.sampleSpriteFiles()[0].path
    let result = try await BuiltBinary.run(["bench", good, broken.path, "--jobs", "2"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("sprite-theme: error: \(broken.path): "), "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("2 sprites x 1 on 2 jobs: 1 runs in ") == true)
    for title in [
      "read", "decode", "average", "palette and swatches", "material", "encode", "write",
    ] {
      #expect(lines.contains { $0.hasPrefix(title + " ") }, "\(title)")
    }
    #expect(lines.allSatisfy { $0.count <= 80 })
  }

  @Test(
    "usage errors exit 2",
    arguments: [
      ["bench", "samples/sprites", "--repeat", "0"], ["bench", "samples/sprites", "--jobs", "0"],
      ["bench"],
    ])
  func usageErrors(arguments: [String]) async throws {
    #expect(try await BuiltBinary.run(arguments).status == 2)
  }
}
