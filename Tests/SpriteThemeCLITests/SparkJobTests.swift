import Foundation
import Testing
import _SpriteTestSupport

/// `examples/spark/sprite_themes.py` in Spark's `local[2]` on the samples: its JSON lines must
/// be the stream's (`batch --jsonl -`) document for document (SPEC section 14). PySpark goes into
/// a throwaway venv and Java is installed when missing (`Scripts/with-spark.sh`); without Java
/// and no way to install it, the test fails naming the package.
@Suite("Spark job", .serialized, .externalTools)
struct SparkJobTests {
  /// The scripts' folder.
  static let scripts = Fixtures.packageRoot.appendingPathComponent(
    "Tests/SpriteThemeCLITests/Scripts")

  /// One venv per test process, in its scratch folder (removed when the process exits).
  static let venv = Scratch.path("spark-venv")

  /// Runs `script` (a path) under `with-spark.sh` with `arguments`.
  static func withSpark(_ script: String, _ arguments: [String]) async throws -> BuiltBinary.Result
  {
    try await BuiltBinary.run(
      [scripts.appendingPathComponent("with-spark.sh").path, venv.path, script] + arguments,
      executable: URL(fileURLWithPath: "/bin/bash"))
  }

  /// The key documents are compared by: a theme's `source.path`, an error line's `input`.
  static func key(_ document: [String: Any]) -> String {
    if let input = document["input"] as? String, document["error"] != nil { return input }
    return ((document["source"] as? [String: Any])?["path"] as? String) ?? ""
  }

  /// The JSON objects of `text`, one per non-empty line.
  static func documents(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  // The limit only catches a hang: on a busy machine, installing PySpark and running the job
  // beside the other suites took 18 minutes.
  @Test(
    "local[2] on the samples writes the stream's JSON lines as part-* files, and Parquet",
    .timeLimit(.minutes(30)))
  func sparkEqualsStream() async throws {
    let directory = try TemporaryDirectory()
    let inputs =
      Fixtures.sampleSpriteFiles().map(\.path)
      + [directory.url.appendingPathComponent("missing.png").path]
    try #require(inputs.count == 52)
    let list = directory.url.appendingPathComponent("list.txt")
    try Data(inputs.map { $0 + "\n" }.joined().utf8).write(to: list)
    let out = directory.url.appendingPathComponent("out")

    let job = try await Self.withSpark(
      Fixtures.packageRoot.appendingPathComponent("examples/spark/sprite_themes.py").path,
      ["--input", list.path, "--output", out.path, "--binary", BuiltBinary.url.path, "--parquet"])
    try #require(job.status == 0, "the Spark job failed:\n\(job.stderr.suffix(4000))")

    let stream = try await BuiltBinary.run(
      ["batch", "--jsonl", "-", "--quiet"], standardInput: list)
    #expect(stream.status == 1, "one input is missing: \(stream.stderr)")
    let expected = try Self.documents(stream.stdout)
    #expect(expected.count == inputs.count)

    let parts = try FileManager.default.contentsOfDirectory(atPath: out.path)
      .filter { $0.hasPrefix("part-") }.sorted()
    #expect(parts.count >= 2, "local[2] spreads the list over partitions: \(parts)")
    let text = try parts.map {
      try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8)
    }
    .joined()
    let got = try Self.documents(text)
    #expect(got.map(Self.key) == inputs, "part files in order hold the inputs in order")
    let sortedGot = got.sorted { Self.key($0) < Self.key($1) }
    let sortedExpected = expected.sorted { Self.key($0) < Self.key($1) }
    #expect(sortedGot.count == sortedExpected.count)
    for (a, b) in zip(sortedGot, sortedExpected) where !(a as NSDictionary).isEqual(to: b) {
      Issue.record("\(Self.key(a)): the Spark job's document differs from the stream's")
    }
    #expect(got.contains { $0["error"] != nil && Self.key($0).hasSuffix("missing.png") })

    let parquet = try await Self.withSpark(
      Self.scripts.appendingPathComponent("read_parquet.py").path,
      [out.appendingPathComponent("parquet").path])
    try #require(parquet.status == 0, "reading the Parquet failed:\n\(parquet.stderr.suffix(4000))")
    let rows = try Self.documents(parquet.stdout)
    #expect(Set(rows.map(Self.key)) == Set(inputs))
    #expect(rows.count == inputs.count)
    let averages = Dictionary(
      uniqueKeysWithValues: expected.map {
        (Self.key($0), ($0["average"] as? [String: Any])?["hex"] as? String)
      })
    for row in rows where row["error"] == nil {
      #expect(
        ((row["average"] as? [String: Any])?["hex"] as? String) == averages[Self.key(row)] ?? nil)
    }
  }
}
