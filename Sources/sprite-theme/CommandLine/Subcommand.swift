/// A command that `sprite-theme` dispatches to: its table, how it reads and validates the parsed
/// arguments, and what it does.
protocol Subcommand {
  /// The word that selects the command (`spec.name`), known without building the table.
  static var name: String { get }

  /// The command's table: name, help texts and arguments.
  static var spec: CommandSpec { get }

  /// Reads the arguments and checks the command's rules; a bad value or broken rule is a usage
  /// error.
  init(parsed: ParsedArguments) throws(UsageError)

  /// Does the work; a non-zero exit is thrown as ``ExitCode`` (or ``UsageError`` for 2).
  func run() throws
}
