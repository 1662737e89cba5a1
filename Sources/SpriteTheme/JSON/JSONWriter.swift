/// A streaming JSON writer that appends straight into one reusable byte buffer, in the stable
/// layout of every file this package writes: two-space indentation, `"key" : value`, one array
/// element per line, no escaped slashes, a final newline.
///
/// Keys are written in the order the caller gives them, so callers list them sorted. Written by
/// hand rather than with `JSONEncoder` (or a value tree) because theme files are the batch's hot
/// path and because the exact bytes are part of the contract (goldens, determinism across
/// platforms and Foundation versions).
struct JSONWriter {
  /// The bytes written since the last ``reset()``.
  private(set) var bytes: [UInt8]
  private var depth = 0
  /// True until the innermost open container gets its first member or element.
  private var empty = true

  /// Creates a writer whose buffer starts with room for `capacity` bytes.
  init(capacity: Int = 8192) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Empties the buffer, keeping its storage, to write the next document.
  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    depth = 0
    empty = true
  }

  /// Ends the document with its newline.
  mutating func finish() {
    bytes.append(0x0A)
  }

  // MARK: Containers

  /// Opens an object (`{`).
  mutating func beginObject() {
    bytes.append(UInt8(ascii: "{"))
    depth += 1
    empty = true
  }

  /// Closes the innermost object: `{}` when it has no members.
  mutating func endObject() {
    close(UInt8(ascii: "}"))
  }

  /// Opens an array (`[`).
  mutating func beginArray() {
    bytes.append(UInt8(ascii: "["))
    depth += 1
    empty = true
  }

  /// Closes the innermost array: `[]` when it has no elements.
  mutating func endArray() {
    close(UInt8(ascii: "]"))
  }

  /// Starts a member of the innermost object: separator, new line, `"key" : `. `key` must need
  /// no escaping.
  mutating func key(_ key: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    append(key)
    append(#"" : "#)
  }

  /// Starts an element of the innermost array: separator and new line.
  mutating func element() {
    separate()
  }

  // MARK: Values

  /// `null`.
  mutating func null() {
    append("null")
  }

  /// An integer.
  mutating func value(_ n: Int) {
    Self.appendInteger(n, to: &bytes)
  }

  /// A number: integral values without a fraction (`1`, not `1.0`), others in Swift's shortest
  /// round-trip form; non-finite values, which JSON cannot hold, as `null`.
  mutating func value(_ d: Double) {
    JSONNumber.append(d, to: &bytes)
  }

  /// A string with `"`, `\` and control characters escaped (RFC 8259, section 7).
  mutating func value(_ s: String) {
    var s = s
    s.withUTF8 { Self.appendString($0, to: &bytes) }
  }

  /// A string, or `null` when `s` is `nil`.
  mutating func value(_ s: String?) {
    if let s { value(s) } else { null() }
  }

  /// An array of integers, one per line.
  mutating func value(_ numbers: [Int]) {
    beginArray()
    for n in numbers {
      element()
      value(n)
    }
    endArray()
  }

  /// An array of numbers, one per line.
  mutating func value(_ numbers: [Double]) {
    beginArray()
    for d in numbers {
      element()
      value(d)
    }
    endArray()
  }

  // MARK: Bytes

  private mutating func separate() {
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    newline(depth)
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if !empty { newline(depth) }
    bytes.append(bracket)
    empty = false
  }

  private mutating func newline(_ depth: Int) {
    bytes.append(0x0A)
    var spaces = depth * 2
    while spaces > 0 {
      let n = min(spaces, Self.spaces.utf8CodeUnitCount)
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: Self.spaces.utf8Start, count: n))
      spaces -= n
    }
  }

  private static let spaces: StaticString = "                                "

  private mutating func append(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the decimal digits of `n`.
  static func appendInteger(_ n: Int, to out: inout [UInt8]) {
    // 20 digits and a sign hold every Int64.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var magnitude = n.magnitude
      var i = 24
      repeat {
        i -= 1
        buffer[i] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
        magnitude /= 10
      } while magnitude != 0
      if n < 0 {
        i -= 1
        buffer[i] = UInt8(ascii: "-")
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<24]))
    }
  }

  /// Appends `utf8` as a quoted JSON string, escaping only what RFC 8259 requires.
  static func appendString(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var start = 0
    for i in 0..<utf8.count {
      let byte = utf8[i]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      // Copy the run that needs no escape, then the escape.
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
      start = i + 1
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      default:
        let hex: StaticString = "0123456789abcdef"
        out.append(contentsOf: [
          UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
          hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)],
        ])
      }
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    out.append(UInt8(ascii: "\""))
  }
}
