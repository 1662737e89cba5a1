import ArgumentParser
import SpriteCore
import Testing

@testable import sprite_theme

@Suite("Command-line parsing")
struct ParsingTests {
  @Test("analyze takes a file, --json and every extent spelling")
  func analyzeParses() throws {
    let command = try SpriteThemeCommand.parseAsRoot(["analyze", "a.png", "--json", "--extent", "ci:1,2,3,4"])
    let analyze = try #require(command as? Analyze)
    #expect(analyze.file == "a.png")
    #expect(analyze.json)
    #expect(analyze.analysis.extent == .coreImage(x: 1, y: 2, width: 3, height: 4))
    let plain = try #require(try SpriteThemeCommand.parseAsRoot(["analyze", "b.png"]) as? Analyze)
    #expect(!plain.json)
    #expect(plain.analysis.extent == .centre)
  }

  @Test("usage errors are rejected", arguments: [
    ["analyze"],
    ["analyze", "a.png", "--extent", "middle"],
    ["analyze", "a.png", "--max-pixels", "0"],
    ["analyze", "a.png", "--bogus"],
    ["thumbnail", "a.png", "--size", "32"],
    ["thumbnail", "a.png", "--size", "0", "-o", "t.png"],
    ["thumbnail", "a.png", "--size", "99999", "-o", "t.png"],
    ["thumbnail", "a.png", "--size", "32", "--filter", "bicubic", "-o", "t.png"],
    ["paint", "a.png"],
  ])
  func rejects(arguments: [String]) {
    #expect(throws: (any Error).self) { try SpriteThemeCommand.parseAsRoot(arguments) }
  }

  @Test("usage errors map to ArgumentParser's validation failure, which the binary turns into 2")
  func usageExitCode() {
    do {
      _ = try SpriteThemeCommand.parseAsRoot(["thumbnail", "a.png", "--size", "0", "-o", "t.png"])
      Issue.record("expected a validation error")
    } catch {
      #expect(SpriteThemeCommand.exitCode(for: error) == .validationFailure)
    }
  }

  @Test("thumbnail takes a size, an optional filter and an output")
  func thumbnailParses() throws {
    let command = try SpriteThemeCommand.parseAsRoot([
      "thumbnail", "a.png", "--size", "96", "--filter", "lanczos3", "-o", "t.png",
    ])
    let thumbnail = try #require(command as? ThumbnailCommand)
    #expect(thumbnail.size == 96)
    #expect(thumbnail.filter == .lanczos3)
    #expect(thumbnail.output == "t.png")
    let automatic = try #require(
      try SpriteThemeCommand.parseAsRoot(["thumbnail", "a.png", "--size", "8", "--output", "o.png"])
        as? ThumbnailCommand)
    #expect(automatic.filter == nil)
  }
}
