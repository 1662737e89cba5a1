/// Why some bytes are not a JSON text (RFC 8259), and where.
///
/// `description` reads like `unexpected character '}' at byte 17`: the reason, then the offset
/// of the offending byte from the start of the input (the input's length when it ends too early).
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The offset, from the start of the input, of the byte where the text stops being JSON.
  public var offset: Int
  /// What is wrong there, e.g. `unexpected character '}'` or `unexpected end of input`.
  public var reason: String

  /// Creates an error for the byte at `offset`.
  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  /// The reason and the offset, e.g. `unexpected character '}' at byte 17`.
  public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
  /// The deepest nesting of arrays and objects the parser accepts (RFC 8259 section 9 lets a
  /// parser limit it); one more level is a `JSONSyntaxError`, never a stack overflow.
  public static let maximumNestingDepth = 512

  /// Parses a JSON text (RFC 8259) encoded in UTF-8.
  ///
  /// Accepted is exactly the grammar of RFC 8259: one value (section 3) with only whitespace
  /// (space, tab, line feed, carriage return; section 2) around it, and no trailing commas. A
  /// leading UTF-8 byte order mark is skipped (section 8.1). Strings (section 7) take the escapes
  /// `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t` and `\uXXXX`, where a surrogate must be half of a
  /// pair (section 8.2); control characters below U+0020 must be escaped and the bytes must be
  /// valid UTF-8 (section 8.1). Numbers (section 6) follow
  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: one without fraction or exponent that
  /// fits `Int` becomes `.integer`, any other becomes `.number` (the nearest `Double`), and one
  /// beyond the range of `Double` (`1e400`) is an error. In an object with a repeated name (section 4), the last member wins. Arrays and
  /// objects nest at most `maximumNestingDepth` deep (section 9).
  ///
  /// - Throws: `JSONSyntaxError` naming the first byte where the input stops being JSON.
  public init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
    let result = bytes.withUnsafeBytes { buffer -> Result<JSONValue, JSONSyntaxError> in
      do throws(JSONSyntaxError) {
        return .success(try JSONValue.parse(buffer))
      } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// Parses a JSON text (the grammar of `init(parsing:)`) into a value.
  static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
    var builder = JSONTreeBuilder(keeping: nil)
    var scanner = JSONScanner(bytes)
    try scanner.run(into: &builder)
    return builder.result
  }

  /// Checks that `bytes` are a JSON text (the grammar of `init(parsing:)`, the same texts
  /// accepted and refused) without building any value.
  static func validate(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
    var sink = JSONValidationSink()
    var scanner = JSONScanner(bytes)
    try scanner.run(into: &sink)
  }

  /// Parses a JSON text (the grammar of `init(parsing:)`, all of it checked) and returns the
  /// members of its top-level object whose names are in `names`, building no value for the
  /// others; nil when the text is JSON but not an object.
  static func members(
    parsing bytes: UnsafeRawBufferPointer, keeping names: [String]
  ) throws(JSONSyntaxError) -> [String: JSONValue]? {
    var builder = JSONTreeBuilder(keeping: names)
    var scanner = JSONScanner(bytes)
    try scanner.run(into: &builder)
    guard case .object(let members) = builder.result else { return nil }
    return members
  }

  /// Parses `bytes` with `members(parsing:keeping:)`.
  static func members(
    parsing bytes: [UInt8], keeping names: [String]
  ) throws(JSONSyntaxError) -> [String: JSONValue]? {
    let result = bytes.withUnsafeBytes { buffer -> Result<[String: JSONValue]?, JSONSyntaxError> in
      do throws(JSONSyntaxError) {
        return .success(try JSONValue.members(parsing: buffer, keeping: names))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

// MARK: - Scanner

/// What the scanner reports while it walks a JSON text, in document order. Strings and
/// numbers come as the raw bytes between their delimiters, already checked against the grammar.
protocol JSONEventSink {
  /// `{` was read.
  mutating func beginObject()
  /// `[` was read.
  mutating func beginArray()
  /// The `}` of the innermost open object was read.
  mutating func endObject()
  /// The `]` of the innermost open array was read.
  mutating func endArray()
  /// A member name was read (the bytes between the quotes; `escaped` when they hold a `\`).
  mutating func key(_ raw: UnsafeRawBufferPointer, escaped: Bool)
  /// A string value was read (the bytes between the quotes; `escaped` when they hold a `\`).
  mutating func string(_ raw: UnsafeRawBufferPointer, escaped: Bool)
  /// A number was read; `isInteger` when it has neither fraction nor exponent.
  mutating func number(_ raw: UnsafeRawBufferPointer, isInteger: Bool)
  /// `null`, `true` or `false` was read.
  mutating func literal(_ value: JSONValue)
}

/// Walks a JSON text byte by byte (an index into the buffer, no allocation per value), checks
/// the RFC 8259 grammar and reports each token to a sink. Nesting is tracked on a small stack
/// of its own, never by recursion.
struct JSONScanner {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// Reads the whole text, reporting to `sink`; throws at the first byte that breaks the grammar.
  mutating func run<Sink: JSONEventSink>(into sink: inout Sink) throws(JSONSyntaxError) {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    // true for an object, false for an array, innermost last.
    var open: [Bool] = []
    nextValue: while true {
      skipWhitespace()
      guard index < bytes.count else { throw endOfInput() }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        guard open.count < JSONValue.maximumNestingDepth else { throw tooDeep() }
        index += 1
        sink.beginObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          sink.endObject()
        } else {
          open.append(true)
          try memberName(into: &sink)
          continue nextValue
        }
      case UInt8(ascii: "["):
        guard open.count < JSONValue.maximumNestingDepth else { throw tooDeep() }
        index += 1
        sink.beginArray()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          sink.endArray()
        } else {
          open.append(false)
          continue nextValue
        }
      case UInt8(ascii: "\""):
        let (raw, escaped) = try scanString()
        sink.string(raw, escaped: escaped)
      case UInt8(ascii: "t"):
        try scanLiteral("true")
        sink.literal(.bool(true))
      case UInt8(ascii: "f"):
        try scanLiteral("false")
        sink.literal(.bool(false))
      case UInt8(ascii: "n"):
        try scanLiteral("null")
        sink.literal(.null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let (raw, isInteger) = try scanNumber()
        sink.number(raw, isInteger: isInteger)
      default:
        throw unexpected()
      }
      // A value ended: close containers until a comma asks for the next value.
      while true {
        skipWhitespace()
        guard let isObject = open.last else {
          guard index == bytes.count else { throw unexpected() }
          return
        }
        guard index < bytes.count else { throw endOfInput() }
        let byte = bytes[index]
        if byte == UInt8(ascii: ",") {
          index += 1
          if isObject {
            skipWhitespace()
            try memberName(into: &sink)
          }
          continue nextValue
        }
        guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw unexpected() }
        index += 1
        open.removeLast()
        if isObject { sink.endObject() } else { sink.endArray() }
      }
    }
  }

  /// Skips RFC 8259 whitespace: space, tab, line feed, carriage return. Runs of spaces (the
  /// indentation of pretty-printed documents, often half their bytes) go eight at a time.
  @inline(__always)
  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20:
        index += 1
        while index + 8 <= bytes.count {
          let others = word(at: index) ^ 0x2020_2020_2020_2020
          if others != 0 {
            index += others.trailingZeroBitCount >> 3
            break
          }
          index += 8
        }
      case 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// The eight bytes at `offset` (at most `bytes.count - 8`), the first in the lowest bits.
  @inline(__always)
  private func word(at offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// Reads a member name and the colon after it (the index at the name's opening quote).
  private mutating func memberName<Sink: JSONEventSink>(into sink: inout Sink)
    throws(JSONSyntaxError)
  {
    guard index < bytes.count else { throw endOfInput() }
    guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected() }
    let (raw, escaped) = try scanString()
    sink.key(raw, escaped: escaped)
    skipWhitespace()
    guard index < bytes.count else { throw endOfInput() }
    guard bytes[index] == UInt8(ascii: ":") else { throw unexpected() }
    index += 1
  }

  /// Reads `true`, `false` or `null` (the index at its first letter).
  private mutating func scanLiteral(_ word: StaticString) throws(JSONSyntaxError) {
    let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for letter in letters {
      guard index < bytes.count else { throw endOfInput() }
      guard bytes[index] == letter else { throw unexpected() }
      index += 1
    }
  }

  /// Reads a string (the index at its opening quote) and returns the bytes between the quotes
  /// and whether they hold an escape.
  private mutating func scanString() throws(JSONSyntaxError) -> (UnsafeRawBufferPointer, Bool) {
    index += 1
    let start = index
    var escaped = false
    while true {
      // Plain ASCII runs, the common case, eight bytes at a time: the lowest flagged byte of
      // each test below is exact (a borrow only runs upwards), so the lowest flag of all is the
      // first quote, backslash, control character or non-ASCII byte.
      while index + 8 <= bytes.count {
        let chunk = word(at: index)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = chunk ^ (ones &* 0x22)
        let backslash = chunk ^ (ones &* 0x5C)
        let flags =
          ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | ((chunk &- ones &* 0x20) & ~chunk) | chunk
        let first = flags & highs
        if first != 0 {
          index += first.trailingZeroBitCount >> 3
          break
        }
        index += 8
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
        index += 1
      }
      guard index < bytes.count else { throw endOfInput() }
      let byte = bytes[index]
      switch byte {
      case 0x22:
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return (raw, escaped)
      case 0x5C:
        escaped = true
        try scanEscape()
      case 0..<0x20:
        throw JSONSyntaxError(
          offset: index, reason: "unescaped control character \(Self.hex(byte)) in a string")
      default:
        try scanMultibyteCharacter(lead: byte)
      }
    }
  }

  /// Reads one escape (the index at its backslash); a `\u` surrogate must be half of a pair.
  private mutating func scanEscape() throws(JSONSyntaxError) {
    let backslash = index
    index += 1
    guard index < bytes.count else { throw endOfInput() }
    switch bytes[index] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 1
    case UInt8(ascii: "u"):
      let unit = try scanHexUnit()
      if (0xDC00...0xDFFF).contains(unit) {
        throw JSONSyntaxError(offset: backslash, reason: "lone low surrogate in a \\u escape")
      }
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw JSONSyntaxError(offset: backslash, reason: "lone high surrogate in a \\u escape")
        }
        index += 1
        let low = try scanHexUnit()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw JSONSyntaxError(offset: backslash, reason: "lone high surrogate in a \\u escape")
        }
      }
    default:
      throw JSONSyntaxError(
        offset: backslash, reason: "invalid escape \(Self.describe(bytes[index]))")
    }
  }

  /// Reads the four hex digits of a `\u` escape (the index at the `u`) and returns their value.
  private mutating func scanHexUnit() throws(JSONSyntaxError) -> UInt32 {
    var unit: UInt32 = 0
    for _ in 0..<4 {
      index += 1
      guard index < bytes.count else { throw endOfInput() }
      guard let digit = Self.hexValue(bytes[index]) else {
        let what = Self.describe(bytes[index])
        throw JSONSyntaxError(offset: index, reason: "\(what) is not a hex digit of a \\u escape")
      }
      unit = unit << 4 | UInt32(digit)
    }
    index += 1
    return unit
  }

  /// Checks one UTF-8 sequence of two to four bytes (RFC 3629 section 4: no overlong forms, no
  /// surrogates, nothing above U+10FFFF) starting at the index, and steps over it.
  private mutating func scanMultibyteCharacter(lead: UInt8) throws(JSONSyntaxError) {
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    let continuations: Int
    switch lead {
    case 0xC2...0xDF: continuations = 1
    case 0xE0:
      continuations = 2
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: continuations = 2
    case 0xED:
      continuations = 2
      high = 0x9F
    case 0xF0:
      continuations = 3
      low = 0x90
    case 0xF1...0xF3: continuations = 3
    case 0xF4:
      continuations = 3
      high = 0x8F
    default: throw invalidUTF8(at: index)
    }
    guard index + continuations < bytes.count else { throw invalidUTF8(at: index) }
    guard (low...high).contains(bytes[index + 1]) else { throw invalidUTF8(at: index) }
    var next = index + 2
    while next <= index + continuations {
      guard (0x80...0xBF).contains(bytes[next]) else { throw invalidUTF8(at: index) }
      next += 1
    }
    index = next
  }

  /// Reads a number (the index at its `-` or first digit) and returns its bytes and whether it
  /// has neither fraction nor exponent. Throws when it is beyond the range of `Double`.
  private mutating func scanNumber() throws(JSONSyntaxError) -> (UnsafeRawBufferPointer, Bool) {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    guard index < bytes.count else { throw endOfInput() }
    switch bytes[index] {
    case UInt8(ascii: "0"): index += 1
    case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits()
    default: throw unexpected()
    }
    let integerDigits = index - integerStart
    var isInteger = true
    var hasExponent = false
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      try requireDigits()
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      hasExponent = true
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      try requireDigits()
    }
    let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
    // Without an exponent, fewer than 309 integer digits always stay below Double's maximum
    // (about 1.8e308); only the others need converting here.
    if hasExponent || integerDigits > 308 {
      guard let value = Double(String(decoding: raw, as: UTF8.self)), value.isFinite else {
        throw JSONSyntaxError(offset: start, reason: "number out of the range of Double")
      }
    }
    return (raw, isInteger)
  }

  /// Steps over one or more digits, throwing when there is none.
  private mutating func requireDigits() throws(JSONSyntaxError) {
    guard index < bytes.count else { throw endOfInput() }
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { throw unexpected() }
    skipDigits()
  }

  /// Steps over any digits.
  @inline(__always)
  private mutating func skipDigits() {
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
  }

  // MARK: Errors

  /// The byte at the index does not fit the grammar.
  private func unexpected() -> JSONSyntaxError {
    let byte = bytes[index]
    let what = (0x21...0x7E).contains(byte) ? "character" : "byte"
    return JSONSyntaxError(offset: index, reason: "unexpected \(what) \(Self.describe(byte))")
  }

  /// The input ended inside a value.
  private func endOfInput() -> JSONSyntaxError {
    JSONSyntaxError(offset: bytes.count, reason: "unexpected end of input")
  }

  /// An array or object would open one level deeper than allowed.
  private func tooDeep() -> JSONSyntaxError {
    JSONSyntaxError(
      offset: index, reason: "nesting deeper than \(JSONValue.maximumNestingDepth) levels")
  }

  /// A string holds bytes that are not UTF-8.
  private func invalidUTF8(at offset: Int) -> JSONSyntaxError {
    JSONSyntaxError(
      offset: offset, reason: "invalid UTF-8 byte \(Self.hex(bytes[offset])) in a string")
  }

  /// `'x'` for a printable ASCII byte, else `0xHH`.
  private static func describe(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : hex(byte)
  }

  /// `0xHH`.
  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0x0" + digits : "0x" + digits
  }

  /// The value of an ASCII hex digit, or nil.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
  }
}

