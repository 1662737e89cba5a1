import ArgumentParser
import Testing
import _SpriteTestSupport

@testable import sprite_theme

@Suite("Help text")
struct HelpTests {
  @Test("each command's help matches its golden file", arguments: [
    ("root", SpriteThemeCommand.self as any ParsableCommand.Type),
    ("analyze", Analyze.self),
    ("batch", Batch.self),
    ("fetch", Fetch.self),
    ("thumbnail", ThumbnailCommand.self),
  ])
  func helpMatchesGolden(name: String, command: any ParsableCommand.Type) {
    let help = SpriteThemeCommand.helpMessage(for: command, columns: 100)
    Golden.assertMatches(help + "\n", named: "help-\(name).txt")
  }

  @Test("help names every extent form and the exit codes")
  func helpExplainsItself() {
    let analyze = SpriteThemeCommand.helpMessage(for: Analyze.self, columns: 100)
    for form in ["centre", "seed", "full", "ci:X,Y,W,H"] { #expect(analyze.contains(form)) }
    let root = SpriteThemeCommand.helpMessage(columns: 100)
    #expect(root.contains("Exit codes"))
    #expect(root.contains("analyze") && root.contains("batch") && root.contains("thumbnail"))
  }
}
