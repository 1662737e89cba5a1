/// A streaming JSON writer that appends straight into one reusable byte buffer, in the stable
/// layout of every file this package writes: two-space indentation, one member per line as
/// `"key": value`, arrays of numbers on one line (`[148, 0, 0]`), other arrays one element per
/// line, no escaped slashes, a final newline.
///
/// Keys are written in the order the caller gives them, so callers list them sorted. Written by
/// hand rather than with `JSONEncoder` (or a value tree) because theme files are the batch's hot
/// path and because the exact bytes are part of the contract (goldens, determinism across
/// platforms and Foundation versions).
struct JSONWriter: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written since the last ``reset()``.
  private(set) var count = 0
  private var depth = 0
  /// True until the innermost open container gets its first member or element.
  private var empty = true

  /// Creates a writer whose buffer starts with room for `capacity` bytes.
  init(capacity: Int = 8192) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit {
    start.deallocate()
  }

  /// The bytes written since the last ``reset()``, copied into an array.
  var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
  }

  /// Empties the buffer, keeping its storage, to write the next document.
  mutating func reset() {
    count = 0
    beginDocument()
  }

  /// Starts a new document after the bytes written so far, so that one buffer holds several.
  /// (A finished document leaves the state as it was; this also recovers from an unfinished one.)
  mutating func beginDocument() {
    depth = 0
    empty = true
  }

  /// Calls `body` with the bytes in `range` (offsets since the last ``reset()``), uncopied.
  func withBytes<R, E: Error>(
    in range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "bytes not written")
    return try body(UnsafeRawBufferPointer(start: start + range.lowerBound, count: range.count))
  }

  /// Ends the document with its newline.
  mutating func finish() {
    append(0x0A)
  }

  // MARK: Containers

  /// Opens an object (`{`).
  mutating func beginObject() {
    append(UInt8(ascii: "{"))
    depth += 1
    empty = true
  }

  /// Closes the innermost object: `{}` when it has no members.
  mutating func endObject() {
    close(UInt8(ascii: "}"))
  }

  /// Opens an array (`[`).
  mutating func beginArray() {
    append(UInt8(ascii: "["))
    depth += 1
    empty = true
  }

  /// Closes the innermost array: `[]` when it has no elements.
  mutating func endArray() {
    close(UInt8(ascii: "]"))
  }

  /// Starts a member of the innermost object: separator, new line, `"key": `. `key` must need
  /// no escaping. Inlined, so that each call site's key length is a constant and its copy a few
  /// fixed moves.
  @inline(__always)
  mutating func key(_ key: StaticString) {
    let length = key.utf8CodeUnitCount
    // The separator, quote, key and `": `, after one check for room.
    reserve(depth &* 2 &+ length &+ 15)
    let out = writeSeparator(at: UnsafeMutableRawPointer(start + count))
    out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    Self.copyShort(from: UnsafeRawPointer(key.utf8Start), count: length, to: out + 1)
    // `": ` in one store (bytes 22 3A 20, little-endian; the fourth byte is overwritten next).
    out.storeBytes(
      of: UInt32(littleEndian: 0x0020_3A22), toByteOffset: 1 &+ length, as: UInt32.self)
    count = offset(of: out + (4 &+ length))
  }

  /// Copies `count` bytes with a few overlapping word loads and stores instead of a call to
  /// `memcpy`, for keys, which are short; never reads outside the source.
  @inline(__always)
  private static func copyShort(
    from source: UnsafeRawPointer, count n: Int, to target: UnsafeMutableRawPointer
  ) {
    if n >= 8 {
      var i = 0
      while i &+ 8 < n {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
        i &+= 8
      }
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8,
        as: UInt64.self)
    } else if n >= 4 {
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: 0, as: UInt32.self), toByteOffset: 0, as: UInt32.self)
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4,
        as: UInt32.self)
    } else {
      for i in 0..<n {
        target.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
      }
    }
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
    reserve(24)
    count += Self.writeInteger(n, to: start + count)
  }

  /// A number: integral values without a fraction (`1`, not `1.0`), others in Swift's shortest
  /// round-trip form; non-finite values, which JSON cannot hold, as `null`.
  mutating func value(_ d: Double) {
    reserve(JSONNumber.maxFastLength)
    if let n = JSONNumber.write(d, to: start + count) {
      count += n
    } else {
      append(d.description)
    }
  }

  /// A string with `"`, `\` and control characters escaped (RFC 8259, section 7).
  mutating func value(_ s: String) {
    var s = s
    s.withUTF8 { appendString($0) }
  }

  /// A string, or `null` when `s` is `nil`.
  mutating func value(_ s: String?) {
    if let s { value(s) } else { null() }
  }

  /// An array of integers, on one line.
  mutating func value(_ numbers: [Int]) {
    numberArray(count: numbers.count) { $0.value(numbers[$1]) }
  }

  /// An array of numbers, on one line.
  mutating func value(_ numbers: [Double]) {
    numberArray(count: numbers.count) { $0.value(numbers[$1]) }
  }

  /// `[r, g, b]`: three integers on one line.
  mutating func value(_ numbers: SIMD3<Int>) {
    integers(count: 3) { numbers[$0] }
  }

  /// `[r, g, b, a]`: four integers on one line.
  mutating func value(_ numbers: SIMD4<Int>) {
    integers(count: 4) { numbers[$0] }
  }

  /// Three numbers on one line.
  mutating func value(_ numbers: SIMD3<Double>) {
    numberArray(count: 3) { $0.value(numbers[$1]) }
  }

  /// A short, non-empty array of integers on one line, written after one check for room: the
  /// colour triples are a fifth of a theme's values.
  @inline(__always)
  private mutating func integers(count n: Int, _ number: (Int) -> Int) {
    // Per element: `, ` and up to 20 digits and a sign; then the brackets.
    reserve(n &* 23 &+ 2)
    // The separator before the array is the caller's (`key` or `element`).
    var out = UnsafeMutableRawPointer(start + count)
    out.storeBytes(of: UInt8(ascii: "["), as: UInt8.self)
    out += 1
    for i in 0..<n {
      if i > 0 {
        out.storeBytes(of: Self.commaSpace, as: UInt16.self)
        out += 2
      }
      out += Self.writeInteger(number(i), to: out.assumingMemoryBound(to: UInt8.self))
    }
    out.storeBytes(of: UInt8(ascii: "]"), as: UInt8.self)
    count = offset(of: out + 1)
    empty = false
  }

  /// An array of numbers on one line, `[a, b, c]`, element `i` written by `write(&self, i)`:
  /// numbers read better side by side (a colour as `[148, 0, 0]`) and keep files short.
  @inline(__always)
  private mutating func numberArray(count n: Int, _ write: (inout JSONWriter, Int) -> Void) {
    append(UInt8(ascii: "["))
    for i in 0..<n {
      if i > 0 {
        reserve(2)
        UnsafeMutableRawPointer(start + count).storeBytes(of: Self.commaSpace, as: UInt16.self)
        count += 2
      }
      write(&self, i)
    }
    append(UInt8(ascii: "]"))
    empty = false
  }

  /// `, ` as one little-endian store.
  private static let commaSpace = UInt16(littleEndian: 0x202C)

  // MARK: Bytes

  @inline(__always)
  private mutating func separate() {
    reserve(depth * 2 + 10)
    count = offset(of: writeSeparator(at: UnsafeMutableRawPointer(start + count)))
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if !empty {
      reserve(depth * 2 + 9)
      count = offset(of: Self.writeNewline(at: UnsafeMutableRawPointer(start + count), depth: depth))
    }
    append(bracket)
    empty = false
  }

  /// Writes what comes before a member or element at `out`: a comma unless it is the first of
  /// its container, a new line and the indentation. Returns where it ends; needs room for
  /// `depth * 2 + 10` bytes.
  @inline(__always)
  private mutating func writeSeparator(at out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    var out = out
    if !empty {
      out.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
      out += 1
    }
    empty = false
    return Self.writeNewline(at: out, depth: depth)
  }

  /// Writes a new line and `depth` levels of indentation at `out` and returns where they end;
  /// needs room for `depth * 2 + 9` bytes (eight spaces per store, rounded up: the spare bytes
  /// are overwritten by what follows).
  @inline(__always)
  private static func writeNewline(
    at out: UnsafeMutableRawPointer, depth: Int
  ) -> UnsafeMutableRawPointer {
    let spaces = depth &* 2
    out.storeBytes(of: 0x0A, as: UInt8.self)
    var i = 0
    while i < spaces {
      out.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 1 &+ i, as: UInt64.self)
      i &+= 8
    }
    return out + 1 + spaces
  }

  /// The number of bytes from the buffer's start to `end`.
  @inline(__always)
  private func offset(of end: UnsafeMutableRawPointer) -> Int {
    UnsafeRawPointer(start).distance(to: end)
  }

  /// Makes room for `n` more bytes.
  @inline(__always)
  private mutating func reserve(_ n: Int) {
    if count &+ n > capacity { grow(count &+ n) }
  }

  @inline(never)  // rare: keeps the callers' fast paths short
  private mutating func grow(_ needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStart.initialize(from: start, count: count)
    start.deallocate()
    start = newStart
    capacity = newCapacity
  }

  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  @inline(__always)
  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    (start + count).initialize(from: base, count: bytes.count)
    count += bytes.count
  }

  @inline(__always)
  private mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Writes the decimal digits of `n` at `out` (room for 20 digits and a sign) and returns how
  /// many bytes it wrote.
  static func writeInteger(_ n: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = UInt64(n.magnitude)
    let sign = n < 0 ? 1 : 0
    if sign == 1 { out[0] = UInt8(ascii: "-") }
    let digits = DecimalDigits.count(magnitude)
    DecimalDigits.write(&magnitude, count: digits, endingAt: out + sign + digits)
    return sign + digits
  }

  /// True when one of the `count` bytes at `bytes` must be escaped in a JSON string: a control
  /// character (below 0x20), `"` or `\`.
  ///
  /// Eight bytes per step, with the word-at-a-time tests of Sean Eron Anderson's "Bit Twiddling
  /// Hacks" ("Determine if a word has a byte less than n", "... has a zero byte"): each is exact
  /// about whether some byte matches, which is all this asks. Bytes of 0x80 and above (UTF-8
  /// sequences) never match. Shorter runs are read as overlapping words.
  @inline(__always)
  static func needsEscape(_ bytes: UnsafeRawPointer, count n: Int) -> Bool {
    @inline(__always) func matches(_ x: UInt64) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let quote = x ^ (ones &* 0x22)
      let backslash = x ^ (ones &* 0x5C)
      let below = (x &- ones &* 0x20) & ~x
      let isQuote = (quote &- ones) & ~quote
      let isBackslash = (backslash &- ones) & ~backslash
      return (below | isQuote | isBackslash) & highs != 0
    }
    if n >= 8 {
      var i = 0
      while i &+ 8 < n {
        if matches(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
        i &+= 8
      }
      return matches(bytes.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
    }
    if n >= 4 {
      // Two overlapping four-byte words; the duplicate bytes are harmless.
      let low = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
      let high = UInt64(bytes.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
      return matches(low | high << 32)
    }
    for i in 0..<n {
      let byte = bytes.load(fromByteOffset: i, as: UInt8.self)
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
    }
    return false
  }

  /// Appends `utf8` as a quoted JSON string, escaping only what RFC 8259 requires.
  private mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
    // Most strings (hex colours, names, paths, digests) need no escape: one check, one copy.
    if utf8.count <= 64, let base = utf8.baseAddress,
      !Self.needsEscape(UnsafeRawPointer(base), count: utf8.count)
    {
      reserve(utf8.count + 2)
      let out = UnsafeMutableRawPointer(start + count)
      out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
      Self.copyShort(from: UnsafeRawPointer(base), count: utf8.count, to: out + 1)
      out.storeBytes(of: UInt8(ascii: "\""), toByteOffset: utf8.count + 1, as: UInt8.self)
      count += utf8.count + 2
      return
    }
    append(UInt8(ascii: "\""))
    var runStart = 0
    for i in 0..<utf8.count {
      let byte = utf8[i]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      // Copy the run that needs no escape, then the escape.
      append(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
      runStart = i + 1
      switch byte {
      case UInt8(ascii: "\""): append(#"\""#)
      case UInt8(ascii: "\\"): append(#"\\"#)
      case 0x0A: append(#"\n"#)
      case 0x0D: append(#"\r"#)
      case 0x09: append(#"\t"#)
      default:
        let hex: StaticString = "0123456789abcdef"
        append(#"\u00"#)
        append(hex.utf8Start[Int(byte >> 4)])
        append(hex.utf8Start[Int(byte & 0xF)])
      }
    }
    append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    append(UInt8(ascii: "\""))
  }
}
