/// One row of a command's argument table: a positional argument, an option that takes a value,
/// or a flag. The parser, the typed accessors and the help text all read the same row.
struct ArgumentSpec: Sendable {
  /// How an argument appears on the command line.
  enum Kind: Sendable {
    /// A word matched by its position, such as `<file>`.
    case positional
    /// A named option followed by a value: `--out DIR` or `--out=DIR`.
    case option
    /// A named option without a value, such as `--json`.
    case flag
  }

  /// Whether this is a positional argument, an option or a flag.
  var kind: Kind
  /// The long name without its dashes (`palette-size`), or a positional argument's name.
  var name: String
  /// The one-letter name, such as `o` for `-o`, if there is one.
  var shortName: Character?
  /// The placeholder for the value in help and messages: `dir` is shown as `<dir>`.
  var valueName: String
  /// The sentence that describes the argument in help.
  var help: String
  /// The value used when the argument is left out; help shows it as `(default: …)`.
  var defaultValue: (any ArgumentValue)?
  /// The spellings a value may take (an enumeration's cases), listed in help; empty if open-ended.
  var acceptedSpellings: [String]
  /// Whether a command line without this argument is a usage error.
  var isRequired: Bool
  /// Whether a positional argument takes every remaining word (`<input> ...`).
  var isRepeating: Bool

  /// A positional argument, required; `repeating` takes every remaining word.
  static func positional(_ name: String, help: String, repeating: Bool = false) -> ArgumentSpec {
    ArgumentSpec(
      kind: .positional, name: name, shortName: nil, valueName: name, help: help,
      defaultValue: nil, acceptedSpellings: [], isRequired: true, isRepeating: repeating)
  }

  /// An option whose value converts to `Value`, optionally with a short name and a default.
  static func option<Value: ArgumentValue>(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    of type: Value.Type, default defaultValue: Value? = nil, required: Bool = false
  ) -> ArgumentSpec {
    ArgumentSpec(
      kind: .option, name: name, shortName: short, valueName: valueName, help: help,
      defaultValue: defaultValue, acceptedSpellings: Value.acceptedSpellings, isRequired: required,
      isRepeating: false)
  }

  /// A flag: present or absent.
  static func flag(_ name: String, short: Character? = nil, help: String) -> ArgumentSpec {
    ArgumentSpec(
      kind: .flag, name: name, shortName: short, valueName: "", help: help, defaultValue: nil,
      acceptedSpellings: [], isRequired: false, isRepeating: false)
  }

  /// `--version`, which every command accepts.
  static let versionFlag = flag("version", help: "Show the version.")
  /// `-h` and `--help`, which every command accepts.
  static let helpFlag = flag("help", short: "h", help: "Show help information.")

  /// The ways to write an option or flag: `--output` and `-o`; none for a positional argument.
  var spellings: [String] {
    guard kind != .positional else { return [] }
    return ["--\(name)"] + (shortName.map { ["-\($0)"] } ?? [])
  }

  /// The name as written on the command line: `--out`, or `<file>` for a positional argument.
  var displayName: String {
    kind == .positional ? "<\(valueName)>" : "--\(name)"
  }

  /// The argument with its value placeholder, as used in messages: `--out <dir>`, `<input> ...`.
  var synopsis: String {
    switch kind {
    case .positional: return isRepeating ? "<\(valueName)> ..." : "<\(valueName)>"
    case .option: return "--\(name) <\(valueName)>"
    case .flag: return "--\(name)"
    }
  }

  /// The label in the help's lists: `-o, --output <out.png>`, `--json` or `<file>`.
  var helpLabel: String {
    guard kind != .positional else { return "<\(valueName)>" }
    let names = [shortName.map { "-\($0)" }, "--\(name)"].compactMap { $0 }.joined(separator: ", ")
    return kind == .option ? "\(names) <\(valueName)>" : names
  }
}
