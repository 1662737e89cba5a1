/// Writes help and usage lines from a ``CommandSpec`` table, laid out as ArgumentParser did:
/// `OVERVIEW`, the discussion, `USAGE`, `ARGUMENTS`, `OPTIONS` and `SUBCOMMANDS`.
enum HelpRenderer {
  /// Where labels start in the lists.
  static let labelIndent = 2
  /// Where descriptions start in the lists; a longer label puts its description on the next line.
  static let descriptionColumn = 26
  /// Above this many arguments, usage shows `[<options>]` and only the required ones.
  static let longestFullUsage = 12

  /// The full help of `command`, wrapped to `columns`.
  static func help(for command: CommandSpec, columns: Int) -> String {
    var overview = "OVERVIEW: \(command.abstract)"
    if !command.discussion.isEmpty { overview += "\n\n\(command.discussion)" }
    var sections: [String] = []
    let positionals = command.positionals
    if !positionals.isEmpty {
      sections.append(section("ARGUMENTS", rows: positionals.map(row), columns))
    }
    let options = command.allArguments.filter { $0.kind != .positional }
    sections.append(section("OPTIONS", rows: options.map(row), columns))
    if !command.subcommands.isEmpty {
      sections.append(
        section("SUBCOMMANDS", rows: command.subcommands.map { ($0.name, $0.abstract) }, columns))
    }
    var text = overview.wrapped(to: columns) + "\n\n"
    text += "USAGE: \(usage(of: command))\n\n"
    text += sections.joined(separator: "\n")
    if !command.subcommands.isEmpty {
      text += "\n  See '\(command.path) help <subcommand>' for detailed help."
    }
    return text
  }

  /// The one-line usage: `sprite-theme thumbnail <file> --size <n> [--filter <filter>] …`.
  static func usage(of command: CommandSpec) -> String {
    if !command.subcommands.isEmpty && command.arguments.isEmpty {
      return "\(command.path) <subcommand>"
    }
    guard command.arguments.count > longestFullUsage else {
      return ([command.path] + command.arguments.map(usageElement)).joined(separator: " ")
    }
    let required = command.arguments.filter(\.isRequired)
    return ([command.path, "[<options>]"] + required.map(usageElement)).joined(separator: " ")
  }

  /// One argument in the usage line, in brackets when it may be left out.
  private static func usageElement(_ argument: ArgumentSpec) -> String {
    argument.isRequired ? argument.synopsis : "[\(argument.synopsis)]"
  }

  /// The help sentence with the accepted values and the default: `… (default: 8)`.
  static func description(of argument: ArgumentSpec) -> String {
    var details: [String] = []
    if !argument.acceptedSpellings.isEmpty {
      details.append("values: " + argument.acceptedSpellings.joined(separator: ", "))
    }
    if let value = argument.defaultValue {
      details.append("default: \(value.helpDescription)")
    }
    return details.isEmpty ? argument.help : "\(argument.help) (\(details.joined(separator: "; ")))"
  }

  /// An argument's label and description, for a list.
  private static func row(_ argument: ArgumentSpec) -> (String, String) {
    (argument.helpLabel, description(of: argument))
  }

  /// A titled list of labels and wrapped descriptions.
  private static func section(_ title: String, rows: [(String, String)], _ columns: Int) -> String {
    "\(title):\n" + rows.map { row(label: $0.0, description: $0.1, columns: columns) }.joined()
  }

  /// `  --out <dir>             The output directory.` with the description wrapped.
  private static func row(label: String, description: String, columns: Int) -> String {
    let paddedLabel = String(repeating: " ", count: labelIndent) + label
    let wrapped = description.wrapped(to: columns, indent: descriptionColumn)
    guard paddedLabel.count < descriptionColumn else { return paddedLabel + "\n" + wrapped + "\n" }
    return paddedLabel + wrapped.dropFirst(paddedLabel.count) + "\n"
  }
}
