#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `sprite-theme` program: reads the command line through the subcommands' tables, then runs
/// one of `analyze`, `batch`, `fetch` and `thumbnail`, or prints help or the version.
@main
enum SpriteThemeCommand {
  /// What a command line asks for.
  enum Request {
    /// Print this command's help on standard output.
    case showHelp(CommandSpec)
    /// Print the version on standard output.
    case showVersion
    /// Run this subcommand.
    case run(any Subcommand)
  }

  /// The program's name, the first word of every usage line.
  static let name = "sprite-theme"

  /// The subcommands, in the order help lists them.
  static var subcommands: [any Subcommand.Type] {
    [Analyze.self, Batch.self, Fetch.self, ThumbnailCommand.self]
  }

  /// The subcommand `word` selects, if any: found by name alone, so that running one command
  /// does not build the other commands' tables (or an array of them) first.
  static func subcommand(named word: String?) -> (any Subcommand.Type)? {
    switch word {
    case Analyze.name?: Analyze.self
    case Batch.name?: Batch.self
    case Fetch.name?: Fetch.self
    case ThumbnailCommand.name?: ThumbnailCommand.self
    default: nil
    }
  }

  /// The root's table: help texts, the built-in options and the subcommands.
  static let spec = CommandSpec(
    name: name,
    abstract: "Turn PNG sprites into colour data, theme JSON and thumbnails.",
    discussion: """
      Colours follow the SpriteTheme contract: 8-bit straight-alpha RGBA from the PNG (no colour \
      management), averages in linear light and in encoded sRGB, transparent pixels never darken.

      Exit codes: 0 success, 1 an input failed, 2 usage error, 3 fatal (output not writable), \
      130 interrupted.
      """,
    subcommands: subcommands.map { $0.spec })

  /// Parses the arguments, runs the subcommand and exits with the SPEC's exit codes.
  static func main() {
    ignoreBrokenPipes()
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      switch try parse(arguments) {
      case .showHelp(let command):
        print(HelpRenderer.help(for: command, columns: TerminalWidth.current))
      case .showVersion:
        print(SpriteThemeVersion.current)
      case .run(let command):
        MemoryReuse.keepFreedMemory()
        try command.run()
      }
    } catch {
      report(error)
      ProcessEnd.exit(exitStatus(for: error))
    }
    ProcessEnd.exit(ExitCodes.success)
  }

  /// What `arguments` (the command line without the program's name) ask for.
  ///
  /// `help [subcommand]`, `-h`, `--help` and `--version` work at every level; a usage error
  /// carries the command whose usage line goes with it.
  static func parse(_ arguments: [String]) throws(UsageError) -> Request {
    guard let first = arguments.first else { return .showHelp(spec) }
    if first == "help" {
      let named = arguments.dropFirst().first
      return .showHelp(subcommand(named: named)?.spec ?? spec)
    }
    guard let subcommand = subcommand(named: first) else {
      do {
        switch try CommandLineParser.parse(arguments, for: spec) {
        case .showVersion: return .showVersion
        case .showHelp, .run: return .showHelp(spec)
        }
      } catch {
        throw error.attributed(to: spec)
      }
    }
    do {
      switch try CommandLineParser.parse(Array(arguments.dropFirst()), for: subcommand.spec) {
      case .showHelp: return .showHelp(subcommand.spec)
      case .showVersion: return .showVersion
      case .run(let parsed): return .run(try subcommand.init(parsed: parsed))
      }
    } catch {
      throw error.attributed(to: subcommand.spec)
    }
  }

  /// The exit status for an error that ended the run: 2 for a usage error, an ``ExitCode``'s own
  /// code, and 1 for anything else.
  static func exitStatus(for error: any Error) -> Int32 {
    switch error {
    case is UsageError: return ExitCodes.usage
    case let exit as ExitCode: return exit.rawValue
    default: return ExitCodes.inputFailed
    }
  }

  /// Writes a usage error's report, or `Error: …` for an unexpected error, on standard error;
  /// an ``ExitCode`` was reported where it was thrown.
  private static func report(_ error: any Error) {
    switch error {
    case let usage as UsageError: Diagnostics.write(usage.report)
    case is ExitCode: break
    default: Diagnostics.write("Error: \(error)")
    }
  }
}