// MARK: - Sinks

/// A sink that keeps nothing: the scanner alone checks the text.
struct JSONValidationSink: JSONEventSink {
  mutating func beginObject() {}
  mutating func beginArray() {}
  mutating func endObject() {}
  mutating func endArray() {}
  mutating func key(_ raw: UnsafeRawBufferPointer, escaped: Bool) {}
  mutating func string(_ raw: UnsafeRawBufferPointer, escaped: Bool) {}
  mutating func number(_ raw: UnsafeRawBufferPointer, isInteger: Bool) {}
  mutating func literal(_ value: JSONValue) {}
}

/// Builds `JSONValue`s from the scanner's events, on explicit stacks of open arrays and objects.
///
/// With `keeping`, only the top-level object's members of those names are built; the values
/// of the others are passed over (checked by the scanner, never built).
struct JSONTreeBuilder: JSONEventSink {
  /// The finished value.
  private(set) var result: JSONValue = .null

  /// The open containers, innermost last: true for an object, false for an array.
  private var open: [Bool] = []
  private var arrays: [[JSONValue]] = []
  private var objects: [[String: JSONValue]] = []
  /// The name of the member being read, one per open object.
  private var names: [String] = []
  /// Decoded bytes of an escaped string, reused.
  private var scratch: [UInt8] = []

