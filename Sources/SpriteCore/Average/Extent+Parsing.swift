extension Extent {
  /// Parses the command-line spelling of an extent (SPEC section 2), or returns `nil`.
  ///
  /// Accepted: `centre` (or `center`), `centre:F` with 0 < F <= 1, `seed`, `full`, `x,y,w,h`
  /// and `ci:x,y,w,h`, where rectangle numbers may be fractional, `w` and `h` positive.
  public init?(parsing text: String) {
    let lowered = text.lowercased()
    switch lowered {
    case "centre", "center": self = .centre
    case "seed": self = .seed
    case "full": self = .full
    default:
      if let f = Self.suffix(of: lowered, after: ["centre:", "center:"]) {
        guard let fraction = Double(f), fraction > 0, fraction <= 1 else { return nil }
        self = .centre(fraction: fraction)
      } else if let rest = Self.suffix(of: lowered, after: ["ci:"]) {
        guard let r = Self.rectangle(rest) else { return nil }
        self = .coreImage(x: r.0, y: r.1, width: r.2, height: r.3)
      } else if let r = Self.rectangle(lowered) {
        self = .rect(x: r.0, y: r.1, width: r.2, height: r.3)
      } else {
        return nil
      }
    }
  }

  /// The canonical spelling of this extent, as parsed by ``init(parsing:)`` and written in theme files.
  public var name: String {
    switch self {
    case .centre(let f): return f == 1.0 / 8.0 ? "centre" : "centre:\(Self.format(f))"
    case .seed: return "seed"
    case .full: return "full"
    case .rect(let x, let y, let w, let h):
      return [x, y, w, h].map(Self.format).joined(separator: ",")
    case .coreImage(let x, let y, let w, let h):
      return "ci:" + [x, y, w, h].map(Self.format).joined(separator: ",")
    }
  }

  private static func suffix(of text: String, after prefixes: [String]) -> String? {
    for prefix in prefixes where text.hasPrefix(prefix) {
      return String(text.dropFirst(prefix.count))
    }
    return nil
  }

  private static func rectangle(_ text: String) -> (Double, Double, Double, Double)? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let numbers = parts.compactMap { Double($0.trimmingSpaces) }
    guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0
    else { return nil }
    return (numbers[0], numbers[1], numbers[2], numbers[3])
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var s = self
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return s
  }
}
