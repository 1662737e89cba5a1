/// A command's table: its name and help texts, its arguments in order, and its subcommands.
struct CommandSpec: Sendable {
  /// The command's own name, such as `batch`.
  var name: String
  /// The names before it on the command line (`sprite-theme` for `sprite-theme batch`), if any.
  var parentPath: String?
  /// One line on what the command does, shown after `OVERVIEW:` and in the root's list.
  var abstract: String
  /// Paragraphs of detail shown under the overview.
  var discussion: String
  /// The arguments, options and flags in the order help and usage show them (built-ins aside).
  var arguments: [ArgumentSpec]
  /// The commands that can follow this one (only the root has them).
  var subcommands: [CommandSpec]

  /// Creates a command's table.
  init(
    name: String, parentPath: String? = nil, abstract: String, discussion: String = "",
    arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = []
  ) {
    self.name = name
    self.parentPath = parentPath
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.subcommands = subcommands
  }

  /// The words that run this command: `sprite-theme batch`.
  var path: String {
    parentPath.map { "\($0) \(name)" } ?? name
  }

  /// The declared arguments followed by `--version` and `-h, --help`, which every command takes.
  var allArguments: [ArgumentSpec] {
    arguments + [.versionFlag, .helpFlag]
  }

  /// The positional arguments, in order.
  var positionals: [ArgumentSpec] {
    arguments.filter { $0.kind == .positional }
  }

  /// The option or flag called `--name`, if the command has one.
  func argument(long name: String) -> ArgumentSpec? {
    allArguments.first { $0.kind != .positional && $0.name == name }
  }

  /// The option or flag called `-letter`, if the command has one.
  func argument(short letter: Character) -> ArgumentSpec? {
    allArguments.first { $0.kind != .positional && $0.shortName == letter }
  }
}