  /// The top-level member names to build, or nil for all.
  private let keeping: [String]?
  /// True while passing over the value of a top-level member that is not kept.
  private var skipping = false
  /// Containers opened inside the value being passed over.
  private var skippedDepth = 0

  init(keeping: [String]?) {
    self.keeping = keeping
  }

  mutating func beginObject() {
    if skipping {
      skippedDepth += 1
      return
    }
    open.append(true)
    objects.append([:])
    names.append("")
  }

  mutating func beginArray() {
    if skipping {
      skippedDepth += 1
      return
    }
    open.append(false)
    arrays.append([])
  }

  mutating func endObject() {
    if skipping {
      skippedDepth -= 1
      if skippedDepth == 0 { skipping = false }
      return
    }
    open.removeLast()
    names.removeLast()
    emit(.object(objects.removeLast()))
  }

  mutating func endArray() {
    if skipping {
      skippedDepth -= 1
      if skippedDepth == 0 { skipping = false }
      return
    }
    open.removeLast()
    emit(.array(arrays.removeLast()))
  }

  mutating func key(_ raw: UnsafeRawBufferPointer, escaped: Bool) {
    if skipping { return }
    if let keeping, open.count == 1 {
      let name = escaped ? unescape(raw) : nil
      let kept = keeping.contains { wanted in
        if let name { return name == wanted }
        return raw.elementsEqual(wanted.utf8)
      }
      guard kept else {
        skipping = true
        return
      }
      names[names.count - 1] = name ?? String(decoding: raw, as: UTF8.self)
      return
    }
    names[names.count - 1] = escaped ? unescape(raw) : String(decoding: raw, as: UTF8.self)
  }

