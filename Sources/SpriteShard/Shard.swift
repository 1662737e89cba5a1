/// One of N shards of a list of inputs (`--shard I/N`, SPEC section 14): the inputs whose
/// FNV-1a 64 hash (``FNV1a64``) modulo N is I.
///
/// Every input falls in exactly one shard, whatever else is in the list and in whatever order
/// it comes, so N workers given the same list share it without talking to each other, and the
/// union of their outputs covers the list once. What is hashed is the caller's to say (the path
/// or URL as given, as bytes); `batch` and `fetch` document theirs.
///
/// ```swift
/// let shard = try Shard(parsing: "1/3")
/// let mine = paths.filter { shard.contains(Array($0.utf8)) }
/// ```
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// Why `I/N` was refused.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line for people.
    public var description: String
  }

  /// This shard's number, `0 ..< count`.
  public let index: UInt64
  /// How many shards the list is split into (at least 1).
  public let count: UInt64

  /// Shard `index` of `count`; nil unless `0 <= index < count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, index >= 0, index < count else { return nil }
    self.index = UInt64(index)
    self.count = UInt64(count)
  }

  /// Parses `I/N`: two decimal integers with `0 <= I < N`.
  ///
  /// - Throws: ``ParseError`` saying what is wrong.
  public init(parsing text: String) throws(ParseError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Self.number(parts[0]), let count = Self.number(parts[1])
    else {
      throw ParseError(description: "A shard is I/N with whole numbers I and N, not '\(text)'.")
    }
    guard count >= 1 else {
      throw ParseError(description: "The shard count N must be at least 1, not \(count).")
    }
    guard let shard = Shard(index: index, count: count) else {
      throw ParseError(
        description:
          "The shard number I must be from 0 to \(count - 1) for N = \(count), not \(index).")
    }
    self = shard
  }

  /// True when the input whose hashed bytes are `bytes` belongs to this shard.
  public func contains(_ bytes: some Sequence<UInt8>) -> Bool {
    count == 1 || FNV1a64.hash(bytes) % count == index
  }

  /// True when the input whose hashed bytes are `text`'s UTF-8 belongs to this shard.
  public func contains(_ text: String) -> Bool {
    contains(text.utf8)
  }

  /// `I/N`.
  public var description: String { "\(index)/\(count)" }

  /// A decimal number of ASCII digits only (no sign, no spaces), or nil.
  private static func number(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(text)
  }
}
