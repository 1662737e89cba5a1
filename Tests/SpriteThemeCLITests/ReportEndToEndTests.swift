import Foundation
import Testing
import _SpriteTestSupport

/// `sprite-theme report` and `batch --report` run as a user would.
@Suite("End to end: report")
struct ReportEndToEndTests {
  /// Runs `batch` on the first `count` samples with thumbnails into `out`.
  static func batch(into out: URL, count: Int = 6, extra: [String] = []) async throws
    -> BuiltBinary.Result
  {
    let inputs = Fixtures.sampleSpriteFiles().prefix(count).map(\.path)
    return try await BuiltBinary.run(
      ["batch"] + inputs + ["--out", out.path, "--thumbnails", "32,96", "--quiet"] + extra)
  }

  @Test("batch --report writes the page and its assets; pictures are the largest thumbnails")
  func batchReport() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let result = try await Self.batch(into: out, extra: ["--report"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let report = out.appendingPathComponent("report")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: report.path).sorted()
        == ["data.js", "index.html", "report.css", "report.js"])
    let text = try String(contentsOf: report.appendingPathComponent("data.js"), encoding: .utf8)
    for url in Fixtures.sampleSpriteFiles().prefix(6) {
      let name = url.deletingPathExtension().lastPathComponent
      #expect(text.contains("\"image\":\"../thumbs/\(name)-96.png\""), "\(name)")
    }
  }

  @Test("report --embed-images puts the pictures in the page; batch needs --report for it")
  func embedImages() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    #expect(try await Self.batch(into: out, count: 2).status == 0)
    let result = try await BuiltBinary.run(["report", out.path, "--embed-images", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let page = try String(
      contentsOf: out.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(page.components(separatedBy: "\"image\":\"data:image/png;base64,").count == 3)
    let refused = try await Self.batch(
      into: directory.url.appendingPathComponent("other"), count: 1, extra: ["--embed-images"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--embed-images needs --report."), "\(refused.stderr)")
  }

  @Test("report on a folder that is not an output directory: one line naming it, exit 2")
  func notAnOutputDirectory() async throws {
    let directory = try TemporaryDirectory()
    let result = try await BuiltBinary.run(["report", directory.url.path])
    #expect(result.status == 2)
    #expect(
      result.stderr.split(separator: "\n").first
        == "Error: \(directory.url.path): not an output directory of batch or fetch (no readable index.json)"
    )
    #expect(
      !FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("report").path))
  }

  @Test("report with an unreadable theme: the page shows the others, the theme named, exit 1")
  func unreadableTheme() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    #expect(try await Self.batch(into: out, count: 3).status == 0)
    let name = Fixtures.sampleSpriteFiles()[1].deletingPathExtension().lastPathComponent
    try Data("[]".utf8).write(to: out.appendingPathComponent("themes/\(name).json"))
    let result = try await BuiltBinary.run(["report", out.path])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(
      lines.first?.hasPrefix("sprite-theme: error: themes/\(name).json: not a theme file") == true)
    #expect(
      lines.last
        == "Report of 2 sprites written to \(out.path)/report/index.html, 1 theme unreadable.")
    #expect(
      FileManager.default.fileExists(atPath: out.appendingPathComponent("report/index.html").path))
  }

  @Test("report where the report folder cannot be made: exit 3")
  func notWritable() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    #expect(try await Self.batch(into: out, count: 1).status == 0)
    try Data().write(to: out.appendingPathComponent("report"))
    let result = try await BuiltBinary.run(["report", out.path])
    #expect(result.status == 3)
    #expect(
      result.stderr
        == "sprite-theme: error: \(out.path)/report: cannot write the report (cannot create the folder)\n"
    )
  }
}
