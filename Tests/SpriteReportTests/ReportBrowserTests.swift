import Foundation
import SpriteReport
import SystemPackage
import Testing
import _SpriteTestSupport

/// The report rendered in headless Chromium with the network off (`Scripts/check_report.py`):
/// console, card colours, pictures, search, sort, the light/dark toggle and the page's contrast.
@Suite("Report in headless Chromium", .serialized, .externalTools)
struct ReportBrowserTests {
  @Test("the samples with Material schemes and a broken theme: every check passes")
  func samples() async throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, broken: true)
    let outcome = try ReportWriter.write(directory: FilePath(fixture.url.path))
    #expect(outcome.sprites == 51)
    #expect(outcome.unreadable.map(\.source) == ["themes/zz-broken.json"])

    let result = try await BrowserCheck.run(
      "check_report.py",
      [fixture.url.path, "--query", "cat", "--query", "crawl-red", "--query", "no-such-sprite"])
    #expect(result.status == 0, "\(result.problems)")
    #expect(result.output["sprites"] as? Int == 52)
    #expect((result.output["cardsChecked"] as? Int ?? 0) >= 51)
    let searches = result.output["searches"] as? [String: Int] ?? [:]
    #expect(searches["cat"] == 2 && searches["no-such-sprite"] == 0, "\(searches)")
    #expect((result.output["requests"] as? Int ?? 0) > 0, "the performance log was read")
  }

  @Test("the checks fail on a wrong card colour and on blurred enlarged pictures")
  func checksCanFail() async throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, count: 8)
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path))
    // The theme changes after the report was written; the page's stylesheet loses `pixelated`.
    let theme = fixture.url.appendingPathComponent("themes/\(fixture.names[0]).json")
    var object = try JSONSerialization.jsonObject(with: Data(contentsOf: theme)) as! [String: Any]
    var card = object["card"] as! [String: Any]
    card["background"] = "#123456"
    object["card"] = card
    try JSONSerialization.data(withJSONObject: object).write(to: theme)
    let css = fixture.url.appendingPathComponent("report/report.css")
    try String(contentsOf: css, encoding: .utf8).replacingOccurrences(of: "pixelated", with: "auto")
      .write(to: css, atomically: true, encoding: .utf8)

    let result = try await BrowserCheck.run("check_report.py", [fixture.url.path])
    #expect(result.status == 1)
    #expect(result.problems.contains("\(fixture.names[0]): card background"), "\(result.problems)")
    #expect(result.problems.contains("image-rendering auto"), "\(result.problems)")
  }

  @Test("5,000 sprites: a virtual grid, first cards drawn, search and toggle still right")
  func fiveThousand() async throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, count: 5_000)
    let outcome = try ReportWriter.write(directory: FilePath(fixture.url.path))
    #expect(outcome.sprites == 5_000 && outcome.unreadable.isEmpty)

    let result = try await BrowserCheck.run(
      "check_report.py", [fixture.url.path, "--query", "s04321", "--query", "black-cat"])
    #expect(result.status == 0, "\(result.problems)")
    #expect(result.output["sprites"] as? Int == 5_000)
    #expect((result.output["mostCardsInDocument"] as? Int ?? .max) <= 120)
    let searches = result.output["searches"] as? [String: Int] ?? [:]
    #expect(searches["s04321"] == 1 && searches["black-cat"] == 5_000 / 51 + 1, "\(searches)")
    // Recorded in Benchmarks/README.md; never asserted (no timed tests).
    print(
      "report of 5,000 sprites: first cards at \(result.output["firstCardsMs"] ?? "?") ms after "
        + "navigation, ready after \(result.output["readyWallMs"] ?? "?") ms (wall)")
  }
}
