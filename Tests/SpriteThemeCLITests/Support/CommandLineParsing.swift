import ArgumentParser
import Testing

@testable import sprite_theme

/// Parses command lines as the program does, for the parsing tests.
enum CommandLineParsing {
  /// The command `arguments` asks to run, as `Command`; the test fails on anything else.
  static func command<Command: ParsableCommand>(
    _ arguments: [String], as type: Command.Type = Command.self,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Command {
    let parsed = try SpriteThemeCommand.parseAsRoot(arguments)
    return try #require(
      parsed as? Command, "\(arguments) parsed as \(parsed)", sourceLocation: sourceLocation)
  }

  /// What the program would print and exit with for `arguments` without running a command of
  /// its own: a usage error, help, the version or a completion script. `nil` when `arguments`
  /// ask to run `analyze`, `batch`, `fetch`, `scheme` or `thumbnail`.
  static func outcome(_ arguments: [String]) -> (status: Int32, message: String)? {
    let error: any Error
    do {
      var parsed = try SpriteThemeCommand.parseAsRoot(arguments)
      if parsed is Analyze || parsed is Batch || parsed is Fetch || parsed is ThumbnailCommand
        || parsed is SchemeCommand
      {
        return nil
      }
      // The built-in `help` subcommand, or the root asked to run: both print help.
      try parsed.run()
      return (0, "")
    } catch let thrown {
      error = thrown
    }
    return (
      SpriteThemeCommand.exitStatus(for: error),
      SpriteThemeCommand.message(reporting: error, for: SpriteThemeCommand.self)
    )
  }

  /// The first line of the usage error `arguments` are rejected with (without `Error: `), or
  /// `nil` when they parse or ask for help.
  static func usageError(_ arguments: [String]) -> String? {
    guard let (status, message) = outcome(arguments), status == 2 else { return nil }
    let first = message.split(separator: "\n").first.map(String.init) ?? ""
    return first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
  }

  /// The command whose help `arguments` ask for (the path in its usage line), or `nil` for
  /// anything else.
  static func helpRequested(_ arguments: [String]) -> String? {
    guard let (status, message) = outcome(arguments), status == 0,
      message.hasPrefix("OVERVIEW: "),
      let usage = message.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: ") })
    else { return nil }
    let words = usage.dropFirst(7).split(separator: " ")
    return words.prefix { !$0.hasPrefix("<") && !$0.hasPrefix("[") && !$0.hasPrefix("-") }
      .joined(separator: " ")
  }

  /// `--name value` or `--name=value`, chosen by `random`.
  static func option(
    _ name: String, _ value: String, using random: inout some RandomNumberGenerator
  ) -> [String] {
    Bool.random(using: &random) ? ["--\(name)", value] : ["--\(name)=\(value)"]
  }
}
