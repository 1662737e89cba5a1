import Testing
import _SpriteTestSupport

@testable import sprite_theme

@Suite("Help text")
struct HelpTests {
  /// Every command's table with the name of its golden file.
  static let commands: [(String, CommandSpec)] = [
    ("root", SpriteThemeCommand.spec),
    ("analyze", Analyze.spec),
    ("batch", Batch.spec),
    ("fetch", Fetch.spec),
    ("thumbnail", ThumbnailCommand.spec),
  ]

  @Test("each command's help matches its golden file", arguments: commands)
  func helpMatchesGolden(name: String, command: CommandSpec) {
    let help = HelpRenderer.help(for: command, columns: 100)
    Golden.assertMatches(help + "\n", named: "help-\(name).txt")
  }

  @Test("help names every extent form and the exit codes")
  func helpExplainsItself() {
    let analyze = HelpRenderer.help(for: Analyze.spec, columns: 100)
    for form in ["centre", "seed", "full", "ci:X,Y,W,H"] { #expect(analyze.contains(form)) }
    let root = HelpRenderer.help(for: SpriteThemeCommand.spec, columns: 100)
    #expect(root.contains("Exit codes"))
    #expect(root.contains("analyze") && root.contains("batch") && root.contains("thumbnail"))
  }

  @Test("help lists every row of the command's table, with its default", arguments: commands)
  func helpListsTheTable(name: String, command: CommandSpec) {
    let help = HelpRenderer.help(for: command, columns: 200)
    for argument in command.allArguments {
      #expect(help.contains("  \(argument.helpLabel)  "), "\(name): \(argument.helpLabel)")
      #expect(help.contains(HelpRenderer.description(of: argument)), "\(name): \(argument.name)")
    }
    for subcommand in command.subcommands { #expect(help.contains("  \(subcommand.name)  ")) }
  }

  @Test("help wraps its paragraphs and lists to the width asked for", arguments: [40, 61, 80, 132])
  func helpWraps(columns: Int) {
    for (name, command) in Self.commands {
      let lines = HelpRenderer.help(for: command, columns: columns).split(separator: "\n")
      // The usage line and the closing pointer are never wrapped (nor were they by ArgumentParser).
      for line in lines where !line.hasPrefix("USAGE: ") && !line.hasPrefix("  See '") {
        let longestWord = line.split(separator: " ").map(\.count).max() ?? 0
        #expect(
          line.count <= columns || longestWord + HelpRenderer.descriptionColumn >= columns,
          "\(name) at \(columns): '\(line)'")
      }
    }
  }

  @Test("wrapping breaks at spaces, keeps the text's own line breaks, indents non-empty lines")
  func wrappingRule() {
    #expect("aaa bbb ccc".wrapped(to: 8) == "aaa bbb\nccc")
    #expect("aaa bbb ccc".wrapped(to: 6) == "aaa\nbbb\nccc")
    #expect("aaa bbb ccc".wrapped(to: 7) == "aaa\nbbb ccc", "the last line may fill the width")
    #expect("one\n\ntwo".wrapped(to: 80, indent: 2) == "  one\n\n  two")
    #expect("averyveryverylongword next".wrapped(to: 5) == "averyveryverylongword\nnext")
  }

  @Test("help batch and batch --help print the same text: the golden, on standard output")
  func helpSubcommandMatchesHelpFlag() async throws {
    let environment = ["COLUMNS": "100"]
    let viaHelp = try await BuiltBinary.run(["help", "batch"], environment: environment)
    let viaFlag = try await BuiltBinary.run(["batch", "--help"], environment: environment)
    let viaShortFlag = try await BuiltBinary.run(["batch", "-h"], environment: environment)
    #expect(viaHelp.status == 0 && viaFlag.status == 0 && viaShortFlag.status == 0)
    #expect(viaHelp.stdout == viaFlag.stdout && viaFlag.stdout == viaShortFlag.stdout)
    #expect(viaHelp.stdout == HelpRenderer.help(for: Batch.spec, columns: 100) + "\n")
    #expect(viaHelp.stderr.isEmpty && viaFlag.stderr.isEmpty)
  }

  @Test("--version prints the version on standard output, at the root and after a subcommand")
  func version() async throws {
    for arguments in [["--version"], ["fetch", "--version"]] {
      let result = try await BuiltBinary.run(arguments)
      #expect(result.status == 0)
      #expect(result.stdout == SpriteThemeVersion.current + "\n")
    }
  }
}
