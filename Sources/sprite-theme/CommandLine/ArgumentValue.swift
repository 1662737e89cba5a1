/// A type that a command-line word can be converted to, such as an option's `Int` value.
///
/// The replacement for ArgumentParser's `ExpressibleByArgument`: enumerations list their
/// spellings in ``acceptedSpellings`` so that help and error messages can show them.
protocol ArgumentValue: Sendable {
  /// Converts one word of the command line, or returns `nil` when it is not a valid value.
  init?(argument: String)

  /// Every accepted spelling, for types with a fixed set of values; empty for open-ended ones.
  static var acceptedSpellings: [String] { get }

  /// How the value is written in help, as in `(default: 8)`.
  var helpDescription: String { get }
}

extension ArgumentValue {
  /// Open-ended by default: numbers, paths and other free text.
  static var acceptedSpellings: [String] { [] }

  /// The value's `description` by default.
  var helpDescription: String { "\(self)" }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
  /// Parses a case from its raw value.
  init?(argument: String) {
    self.init(rawValue: argument)
  }

  /// The raw values of every case, in declaration order.
  static var acceptedSpellings: [String] { allCases.map(\.rawValue) }

  /// The case's raw value.
  var helpDescription: String { rawValue }
}

extension String: ArgumentValue {
  /// Any word is a valid string.
  init?(argument: String) {
    self = argument
  }
}

extension Int: ArgumentValue {
  /// Parses a whole number in decimal, as `Int(_:)` does.
  init?(argument: String) {
    self.init(argument)
  }
}

extension Double: ArgumentValue {
  /// Parses a number as `Double(_:)` does (`1.5`, `2e3`, `86400`).
  init?(argument: String) {
    self.init(argument)
  }
}
