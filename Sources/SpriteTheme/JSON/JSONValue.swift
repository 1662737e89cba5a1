/// A JSON document as a value tree, written by ``JSONValue/write(to:indent:)`` in the stable
/// layout of every file this package writes: keys sorted, two-space indentation,
/// `"key" : value`, one array element per line, no escaped slashes.
///
/// Written by hand rather than with `JSONEncoder` because theme files are the batch's hot path
/// (the generic encoder cost more than decoding the PNG) and because the exact bytes are part of
/// the contract (goldens, determinism across platforms and Foundation versions).
enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// A string, or `null` when `value` is `nil`.
  static func string(_ value: String?) -> JSONValue {
    value.map { .string($0) } ?? .null
  }

  /// The pretty-printed UTF-8 bytes, ending in a newline.
  var bytes: [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(4096)
    write(to: &out, indent: 0)
    out.append(0x0A)
    return out
  }

  /// Appends this value's text at nesting depth `indent`.
  func write(to out: inout [UInt8], indent: Int) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .int(let n): out.append(contentsOf: String(n).utf8)
    case .double(let d): Self.writeNumber(d, to: &out)
    case .string(let s): Self.writeString(s, to: &out)
    case .array(let items):
      guard !items.isEmpty else { return out.append(contentsOf: "[]".utf8) }
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent + 1)
        item.write(to: &out, indent: indent + 1)
      }
      Self.newline(&out, indent)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
      out.append(UInt8(ascii: "{"))
      // Members are usually listed in order already; sort only when they are not.
      let inOrder = zip(members, members.dropFirst()).allSatisfy {
        $0.0.utf8.lexicographicallyPrecedes($1.0.utf8)
      }
      let sorted = inOrder ? members : members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
      for (i, member) in sorted.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent + 1)
        Self.writeString(member.0, to: &out)
        out.append(contentsOf: " : ".utf8)
        member.1.write(to: &out, indent: indent + 1)
      }
      Self.newline(&out, indent)
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ out: inout [UInt8], _ depth: Int) {
    out.append(0x0A)
    for _ in 0..<(depth * 2) { out.append(0x20) }
  }

  /// Integral values without a fraction (`1`, not `1.0`); others in Swift's shortest round-trip
  /// form. Non-finite values, which JSON cannot hold, are written as `null`.
  private static func writeNumber(_ d: Double, to out: inout [UInt8]) {
    guard d.isFinite else { return out.append(contentsOf: "null".utf8) }
    if d == d.rounded(), abs(d) < 1e15 {
      out.append(contentsOf: String(Int(d)).utf8)
    } else {
      out.append(contentsOf: d.description.utf8)
    }
  }

  /// A JSON string with `"`, `\` and control characters escaped (RFC 8259, section 7).
  private static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings (keys, hex colours, paths) need no escape: copy them whole, straight from
    // their contiguous UTF-8.
    var s = s
    let copied = s.withUTF8 { bytes -> Bool in
      for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        return false
      }
      out.append(contentsOf: bytes)
      return true
    }
    if copied {
      out.append(UInt8(ascii: "\""))
      return
    }
    for byte in s.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
      case 0x0A: out.append(contentsOf: "\\n".utf8)
      case 0x0D: out.append(contentsOf: "\\r".utf8)
      case 0x09: out.append(contentsOf: "\\t".utf8)
      case 0x00..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: "\\u00".utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
