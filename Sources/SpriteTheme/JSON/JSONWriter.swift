/// Writes JSON in the stable layout of every file this package writes: two-space indentation,
/// one member per line as `"key": value`, arrays of numbers on one line (`[148, 0, 0]`), other
/// arrays one element per line, no escaped slashes, a final newline. With `compact`, the same
/// document on one line without any space (`{"key":[148,0,0]}`), for JSON lines (SPEC 14).
///
/// Keys are written in the order the caller gives them, so callers list them sorted. Numbers
/// are written as Swift prints them: integers as integers, and a `Double` as `description`
/// gives it (the shortest text that reads back as the same value), without the `.0` of an
/// integral one. `JSONEncoder` cannot give this layout (it writes `"key" : value` and every
/// array element on its own line), and the theme files' bytes are part of the contract.
struct JSONWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8]
  /// How many containers are open.
  private var depth = 0
  /// True until the innermost open container gets its first member or element.
  private var empty = true
  /// True for one line without spaces; false for the files' indented layout.
  private let compact: Bool

  /// Creates a writer whose buffer starts with room for `capacity` bytes; `compact` writes the
  /// document on one line.
  init(capacity: Int = 8192, compact: Bool = false) {
    bytes = []
    bytes.reserveCapacity(capacity)
    self.compact = compact
  }

  /// Ends the document with its newline.
  mutating func finish() {
    bytes.append(0x0A)
  }

  /// Opens an object (`{`).
  mutating func beginObject() {
    open(UInt8(ascii: "{"))
  }

  /// Closes the innermost object: `{}` when it has no members.
  mutating func endObject() {
    close(UInt8(ascii: "}"))
  }

  /// Opens an array (`[`).
  mutating func beginArray() {
    open(UInt8(ascii: "["))
  }

  /// Closes the innermost array: `[]` when it has no elements.
  mutating func endArray() {
    close(UInt8(ascii: "]"))
  }

  /// Starts a member of the innermost object: separator, new line, `"key": `.
  mutating func key(named key: String) {
    separate()
    value(key)
    if compact { bytes.append(UInt8(ascii: ":")) } else { append(": ") }
  }

  /// Starts a member whose key is a literal with nothing to escape (every key of the theme and
  /// index documents): as ``key(named:)``, without looking for characters to escape.
  mutating func key(_ key: StaticString) {
    key.withUTF8Buffer { utf8 in
      assert(!utf8.contains(where: Self.needsEscape), "a literal key with a character to escape")
      separate()
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: utf8)
      append(compact ? "\":" : "\": ")
    }
  }

  /// Starts an element of the innermost array: separator and new line.
  mutating func element() {
    separate()
  }

  /// `null`.
  mutating func null() {
    append("null")
  }

  /// An integer.
  mutating func value(_ n: Int) {
    append(String(n))
  }

  /// A number: integral values without a fraction (`1`, not `1.0`), others as `description`
  /// writes them; non-finite values, which JSON cannot hold, as `null`.
  mutating func value(_ d: Double) {
    if !d.isFinite {
      null()
    } else if d == d.rounded(.towardZero), abs(d) < 1e15 {
      value(Int(d))
    } else {
      append(d.description)
    }
  }

  /// A string with `"`, `\` and control characters escaped (RFC 8259, section 7).
  mutating func value(_ s: String) {
    var s = s
    s.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      if utf8.contains(where: Self.needsEscape) {
        for byte in utf8 { escape(byte) }
      } else {
        // The common case, names and hex colours: the bytes as they are, in one copy.
        bytes.append(contentsOf: utf8)
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// True for the bytes a JSON string must escape: `"`, `\` and control characters.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// One byte of a string, escaped if it must be.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): append(#"\""#)
    case UInt8(ascii: "\\"): append(#"\\"#)
    case 0x0A: append(#"\n"#)
    case 0x0D: append(#"\r"#)
    case 0x09: append(#"\t"#)
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      append(#"\u00"#)
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0x0F)])
    default: bytes.append(byte)
    }
  }

  /// A string, or `null` when `s` is `nil`.
  mutating func value(_ s: String?) {
    if let s { value(s) } else { null() }
  }

  /// An array of integers, on one line.
  mutating func value(_ numbers: [Int]) {
    inline(numbers.count) { $0.value(numbers[$1]) }
  }

  /// An array of numbers, on one line.
  mutating func value(_ numbers: [Double]) {
    inline(numbers.count) { $0.value(numbers[$1]) }
  }

  /// `[r, g, b]`: three integers on one line.
  mutating func value(_ numbers: SIMD3<Int>) {
    inline(3) { $0.value(numbers[$1]) }
  }

  /// `[r, g, b, a]`: four integers on one line.
  mutating func value(_ numbers: SIMD4<Int>) {
    inline(4) { $0.value(numbers[$1]) }
  }

  /// Three numbers on one line.
  mutating func value(_ numbers: SIMD3<Double>) {
    inline(3) { $0.value(numbers[$1]) }
  }

  /// `[a, b, c]` on one line, element `i` written by `write(&self, i)`: numbers read better side
  /// by side (a colour as `[148, 0, 0]`) and keep files short.
  private mutating func inline(_ count: Int, _ write: (inout JSONWriter, Int) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for i in 0..<count {
      if i > 0 { append(compact ? "," : ", ") }
      write(&self, i)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func open(_ bracket: UInt8) {
    bytes.append(bracket)
    depth += 1
    empty = true
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if !empty { newline() }
    bytes.append(bracket)
    empty = false
  }

  /// What comes before a member or element: a comma unless it is the first, a new line and
  /// the indentation.
  private mutating func separate() {
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    newline()
  }

  private mutating func newline() {
    if compact { return }
    let indent = 2 * depth
    guard indent < Self.lineStart.count else {
      bytes.append(0x0A)
      return bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }
    Self.lineStart.withUnsafeBufferPointer { bytes.append(contentsOf: $0.prefix(1 + indent)) }
  }

  /// A line feed and the spaces of the indentations written most, appended in one copy.
  private static let lineStart = [0x0A] + [UInt8](repeating: UInt8(ascii: " "), count: 32)

  /// Appends the UTF-8 bytes of `text` in one copy of its contiguous buffer.
  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }
}
