/// A command line that cannot run: what is wrong, the argument it concerns and the command whose
/// usage to show. The program prints ``report`` on standard error and exits with 2.
struct UsageError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  var message: String
  /// The argument the message is about, whose help line the report repeats.
  var argument: ArgumentSpec?
  /// The command whose usage the report shows; filled in where the command is known.
  var command: CommandSpec?

  /// A usage error saying `message`, such as a failed validation rule.
  init(_ message: String, argument: ArgumentSpec? = nil, command: CommandSpec? = nil) {
    self.message = message
    self.argument = argument
    self.command = command
  }

  /// The message alone.
  var description: String { message }

  /// This error, shown with the usage of `command` unless it already names a command.
  func attributed(to command: CommandSpec) -> UsageError {
    var copy = self
    copy.command = copy.command ?? command
    return copy
  }

  /// The text for standard error: `Error: …`, the argument's help, the usage and where to look.
  var report: String {
    var lines = ["Error: \(message)"]
    if let argument {
      lines.append("Help:  \(argument.helpLabel)  \(argument.help)")
    }
    if let command {
      lines.append("Usage: \(HelpRenderer.usage(of: command))")
      lines.append("  See '\(command.path) --help' for more information.")
    }
    return lines.joined(separator: "\n")
  }
}

extension UsageError {
  /// `--name` (as written) is not an option of the command; `suggestion` is a close one.
  static func unknownOption(_ written: String, suggestion: String?) -> UsageError {
    UsageError("Unknown option '\(written)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
  }

  /// An option was given without its value (at the end, before another option, or as `--x=`).
  static func missingValue(for argument: ArgumentSpec, written: String) -> UsageError {
    UsageError("Missing value for '\(written) <\(argument.valueName)>'", argument: argument)
  }

  /// A flag was given a value, as in `--json=1`.
  static func valueForFlag(_ written: String, value: String) -> UsageError {
    UsageError("The option '\(written)' does not take any value, but '\(value)' was specified.")
  }

  /// `word` does not convert to the argument's type; `reason` says why, when known.
  static func invalidValue(_ word: String, for argument: ArgumentSpec, reason: String? = nil)
    -> UsageError
  {
    var message = "The value '\(word)' is invalid for '\(argument.synopsis)'"
    if let reason {
      message += ": \(reason)"
    } else if !argument.acceptedSpellings.isEmpty {
      message += ". Please provide one of \(quotedList(argument.acceptedSpellings))."
    }
    return UsageError(message, argument: argument)
  }

  /// A required argument or option is missing.
  static func missingArgument(_ argument: ArgumentSpec) -> UsageError {
    UsageError("Missing expected argument '\(argument.synopsis)'", argument: argument)
  }

  /// Words that no positional argument takes.
  static func unexpectedArguments(_ words: [String]) -> UsageError {
    let quoted = words.map { "'\($0)'" }
    return UsageError(
      words.count == 1
        ? "Unexpected argument \(quoted[0])"
        : "\(words.count) unexpected arguments: \(quoted.joined(separator: ", "))")
  }

  /// `'a', 'b' or 'c'`.
  private static func quotedList(_ items: [String]) -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.joined() }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
  }
}
