import ArgumentParser

/// A number of bytes on the command line: `1073741824`, or with a binary suffix, `512M`, `1G`,
/// `64k`, `2GiB` (K, M, G and T are powers of 1024; case and a trailing `B` or `iB` are free).
struct ByteCount: ExpressibleByArgument, Equatable, Sendable {
  /// The number of bytes.
  var bytes: Int

  /// `bytes` bytes.
  init(_ bytes: Int) {
    self.bytes = bytes
  }

  /// Parses a whole number with an optional suffix; nil for anything else or an overflow.
  init?(argument: String) {
    var text = Substring(argument.uppercased())
    if text.hasSuffix("IB") {
      text = text.dropLast(2)
    } else if text.hasSuffix("B") {
      text = text.dropLast()
    }
    let shifts: [Character: Int] = ["K": 10, "M": 20, "G": 30, "T": 40]
    var shift = 0
    if let last = text.last, let found = shifts[last] {
      shift = found
      text = text.dropLast()
    }
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let count = Int(text),
      count <= Int.max >> shift
    else { return nil }
    bytes = count << shift
  }

  /// The shortest exact spelling: `1G` rather than `1073741824`.
  var defaultValueDescription: String {
    for (suffix, shift) in [("T", 40), ("G", 30), ("M", 20), ("K", 10)]
    where bytes > 0 && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift)\(suffix)"
    }
    return "\(bytes)"
  }
}

extension Character {
  /// True for `0`-`9` only (not other scripts' digits).
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
