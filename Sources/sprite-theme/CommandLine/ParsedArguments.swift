/// The words a command line gave each argument of one command, with typed accessors that
/// convert them (or fall back to the table's default) and report bad values as usage errors.
struct ParsedArguments: Sendable {
  /// Each argument given, by name, with its words in command-line order; a flag has none.
  ///
  /// A list, not a dictionary: a command has a handful of arguments, and a `[String: [String]]`
  /// would make the runtime look up `String: Hashable` in every conformance record of the
  /// binary at start-up (about 0.1 M instructions per first use of a hashed type). Of a struct,
  /// not a tuple: an array of tuples has its element type built by the runtime at first use.
  private var given: [Given] = []

  /// One argument given and its words.
  private struct Given: Sendable {
    var name: String
    var words: [String]
  }

  /// An empty set: nothing given yet.
  init() {}

  /// Records that `argument` was given, with `word` as its value (none for a flag).
  mutating func record(_ argument: ArgumentSpec, word: String?) {
    let index =
      given.firstIndex { $0.name == argument.name }
      ?? { given.append(Given(name: argument.name, words: [])); return given.count - 1 }()
    if let word { given[index].words.append(word) }
  }

  /// The words given for `argument`, or `nil` when it was not given.
  private func wordsGiven(for argument: ArgumentSpec) -> [String]? {
    given.first { $0.name == argument.name }?.words
  }

  /// True when the command line gave `argument` at least once.
  func contains(_ argument: ArgumentSpec) -> Bool {
    wordsGiven(for: argument) != nil
  }

  /// True when the flag `argument` was given.
  func flag(_ argument: ArgumentSpec) -> Bool {
    contains(argument)
  }

  /// Every word given for `argument` in order: the words of a repeating positional argument.
  func words(for argument: ArgumentSpec) -> [String] {
    wordsGiven(for: argument) ?? []
  }

  /// The word given for `argument`; the last one when it was given more than once.
  func lastWord(for argument: ArgumentSpec) -> String? {
    wordsGiven(for: argument)?.last
  }

  /// The value of `argument`: the last word given, converted to `Value`, else the table's
  /// default, else `nil`.
  func optional<Value: ArgumentValue>(
    _ argument: ArgumentSpec, as type: Value.Type = Value.self
  ) throws(UsageError) -> Value? {
    guard let word = lastWord(for: argument) else { return argument.defaultValue as? Value }
    guard let value = Value(argument: word) else { throw .invalidValue(word, for: argument) }
    return value
  }

  /// The value of a required argument or of one with a default (see ``optional(_:as:)``).
  func value<Value: ArgumentValue>(
    _ argument: ArgumentSpec, as type: Value.Type = Value.self
  ) throws(UsageError) -> Value {
    guard let value = try optional(argument, as: type) else { throw .missingArgument(argument) }
    return value
  }

  /// The value of `argument` converted by `convert`, or `nil` when it was not given.
  func optional<Value>(
    _ argument: ArgumentSpec, convertedBy convert: (String) throws(RejectedValue) -> Value
  ) throws(UsageError) -> Value? {
    guard let word = lastWord(for: argument) else { return nil }
    do {
      return try convert(word)
    } catch {
      throw .invalidValue(word, for: argument, reason: error.reason)
    }
  }
}
