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
///
/// The bytes go to a buffer of its own rather than an `Array`: a theme is a few hundred appends
/// of a few bytes each, and `Array.append(contentsOf:)` checks uniqueness and capacity through
/// a generic call each time (with it, writing themes took about 6% of a `batch` run). Hence
/// `~Copyable`: the writer owns the buffer and frees it. Integers, and the decimals a theme
/// holds (at most six places), are printed straight into it (``DecimalText``), without a
/// `String` each: printing numbers through `description` was most of the writer's time.
struct JSONWriter: ~Copyable {
  /// The buffer, `capacity` bytes of which the first `count` are written.
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0
  /// How many containers are open.
  private var depth = 0
  /// True until the innermost open container gets its first member or element.
  private var empty = true
  /// True for one line without spaces; false for the files' indented layout.
  private let compact: Bool

  /// Creates a writer whose buffer starts with room for `capacity` bytes; `compact` writes the
  /// document on one line.
  init(capacity: Int = 8192, compact: Bool = false) {
    self.capacity = max(capacity, 16)
    storage = .allocate(capacity: self.capacity)
    self.compact = compact
  }

  deinit {
    storage.deallocate()
  }

  /// The bytes written so far.
  var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: storage, count: count))
  }

  /// Ends the document with its newline.
  mutating func finish() {
    put(0x0A)
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
    putColon()
  }

  /// Starts a member whose key is already written out, quoted, with nothing to escape: `"key"`
  /// as UTF-8 bytes (the Material role names, prepared once).
  mutating func key(quoted: UnsafeBufferPointer<UInt8>) {
    separate()
    put(quoted)
    putColon()
  }

  /// The colon after a key, and its space unless compact.
  @inline(__always)
  private mutating func putColon() {
    put(UInt8(ascii: ":"))
    if !compact { put(UInt8(ascii: " ")) }
  }

  /// Starts a member whose key is a literal with nothing to escape (every key of the theme and
  /// index documents): as ``key(named:)``, without looking for characters to escape.
  mutating func key(_ key: StaticString) {
    key.withUTF8Buffer { utf8 in
      assert(!utf8.contains(where: Self.needsEscape), "a literal key with a character to escape")
      separate()
      put(UInt8(ascii: "\""))
      put(utf8)
      put(UInt8(ascii: "\""))
      putColon()
    }
  }

  /// Starts an element of the innermost array: separator and new line.
  mutating func element() {
    separate()
  }

  /// `null`.
  mutating func null() {
    put("null")
  }

  /// An integer.
  mutating func value(_ n: Int) {
    reserve(DecimalText.maxIntegerLength)
    count += DecimalText.write(n, to: storage + count)
  }

  /// A number: integral values without a fraction (`1`, not `1.0`), others as `description`
  /// writes them; non-finite values, which JSON cannot hold, as `null`.
  mutating func value(_ d: Double) {
    if !d.isFinite {
      null()
    } else if d == d.rounded(.towardZero), abs(d) < 1e15 {
      value(Int(d))
    } else {
      reserve(DecimalText.maxDecimalLength)
      let written = DecimalText.write(d, to: storage + count)
      if written > 0 {
        count += written
      } else {
        append(d.description)
      }
    }
  }

  /// A string with `"`, `\` and control characters escaped (RFC 8259, section 7).
  mutating func value(_ s: String) {
    // Read in place: `withUTF8` needs a mutable copy, a retain and release per string.
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { put(quoting: $0) }
    if done == nil {
      var s = s
      s.withUTF8 { put(quoting: $0) }
    }
  }

  /// `utf8` in quotes, with the bytes a JSON string must escape escaped.
  private mutating func put(quoting utf8: UnsafeBufferPointer<UInt8>) {
    put(UInt8(ascii: "\""))
    if utf8.contains(where: Self.needsEscape) {
      for byte in utf8 { escape(byte) }
    } else {
      // The common case, names and hex colours: the bytes as they are, in one copy.
      put(utf8)
    }
    put(UInt8(ascii: "\""))
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
      put(hex[Int(byte >> 4)])
      put(hex[Int(byte & 0x0F)])
    default: put(byte)
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
    put(UInt8(ascii: "["))
    for i in 0..<count {
      if i > 0 {
        put(UInt8(ascii: ","))
        if !compact { put(UInt8(ascii: " ")) }
      }
      write(&self, i)
    }
    put(UInt8(ascii: "]"))
  }

  private mutating func open(_ bracket: UInt8) {
    put(bracket)
    depth += 1
    empty = true
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if !empty { newline() }
    put(bracket)
    empty = false
  }

  /// What comes before a member or element: a comma unless it is the first, a new line and
  /// the indentation.
  private mutating func separate() {
    if !empty { put(UInt8(ascii: ",")) }
    empty = false
    newline()
  }

  private mutating func newline() {
    if compact { return }
    let indent = 2 * depth
    guard indent < Self.lineStart.utf8CodeUnitCount else {
      put(0x0A)
      for _ in 0..<indent { put(UInt8(ascii: " ")) }
      return
    }
    put(UnsafeBufferPointer(start: Self.lineStart.utf8Start, count: 1 + indent))
  }

  /// A line feed and the spaces of the indentations written most, appended in one copy (a
  /// literal: a static array is looked up through `swift_once` at every use).
  private static var lineStart: StaticString { "\n                                " }

  /// Appends the UTF-8 bytes of `text` in one copy of its contiguous buffer.
  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { put($0) }
  }

  /// Appends the bytes of a literal.
  @inline(__always)
  private mutating func put(_ text: StaticString) {
    text.withUTF8Buffer { put($0) }
  }

  /// Makes room for `more` bytes after those written.
  @inline(__always)
  private mutating func reserve(_ more: Int) {
    if count + more > capacity { grow(toHold: more) }
  }

  /// Appends one byte.
  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    (storage + count).initialize(to: byte)
    count += 1
  }

  /// Appends `buffer`'s bytes.
  @inline(__always)
  private mutating func put(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress else { return }
    if count + buffer.count > capacity { grow(toHold: buffer.count) }
    (storage + count).initialize(from: source, count: buffer.count)
    count += buffer.count
  }

  /// Makes room for `more` bytes after those written, doubling the buffer as often as needed.
  private mutating func grow(toHold more: Int) {
    var grown = 2 * capacity
    while grown < count + more { grown *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.initialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = grown
  }
}
