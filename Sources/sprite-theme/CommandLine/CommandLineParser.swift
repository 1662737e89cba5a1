/// Matches one command's words against its ``CommandSpec`` table.
///
/// Options take their value as `--name value` or `--name=value` (`-o value` for a short name);
/// a value given as a separate word must not start with `-` (so `--limit=-1` is how a negative
/// number is written, as with ArgumentParser). A repeated option keeps its last value. `--` ends
/// the options: every later word is positional. `-h`, `--help` and `--version` anywhere before
/// `--` win over everything else.
enum CommandLineParser {
  /// What the words ask for.
  enum Outcome: Sendable {
    /// Print the command's help.
    case showHelp
    /// Print the program's version.
    case showVersion
    /// Run the command with these arguments.
    case run(ParsedArguments)
  }

  /// Parses `words` (the command line after the command's name) for `command`.
  static func parse(_ words: [String], for command: CommandSpec) throws(UsageError) -> Outcome {
    let beforeTerminator = words.prefix { $0 != "--" }
    let isHelp = ArgumentSpec.helpFlag.spellings.contains
    let isVersion = ArgumentSpec.versionFlag.spellings.contains
    if beforeTerminator.contains(where: isHelp) { return .showHelp }
    if beforeTerminator.contains(where: isVersion) { return .showVersion }

    var parsed = ParsedArguments()
    var positionalWords: [String] = []
    var index = words.startIndex
    var optionsEnded = false
    while index < words.endIndex {
      let word = words[index]
      index += 1
      guard !optionsEnded, isOptionLike(word) else {
        positionalWords.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (written, attached) = splitAttachedValue(word)
      guard let argument = lookUp(written, in: command) else {
        throw .unknownOption(written, suggestion: suggestion(for: written, in: command))
      }
      if argument.kind == .flag {
        if let attached { throw .valueForFlag(written, value: attached) }
        parsed.record(argument, word: nil)
      } else if let attached {
        guard !attached.isEmpty else { throw .missingValue(for: argument, written: written) }
        parsed.record(argument, word: attached)
      } else if index < words.endIndex, !isOptionLike(words[index]) {
        parsed.record(argument, word: words[index])
        index += 1
      } else {
        throw .missingValue(for: argument, written: written)
      }
    }

    var unclaimed = positionalWords[...]
    for argument in command.positionals {
      if argument.isRepeating {
        for word in unclaimed { parsed.record(argument, word: word) }
        unclaimed = []
      } else if let word = unclaimed.popFirst() {
        parsed.record(argument, word: word)
      }
    }
    if !unclaimed.isEmpty { throw .unexpectedArguments(Array(unclaimed)) }
    for argument in command.arguments where argument.isRequired && !parsed.contains(argument) {
      throw .missingArgument(argument)
    }
    return .run(parsed)
  }

  /// True for words that name an option (`--out`, `-o`, `-x`), false for values such as `-`.
  static func isOptionLike(_ word: String) -> Bool {
    word.count > 1 && word.hasPrefix("-")
  }

  /// `--out=dir` as (`--out`, `dir`); any other word as itself without a value.
  private static func splitAttachedValue(_ word: String) -> (written: String, value: String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// The option or flag `written` names (`--out`, or `-o` for one letter), if any.
  private static func lookUp(_ written: String, in command: CommandSpec) -> ArgumentSpec? {
    if written.hasPrefix("--") { return command.argument(long: String(written.dropFirst(2))) }
    guard written.count == 2, let letter = written.last else { return nil }
    return command.argument(short: letter)
  }

  /// The long option closest to a mistyped one (`-json` gives `--json`), if one is close enough.
  private static func suggestion(for written: String, in command: CommandSpec) -> String? {
    guard written.count > 2 else { return nil }  // `-x`: a short name, no guess
    return OptionSuggestion.closest(
      to: written, among: command.allArguments.filter { $0.kind != .positional }.map(\.displayName))
  }
}
