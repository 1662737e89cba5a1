import Foundation
import Testing
import _SpriteTestSupport

/// `sprite-theme export` and `batch --export` run as a user would.
@Suite("End to end: export")
struct ExportEndToEndTests {
  static let sampleThemes = Fixtures.packageRoot.appendingPathComponent("samples/themes")

  @Test("export of a folder of themes writes DIR/<format>/ for each format asked for")
  func exportsFolder() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let result = try await BuiltBinary.run(
      ["export", Self.sampleThemes.path, "--format", "css,android,dtcg", "-o", out.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("from 51 themes, 0 failed."))
    let manager = FileManager.default
    for path in [
      "css/sprites.css", "android/values/colors.xml", "android/values-night/colors.xml",
      "dtcg/sprites.tokens.json", "dtcg/crawl-black-cat.tokens.json",
    ] {
      #expect(manager.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
    }
    #expect(!manager.fileExists(atPath: out.appendingPathComponent("ios").path))
    let css = try String(contentsOf: out.appendingPathComponent("css/sprites.css"), encoding: .utf8)
    #expect(css.components(separatedBy: "\n.sprite-").count - 1 == 51)
  }

  @Test("--progress draws a bar per format's files, ending at its total; piped without it, none")
  func progress() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let arguments = ["export", Self.sampleThemes.path, "--format", "css,dtcg", "-o", out.path]
    let shown = try await BuiltBinary.run(arguments + ["--progress"])
    #expect(shown.status == 0, "\(shown.stderr)")
    let lines = shown.stderr.split(separator: "\n")
    // dtcg: one file per sprite and one for the catalogue.
    #expect(lines.contains { $0.hasPrefix("[################] 52/52 files, dtcg, ") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("[################] 1/1 files, css, ") }, "\(lines)")
    #expect(lines.last?.hasPrefix("53 files (dtcg, css) written to ") == true, "\(lines)")
    let piped = try await BuiltBinary.run(arguments)
    #expect(!piped.stderr.contains("["))
  }

  @Test("an unknown format is a usage error (exit 2) naming it; nothing is written")
  func unknownFormat() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let result = try await BuiltBinary.run(
      ["export", Self.sampleThemes.path, "--format", "css,figma", "-o", out.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("'figma'"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test("an invalid and a missing theme: one line each naming the file, exit 1, the rest exported")
  func badThemes() async throws {
    let directory = try TemporaryDirectory()
    let broken = directory.url.appendingPathComponent("broken.json")
    try Data("[1, 2".utf8).write(to: broken)
    let missing = directory.url.appendingPathComponent("missing.json").path
    let good = Self.sampleThemes.appendingPathComponent("crawl-black-cat.json").path
    let out = directory.url.appendingPathComponent("out")
    let result = try await BuiltBinary.run(
      ["export", broken.path, good, missing, "--format", "scss", "-o", out.path, "--quiet"])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("sprite-theme: error: \(broken.path): ") == true)
    #expect(lines.last?.hasPrefix("sprite-theme: error: \(missing): ") == true)
    let scss = try String(
      contentsOf: out.appendingPathComponent("scss/_sprites.scss"), encoding: .utf8)
    #expect(scss.contains("$sprite-crawl-black-cat: ("))
  }

  @Test("batch --export writes <out>/exports/<format>/ from the run's themes")
  func batchExport() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    let sprites = Fixtures.sampleSpriteFiles().prefix(3).map(\.path)
    let result = try await BuiltBinary.run(
      ["batch"] + sprites + ["--out", out.path, "--export", "css,ios", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let css = try String(
      contentsOf: out.appendingPathComponent("exports/css/sprites.css"), encoding: .utf8)
    for sprite in sprites {
      let name = URL(fileURLWithPath: sprite).deletingPathExtension().lastPathComponent
      #expect(css.contains("\n.sprite-\(name) {\n"))
    }
    #expect(
      FileManager.default.fileExists(
        atPath: out.appendingPathComponent("exports/ios/Sprites.xcassets/Contents.json").path))
    let bad = try await BuiltBinary.run(
      ["batch"] + sprites + ["--out", out.path, "--export", "nope"])
    #expect(bad.status == 2 && bad.stderr.contains("'nope'"))
  }
}
