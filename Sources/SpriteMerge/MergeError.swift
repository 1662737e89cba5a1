/// Why `merge` stopped before writing anything, or while writing: one line naming the shard (or
/// the output) and the reason, and the SPEC section 8 exit code it calls for.
public struct MergeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure it is, which decides the exit code.
  public enum Kind: Sendable, Equatable {
    /// A shard is unreadable or disagrees with another (exit 1): nothing is written.
    case shard
    /// The command was given something it cannot do, such as an output that is an input (exit 2).
    case usage
    /// The output cannot be written (exit 3).
    case output
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// One line for people, starting with the file it is about.
  public var message: String

  /// Creates an error of `kind`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
