import Foundation
import SpriteReport
import SystemPackage
import Testing
import _SpriteTestSupport

/// The report rendered in headless Chromium with the network off (`Scripts/check_report.py`):
/// console, card colours, pictures, search by name and path, the hue filter, sort, copying a
/// colour, long names, the light/dark toggle and its memory, the page's contrast and axe-core.
@Suite("Report in headless Chromium", .serialized, .externalTools)
struct ReportBrowserTests {
  @Test("the samples with Material schemes and a broken theme: every check passes")
  func samples() async throws {
    let directory = try TemporaryDirectory()
    var fixture = try ReportFixtures.write(into: directory.url, broken: true)
    try ReportFixtures.rename(&fixture, at: 0, to: ReportFixtures.longName)
    let outcome = try ReportWriter.write(directory: FilePath(fixture.url.path))
    #expect(outcome.sprites == 51)
    #expect(outcome.unreadable.map(\.source) == ["themes/zz-broken.json"])

    let result = try await BrowserCheck.run(
      "check_report.py",
      [
        fixture.url.path, "--query", "cat", "--query", "crawl-red", "--query", "no-such-sprite",
        "--query", "sprites/crawl-gr",
      ])
    #expect(result.status == 0, "\(result.problems)")
    #expect(result.output["sprites"] as? Int == 52)
    #expect((result.output["cardsChecked"] as? Int ?? 0) >= 51)
    let searches = result.output["searches"] as? [String: Int] ?? [:]
    // The long-named black cat is found by its source path.
    #expect(searches["cat"] == 2 && searches["no-such-sprite"] == 0, "\(searches)")
    #expect(searches["sprites/crawl-gr"] == 5, "green amulet, lizard, melon, robe, grey spider")
    let hues = result.output["hues"] as? [String: Int] ?? [:]
    #expect(hues.values.reduce(0, +) == 51 && hues.count == 9, "\(hues)")
    #expect((hues["grey"] ?? 0) > 0 && hues.values.filter { $0 > 0 }.count >= 5, "\(hues)")
    #expect((result.output["copied"] as? Int ?? 0) >= 8, "clicks that copied")
    #expect((result.output["requests"] as? Int ?? 0) > 0, "the performance log was read")
  }

  @Test("the folder moved elsewhere: thumbnails still load, sources outside it are not linked")
  func movedFolder() async throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(
      into: directory.url.appendingPathComponent("first"), count: 12)
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path))
    let moved = directory.url.appendingPathComponent("elsewhere/second")
    try FileManager.default.createDirectory(
      at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: fixture.url, to: moved)

    let result = try await BrowserCheck.run("check_report.py", [moved.path])
    #expect(result.status == 0, "\(result.problems)")
    #expect((result.output["cardsChecked"] as? Int ?? 0) >= 12)
  }

  @Test("--embed-images: index.html alone, without thumbs/ or its other files, shows every picture")
  func embedded() async throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, count: 12)
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path), embedImages: true)
    for file in ["thumbs", "report/data.js", "report/report.css", "report/report.js"] {
      try FileManager.default.removeItem(at: fixture.url.appendingPathComponent(file))
    }
    let result = try await BrowserCheck.run("check_report.py", [fixture.url.path, "--embedded"])
    #expect(result.status == 0, "\(result.problems)")
    #expect((result.output["cardsChecked"] as? Int ?? 0) >= 12)
  }

  @Test("the checks fail on a wrong card colour and on blurred enlarged pictures")
  func checksCanFail() async throws {
    let directory = try TemporaryDirectory()
    var fixture = try ReportFixtures.write(into: directory.url, count: 8)
    try ReportFixtures.rename(&fixture, at: 1, to: ReportFixtures.longName)
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path))
    // The theme changes after the report was written; the page's stylesheet loses `pixelated`.
    let theme = fixture.url.appendingPathComponent("themes/\(fixture.names[0]).json")
    var object = try JSONSerialization.jsonObject(with: Data(contentsOf: theme)) as! [String: Any]
    var card = object["card"] as! [String: Any]
    card["background"] = "#123456"
    object["card"] = card
    try JSONSerialization.data(withJSONObject: object).write(to: theme)
    let css = fixture.url.appendingPathComponent("report/report.css")
    // ... names that no longer wrap, and a pale count that axe-core must catch.
    try String(contentsOf: css, encoding: .utf8).replacingOccurrences(of: "pixelated", with: "auto")
      .replacingOccurrences(of: "overflow-wrap: anywhere", with: "overflow-wrap: normal")
      .replacingOccurrences(of: "#count { color: var(--muted); }", with: "#count { color: #aaa; }")
      .write(to: css, atomically: true, encoding: .utf8)

    let result = try await BrowserCheck.run("check_report.py", [fixture.url.path])
    #expect(result.status == 1)
    #expect(result.problems.contains("\(fixture.names[0]): card background"), "\(result.problems)")
    #expect(result.problems.contains("image-rendering auto"), "\(result.problems)")
    #expect(
      result.problems.contains("\(ReportFixtures.longName): the name does not wrap"),
      "\(result.problems)")
    #expect(result.problems.contains("color-contrast: #count"), "\(result.problems)")
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
