import Testing

@testable import sprite_theme

/// Parses command lines as the program does, for the parsing tests.
enum CommandLineParsing {
  /// The command `arguments` asks to run, as `Command`; the test fails on anything else.
  static func command<Command: Subcommand>(
    _ arguments: [String], as type: Command.Type = Command.self,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Command {
    let request = try SpriteThemeCommand.parse(arguments)
    guard case .run(let command) = request else {
      Issue.record("\(arguments) asks for \(request), not a run", sourceLocation: sourceLocation)
      throw CommandLineParsingFailure()
    }
    return try #require(command as? Command, sourceLocation: sourceLocation)
  }

  /// The usage error `arguments` is rejected with, or `nil` when they parse.
  static func usageError(_ arguments: [String]) -> UsageError? {
    do {
      _ = try SpriteThemeCommand.parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  /// The help `arguments` ask for (its command's path), or `nil` for anything else.
  static func helpRequested(_ arguments: [String]) throws -> String? {
    guard case .showHelp(let command) = try SpriteThemeCommand.parse(arguments) else { return nil }
    return command.path
  }

  /// `--name value` or `--name=value`, chosen by `random`.
  static func option(
    _ name: String, _ value: String, using random: inout some RandomNumberGenerator
  ) -> [String] {
    Bool.random(using: &random) ? ["--\(name)", value] : ["--\(name)=\(value)"]
  }
}

/// A command line that did not ask to run a command.
struct CommandLineParsingFailure: Error {}
