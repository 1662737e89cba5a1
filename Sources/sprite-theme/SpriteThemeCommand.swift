import ArgumentParser
import Foundation

/// The `sprite-theme` program: `analyze`, `batch`, `fetch`, `scheme`, `thumbnail`, `export`,
/// `report`, `bench` and `merge`, with help, the version and shell completions from
/// ArgumentParser, and the SPEC's exit codes.
@main
struct SpriteThemeCommand: AsyncParsableCommand {
  /// The root's help texts, version and subcommands.
  static let configuration = CommandConfiguration(
    commandName: "sprite-theme",
    abstract: "Turn PNG sprites into colour data, theme JSON and thumbnails.",
    discussion: """
      Colours follow the SpriteTheme contract: 8-bit straight-alpha RGBA from the PNG (no colour \
      management), averages in linear light and in encoded sRGB, transparent pixels never darken.

      Exit codes: 0 success, 1 an input failed, 2 usage error, 3 fatal (output not writable), \
      130 interrupted.
      """,
    version: SpriteThemeCommand.version,
    subcommands: [
      Analyze.self, Batch.self, Fetch.self, SchemeCommand.self, ThumbnailCommand.self,
      Export.self, Report.self, Bench.self, Merge.self,
    ])

  /// The version `--version` prints.
  static let version = "0.1.0"

  /// Parses the command line (its bytes, see ``ArgumentBytes``), runs the subcommand and exits
  /// with the SPEC's exit codes (a usage error is 2 here, where ArgumentParser's own `main` would
  /// exit with `EX_USAGE`, 64).
  static func main() async {
    ignoreBrokenPipes()
    let command: any ParsableCommand
    do {
      command = try parseAsRoot(ArgumentBytes.commandLine)
    } catch {
      exit(reporting: error, for: Self.self)
    }
    do {
      var command = command
      if var asynchronous = command as? any AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch {
      exit(reporting: error, for: type(of: command))
    }
    exit(ExitCode.success.rawValue)
  }

  /// Prints what `error` says (help and the version on standard output, anything else on
  /// standard error, with the usage of `command`) and exits with ``exitStatus(for:)``.
  static func exit(reporting error: any Error, for command: any ParsableCommand.Type) -> Never {
    let status = exitStatus(for: error)
    let message = ArgumentBytes.readable(self.message(reporting: error, for: command))
    if status == ExitCode.success.rawValue {
      if !message.isEmpty { print(message) }
    } else if !message.isEmpty {
      Diagnostics.write(message)
    }
    exit(status)
  }

  /// What to print for `error`; a usage error found while `command` ran (a file named on the
  /// command line that cannot be read) shows that command's usage, as one found by parsing does.
  static func message(reporting error: any Error, for command: any ParsableCommand.Type) -> String {
    guard let validation = error as? ValidationError, command != Self.self else {
      return fullMessage(for: error)
    }
    let name = command.configuration.commandName ?? ""
    return """
      Error: \(validation.message)
      Usage: \(usageString(for: command))
        See '\(configuration.commandName ?? "") \(name) --help' for more information.
      """
  }

  /// The exit status for an error that ended the run: 2 for a usage error, 0 for help, the
  /// version and completions, an ``ExitCode``'s own code, and 1 for anything else.
  static func exitStatus(for error: any Error) -> Int32 {
    let code = exitCode(for: error)
    return code == .validationFailure ? ExitCode.usage.rawValue : code.rawValue
  }

  /// Ends the process with `status`, standard output flushed.
  private static func exit(_ status: Int32) -> Never {
    fflush(nil)
    Foundation.exit(status)
  }
}

/// The exit codes of SPEC section 8 beside ArgumentParser's `success` (0).
extension ExitCode {
  /// Some input failed; the others were written and the failures reported.
  static let inputFailed = ExitCode(1)
  /// The command line was wrong.
  static let usage = ExitCode(2)
  /// Nothing more could be done: the output is not writable or the disk is full.
  static let fatal = ExitCode(3)
  /// The run was stopped by SIGINT or SIGTERM before it finished.
  static let interrupted = ExitCode(130)
}
