import ArgumentParser
import Foundation
import Testing
import _SpriteTestSupport

@testable import sprite_theme

@Suite("Help text, version and completions")
struct HelpTests {
  /// Every command with the name of its golden file.
  static let commands: [(String, any ParsableCommand.Type)] = [
    ("root", SpriteThemeCommand.self),
    ("analyze", Analyze.self),
    ("batch", Batch.self),
    ("fetch", Fetch.self),
    ("scheme", SchemeCommand.self),
    ("thumbnail", ThumbnailCommand.self),
    ("export", Export.self),
    ("report", Report.self),
    ("bench", Bench.self),
    ("merge", Merge.self),
  ]

  /// The help of `command` as the program prints it, wrapped to `columns`.
  static func help(_ command: any ParsableCommand.Type, columns: Int) -> String {
    SpriteThemeCommand.helpMessage(for: command, columns: columns)
  }

  @Test("each command's help matches its golden file", arguments: commands)
  func helpMatchesGolden(name: String, command: any ParsableCommand.Type) {
    Golden.assertMatches(Self.help(command, columns: 100) + "\n", named: "help-\(name).txt")
  }

  @Test("help names every extent form, the exit codes and every subcommand")
  func helpExplainsItself() {
    let analyze = Self.help(Analyze.self, columns: 100)
    for form in ["centre", "seed", "full", "ci:X,Y,W,H"] { #expect(analyze.contains(form)) }
    let root = Self.help(SpriteThemeCommand.self, columns: 100)
    #expect(root.contains("Exit codes"))
    for name in [
      "analyze", "batch", "fetch", "scheme", "thumbnail", "export", "report", "bench", "merge",
    ] {
      #expect(root.contains("  \(name)  "))
    }
    for (name, command) in Self.commands.dropFirst() {
      #expect(Self.help(command, columns: 100).contains("USAGE: sprite-theme \(name) "))
    }
  }

  @Test("help wraps its paragraphs and lists to the width asked for", arguments: [40, 61, 80, 132])
  func helpWraps(columns: Int) {
    for (name, command) in Self.commands {
      let lines = Self.help(command, columns: columns).split(separator: "\n")
      // The usage line and the closing pointer are never wrapped.
      for line in lines where !line.hasPrefix("USAGE: ") && !line.hasPrefix("  See '") {
        let longestWord = line.split(separator: " ").map(\.count).max() ?? 0
        #expect(
          line.count <= columns || longestWord + 26 >= columns, "\(name) at \(columns): '\(line)'")
      }
    }
  }

  @Test("help batch and batch --help print the same text: the golden, on standard output")
  func helpSubcommandMatchesHelpFlag() async throws {
    let environment = ["COLUMNS": "100"]
    let viaHelp = try await BuiltBinary.run(["help", "batch"], environment: environment)
    let viaFlag = try await BuiltBinary.run(["batch", "--help"], environment: environment)
    let viaShortFlag = try await BuiltBinary.run(["batch", "-h"], environment: environment)
    #expect(viaHelp.status == 0 && viaFlag.status == 0 && viaShortFlag.status == 0)
    #expect(viaHelp.stdout == viaFlag.stdout && viaFlag.stdout == viaShortFlag.stdout)
    #expect(viaHelp.stdout == Self.help(Batch.self, columns: 100) + "\n")
    #expect(viaHelp.stderr.isEmpty && viaFlag.stderr.isEmpty)
  }

  @Test("--version prints the version on standard output, at the root and after a subcommand")
  func version() async throws {
    for arguments in [["--version"], ["fetch", "--version"]] {
      let result = try await BuiltBinary.run(arguments)
      #expect(result.status == 0)
      #expect(result.stdout == SpriteThemeCommand.version + "\n")
    }
  }

  @Test("--generate-completion-script writes a script for each shell that names every subcommand")
  func completionScripts() async throws {
    for shell in ["bash", "zsh", "fish"] {
      let result = try await BuiltBinary.run(["--generate-completion-script", shell])
      #expect(result.status == 0, "\(shell): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(shell)")
      for word in [
        "analyze", "batch", "fetch", "scheme", "thumbnail", "palette-size", "lanczos3",
        "fruitSalad",
        "contrast",
      ] {
        #expect(result.stdout.contains(word), "\(shell) script lacks \(word)")
      }
    }
    let unknown = try await BuiltBinary.run(["--generate-completion-script", "tcsh"])
    #expect(unknown.status == 2)
  }

  @Test("bash accepts the bash completion script (bash -n)")
  func bashScriptParses() async throws {
    let result = try await BuiltBinary.run(["--generate-completion-script", "bash"])
    #expect(result.status == 0)
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("sprite-theme.bash")
    try Data(result.stdout.utf8).write(to: script)
    // The wait suspends (ChildProcess), so it holds no thread of the cooperative pool.
    let bash = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["bash", "-n", script.path])
    #expect(bash.status == 0, "\(bash.stderr)")
  }
}