  mutating func string(_ raw: UnsafeRawBufferPointer, escaped: Bool) {
    if skipping {
      if skippedDepth == 0 { skipping = false }
      return
    }
    emit(.string(escaped ? unescape(raw) : String(decoding: raw, as: UTF8.self)))
  }

  mutating func number(_ raw: UnsafeRawBufferPointer, isInteger: Bool) {
    if skipping {
      if skippedDepth == 0 { skipping = false }
      return
    }
    if isInteger, let integer = Self.integer(raw) {
      emit(.integer(integer))
    } else {
      // The scanner checked the grammar and the range, so this cannot fail.
      emit(.number(Double(String(decoding: raw, as: UTF8.self)) ?? .nan))
    }
  }

  mutating func literal(_ value: JSONValue) {
    if skipping {
      if skippedDepth == 0 { skipping = false }
      return
    }
    emit(value)
  }

  /// Adds a finished value to the innermost open container, or makes it the result.
  @inline(__always)
  private mutating func emit(_ value: JSONValue) {
    guard let isObject = open.last else {
      result = value
      return
    }
    if isObject {
      objects[objects.count - 1][names[names.count - 1]] = value
    } else {
      arrays[arrays.count - 1].append(value)
    }
  }

  /// The value of an integer literal (`-?digits`), or nil when it does not fit `Int`.
  private static func integer(_ raw: UnsafeRawBufferPointer) -> Int? {
    let negative = raw[0] == UInt8(ascii: "-")
    // Accumulated as a negative number, which reaches Int.min.
    var value = 0
    for byte in raw[(negative ? 1 : 0)...] {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times10.subtractingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
      if overflow1 || overflow2 { return nil }
      value = next
    }
    if negative { return value }
    return value == .min ? nil : -value
  }

  /// The text of a string whose escapes the scanner has checked.
  private mutating func unescape(_ raw: UnsafeRawBufferPointer) -> String {
    scratch.removeAll(keepingCapacity: true)
    var i = 0
    while i < raw.count {
      let byte = raw[i]
      guard byte == UInt8(ascii: "\\") else {
        scratch.append(byte)
        i += 1
        continue
      }
      let kind = raw[i + 1]
      i += 2
      switch kind {
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = Self.hexUnit(raw, at: i)
        i += 4
        if (0xD800...0xDBFF).contains(scalar) {
          let low = Self.hexUnit(raw, at: i + 2)
          i += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        appendUTF8(scalar)
      default: scratch.append(kind)  // " \ /
      }
    }
    return String(decoding: scratch, as: UTF8.self)
  }

  /// Four hex digits at `offset` (checked by the scanner).
  private static func hexUnit(_ raw: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
    var unit: UInt32 = 0
    for k in offset..<offset + 4 { unit = unit << 4 | UInt32(JSONScanner.hexValue(raw[k]) ?? 0) }
    return unit
  }

  /// Appends the UTF-8 encoding of a scalar value (not a surrogate).
  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
