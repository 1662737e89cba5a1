import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteFetch

/// The RFC 8259 parser: written cases, a round trip of random trees, and agreement with
/// Foundation's `JSONSerialization` on random and real documents.
@Suite("JSON parsing")
struct JSONParsingTests {
  // MARK: Written cases

  /// Texts that must parse, with their values.
  static let accepted: [(String, JSONValue)] = [
    // Literals and fragments.
    ("null", .null), ("true", .bool(true)), ("false", .bool(false)),
    // Numbers: integers that fit Int stay integers, everything else is a Double.
    ("0", .integer(0)), ("-0", .integer(0)), ("7", .integer(7)), ("-123", .integer(-123)),
    ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
    ("9223372036854775808", .number(0x1p63)),
    ("-9223372036854775809", .number(-0x1p63)),
    ("123456789012345678901234567890", .number(1.2345678901234568e29)),
    ("1.5", .number(1.5)), ("-0.0", .number(-0.0)), ("0.1", .number(0.1)), ("1.0", .number(1)),
    ("1e2", .number(100)), ("1E2", .number(100)), ("1e+2", .number(100)), ("1e-2", .number(0.01)),
    ("-1.25E-3", .number(-0.00125)), ("0e0", .number(0)), ("1e007", .number(1e7)),
    ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
    ("4.9e-324", .number(.leastNonzeroMagnitude)), ("1e-400", .number(0)),
    // Strings and escapes.
    (#""""#, .string("")), (#""abc""#, .string("abc")),
    (#""\" \\ \/ \b \f \n \r \t""#, .string("\" \\ / \u{8} \u{C} \n \r \t")),
    (#""\u0041\u00e9\u20AC\u0000""#, .string("A\u{E9}\u{20AC}\u{0}")),
    (#""\uD83D\uDE00 \ud83d\ude00""#, .string("\u{1F600} \u{1F600}")),
    (#""\uDBFF\uDFFF""#, .string("\u{10FFFF}")), (#""\uFFFF""#, .string("\u{FFFF}")),
    ("\"\u{E9}\u{20AC}\u{1F600}\u{7F}\"", .string("\u{E9}\u{20AC}\u{1F600}\u{7F}")),
    (#""a\\u0041""#, .string("a\\u0041")),
    // Arrays and objects.
    ("[]", .array([])), ("{}", .object([:])), ("[[]]", .array([.array([])])),
    ("[1,[2,[3]]]", .array([.integer(1), .array([.integer(2), .array([.integer(3)])])])),
    (
      #"{"a":{"b":[true,null,"x"]},"c":-1}"#,
      .object(["a": .object(["b": .array([.bool(true), .null, .string("x")])]), "c": .integer(-1)])
    ),
    (#"{"":0}"#, .object(["": .integer(0)])),
    (#"{"a":1,"a":2}"#, .object(["a": .integer(2)])),
    (
      #"{"a":[1],"b":2,"a":{"c":3}}"#,
      .object(["a": .object(["c": .integer(3)]), "b": .integer(2)])
    ),
    (#"{"\u0061":1,"\n":2}"#, .object(["a": .integer(1), "\n": .integer(2)])),
    // Whitespace: space, tab, line feed, carriage return, anywhere between tokens.
    (" \t\r\n[ 1 ,\t2\r]\n ", .array([.integer(1), .integer(2)])),
    ("{ \"a\" : 1 , \"b\"\n:\n[ ] }", .object(["a": .integer(1), "b": .array([])])),
    ("\u{FEFF}[1]", .array([.integer(1)])),
  ]

  /// Texts that must be refused, with the offset and reason of the error.
  static let refused: [([UInt8], Int, String)] = [
    // Empty, truncated, trailing data.
    (b(""), 0, "unexpected end of input"), (b(" \n"), 2, "unexpected end of input"),
    (b("["), 1, "unexpected end of input"), (b(#"{"a":"#), 5, "unexpected end of input"),
    (b(#"{"a""#), 4, "unexpected end of input"), (b(#""abc"#), 4, "unexpected end of input"),
    (b("{} x"), 3, "unexpected character 'x'"), (b("[1]]"), 3, "unexpected character ']'"),
    (b("1 2"), 2, "unexpected character '2'"), (b("[1]\u{0}"), 3, "unexpected byte 0x00"),
    (b("[1]//"), 3, "unexpected character '/'"), (b("/*c*/1"), 0, "unexpected character '/'"),
    // Trailing and missing commas, colons and names.
    (b("[1,]"), 3, "unexpected character ']'"), (b(#"{"a":1,}"#), 7, "unexpected character '}'"),
    (b("[,1]"), 1, "unexpected character ','"), (b("[1,,2]"), 3, "unexpected character ','"),
    (b("[1 2]"), 3, "unexpected character '2'"), (b(#"{"a" 1}"#), 5, "unexpected character '1'"),
    (b(#"{"a"}"#), 4, "unexpected character '}'"),
    (b(#"{"a":1 "b":2}"#), 7, "unexpected character '\"'"),
    (b(#"["a":1]"#), 4, "unexpected character ':'"), (b("{a:1}"), 1, "unexpected character 'a'"),
    (b("{'a':1}"), 1, "unexpected character '''"), (b("{1:1}"), 1, "unexpected character '1'"),
    (b("[1}"), 2, "unexpected character '}'"), (b(#"{"a":1]"#), 6, "unexpected character ']'"),
    // Literals.
    (b("tru"), 3, "unexpected end of input"), (b("True"), 0, "unexpected character 'T'"),
    (b("nulll"), 4, "unexpected character 'l'"), (b("nil"), 1, "unexpected character 'i'"),
    (b("undefined"), 0, "unexpected character 'u'"),
    // Numbers.
    (b("01"), 1, "unexpected character '1'"), (b("[01]"), 2, "unexpected character '1'"),
    (b("-01"), 2, "unexpected character '1'"), (b("00.5"), 1, "unexpected character '0'"),
    (b("1."), 2, "unexpected end of input"), (b("1.e3"), 2, "unexpected character 'e'"),
    (b(".5"), 0, "unexpected character '.'"), (b("+1"), 0, "unexpected character '+'"),
    (b("-"), 1, "unexpected end of input"), (b("- 1"), 1, "unexpected byte 0x20"),
    (b("1e"), 2, "unexpected end of input"), (b("1e+"), 3, "unexpected end of input"),
    (b("1e+-2"), 3, "unexpected character '-'"), (b("0x10"), 1, "unexpected character 'x'"),
    (b("Infinity"), 0, "unexpected character 'I'"), (b("-Infinity"), 1, "unexpected character 'I'"),
    (b("NaN"), 0, "unexpected character 'N'"), (b("1_000"), 1, "unexpected character '_'"),
    (b("1e400"), 0, "number out of the range of Double"),
    (b("[0, -1E309]"), 4, "number out of the range of Double"),
    (b("1.7976931348623159e308"), 0, "number out of the range of Double"),
    (b("1" + String(repeating: "0", count: 309)), 0, "number out of the range of Double"),
    // Escapes and surrogates.
    (b(#""\x""#), 1, "invalid escape 'x'"), (b(#""\U0041""#), 1, "invalid escape 'U'"),
    (b(#""\'""#), 1, "invalid escape '''"), (b("\"\\\u{0}\""), 1, "invalid escape 0x00"),
    (b(#""\u12""#), 5, "'\"' is not a hex digit of a \\u escape"),
    (b(#""\u00g0""#), 5, "'g' is not a hex digit of a \\u escape"),
    (b(#""\uD800""#), 1, "lone high surrogate in a \\u escape"),
    (b(#""x\uDC00""#), 2, "lone low surrogate in a \\u escape"),
    (b(#""\uD800\u0041""#), 1, "lone high surrogate in a \\u escape"),
    (b(#""\uD800\n""#), 1, "lone high surrogate in a \\u escape"),
    (b(#""\uD800\uD800""#), 1, "lone high surrogate in a \\u escape"),
    (b(#""\uDE00\uD83D""#), 1, "lone low surrogate in a \\u escape"),
    // Unescaped control characters.
    (b("\"a\tb\""), 2, "unescaped control character 0x09 in a string"),
    (b("\"\n\""), 1, "unescaped control character 0x0A in a string"),
    (b("\"\u{0}\""), 1, "unescaped control character 0x00 in a string"),
    (b("[\"\u{1F}\"]"), 2, "unescaped control character 0x1F in a string"),
    // Invalid UTF-8 inside strings, and any non-ASCII byte outside them.
    ([0x22, 0xFF, 0x22], 1, "invalid UTF-8 byte 0xFF in a string"),
    ([0x22, 0x80, 0x22], 1, "invalid UTF-8 byte 0x80 in a string"),
    ([0x22, 0xC0, 0x80, 0x22], 1, "invalid UTF-8 byte 0xC0 in a string"),
    ([0x22, 0xC3, 0x22], 1, "invalid UTF-8 byte 0xC3 in a string"),
    ([0x22, 0xE0, 0x80, 0x80, 0x22], 1, "invalid UTF-8 byte 0xE0 in a string"),
    ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, "invalid UTF-8 byte 0xED in a string"),
    ([0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], 1, "invalid UTF-8 byte 0xF0 in a string"),
    ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, "invalid UTF-8 byte 0xF4 in a string"),
    ([0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22], 1, "invalid UTF-8 byte 0xF8 in a string"),
    ([0x22, 0x61, 0xE2, 0x82], 2, "invalid UTF-8 byte 0xE2 in a string"),
    ([0x22, 0xE2, 0x28, 0xA1, 0x22], 1, "invalid UTF-8 byte 0xE2 in a string"),
    ([0xFF], 0, "unexpected byte 0xFF"), ([0xEF, 0xBB, 0xBF], 3, "unexpected end of input"),
    ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], 3, "unexpected byte 0xEF"),
    ([0xFE, 0xFF, 0x00, 0x31], 0, "unexpected byte 0xFE"),
    ([0x00, 0x31], 0, "unexpected byte 0x00"),
    // Whitespace outside RFC 8259's four.
    (b("\u{C}1"), 0, "unexpected byte 0x0C"), (b("\u{B}1"), 0, "unexpected byte 0x0B"),
    (b("[1,\u{A0}2]"), 3, "unexpected byte 0xC2"),
  ]

  @Test("every accepted text parses to its value, and validation accepts it")
  func acceptedTexts() {
    for (text, expected) in Self.accepted {
      let bytes = Array(text.utf8)
      #expect(Self.parse(bytes) == .success(expected), "\(text.debugDescription)")
      #expect(Self.validate(bytes) == nil, "\(text.debugDescription)")
      #expect(ContentCheck.problem(with: bytes, expected: .json) == nil, "\(text.debugDescription)")
    }
  }

  @Test("every refused text fails at its byte with its reason, in parsing and validation alike")
  func refusedTexts() {
    for (bytes, offset, reason) in Self.refused {
      let expected = JSONSyntaxError(offset: offset, reason: reason)
      #expect(Self.parse(bytes) == .failure(expected), "\(bytes)")
      #expect(Self.validate(bytes) == expected, "\(bytes)")
      #expect(ContentCheck.problem(with: bytes, expected: .json) == "the body is not valid JSON")
    }
  }

  @Test("strings and runs of spaces are read right whatever the position of their last byte")
  func eightByteRuns() {
    for length in 0..<20 {
      for offset in 0...length {
        // A string of `length` letters with something else at `offset`.
        func text(_ middle: [UInt8]) -> [UInt8] {
          let before = Array(repeating: UInt8(ascii: "a"), count: offset)
          let after = Array(repeating: UInt8(ascii: "b"), count: length - offset)
          return [UInt8(ascii: "\"")] + before + middle + after + [UInt8(ascii: "\"")]
        }
        let prefix = String(repeating: "a", count: offset)
        let suffix = String(repeating: "b", count: length - offset)
        let plain = prefix + suffix
        #expect(Self.parse(text([])) == .success(.string(plain)))
        #expect(Self.parse(text(Array(#"\""#.utf8))) == .success(.string(prefix + "\"" + suffix)))
        #expect(Self.parse(text([0xC3, 0xA9])) == .success(.string(prefix + "\u{E9}" + suffix)))
        #expect(Self.parse(text([0x7F])) == .success(.string(prefix + "\u{7F}" + suffix)))
        #expect(Self.parse(text([0x20, 0x7E])) == .success(.string(prefix + " ~" + suffix)))
        let control = JSONSyntaxError(
          offset: offset + 1, reason: "unescaped control character 0x1F in a string")
        #expect(Self.validate(text([0x1F])) == control)
        let utf8 = JSONSyntaxError(
          offset: offset + 1, reason: "invalid UTF-8 byte 0xFF in a string")
        #expect(Self.validate(text([0xFF])) == utf8)
        if offset < length {
          let early = JSONSyntaxError(offset: offset + 2, reason: "unexpected character 'b'")
          #expect(Self.validate(Array(text([0x22]).dropLast())) == early)
        }
      }
      // `length` spaces, then a value, then spaces again and a stray byte.
      let spaces = String(repeating: " ", count: length)
      let array = Array((spaces + "[" + spaces + "1" + spaces + "]" + spaces).utf8)
      #expect(Self.parse(array) == .success(.array([.integer(1)])))
      let stray = JSONSyntaxError(offset: 2 * length + 1, reason: "unexpected character 'x'")
      #expect(Self.validate(Array((spaces + "1" + spaces + "x").utf8)) == stray)
      let formFeed = JSONSyntaxError(offset: length, reason: "unexpected byte 0x0C")
      #expect(Self.validate(Array((spaces + "\u{C}").utf8)) == formFeed)
    }
  }

  @Test("errors describe the reason and the byte offset")
  func errorDescription() {
    #expect(throws: JSONSyntaxError(offset: 17, reason: "unexpected character '}'")) {
      try JSONValue(parsing: Array(#"{"a": [1, 2],"b":}"#.utf8))
    }
    #expect(
      JSONSyntaxError(offset: 17, reason: "unexpected character '}'").description
        == "unexpected character '}' at byte 17")
    #expect(
      Self.validate(Array("[1,]".utf8)).map { "\($0)" } == "unexpected character ']' at byte 3")
  }

  @Test("the content check is strict RFC 8259: no trailing commas, no leading zeros")
  func contentCheckIsStrict() {
    for text in ["[1,]", #"{"a":1,}"#, "[01]", "-012", "[1e400]", "[\"\\uD800\"]"] {
      #expect(
        ContentCheck.problem(with: Array(text.utf8), expected: .json)
          == "the body is not valid JSON",
        "\(text)")
    }
    #expect(
      ContentCheck.problem(with: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), expected: .json) == nil)
  }

  @Test("nesting is accepted to 512 levels and refused at 513, without deep recursion")
  func depthLimit() {
    func arrays(_ depth: Int) -> [UInt8] {
      Array(repeating: UInt8(ascii: "["), count: depth)
        + Array(repeating: UInt8(ascii: "]"), count: depth)
    }
    func objects(_ depth: Int) -> [UInt8] {
      Array(String(repeating: #"{"k":"#, count: depth).utf8) + [UInt8(ascii: "0")]
        + Array(repeating: UInt8(ascii: "}"), count: depth)
    }
    var nestedArrays = JSONValue.array([])
    var nestedObjects = JSONValue.integer(0)
    for _ in 1..<512 { nestedArrays = .array([nestedArrays]) }
    for _ in 0..<512 { nestedObjects = .object(["k": nestedObjects]) }
    #expect(Self.parse(arrays(512)) == .success(nestedArrays))
    #expect(Self.parse(objects(512)) == .success(nestedObjects))
    #expect(Self.validate(arrays(512)) == nil && Self.validate(objects(512)) == nil)

    let tooDeep = "nesting deeper than 512 levels"
    #expect(Self.parse(arrays(513)) == .failure(JSONSyntaxError(offset: 512, reason: tooDeep)))
    #expect(Self.validate(objects(513)) == JSONSyntaxError(offset: 512 * 5, reason: tooDeep))
    let mixed = Array(String(repeating: #"[{"a":"#, count: 300).utf8)
    #expect(Self.validate(mixed) == JSONSyntaxError(offset: 256 * 6, reason: tooDeep))
    let huge = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(Self.parse(huge) == .failure(JSONSyntaxError(offset: 512, reason: tooDeep)))
    #expect(Self.validate(huge) == JSONSyntaxError(offset: 512, reason: tooDeep))
  }

  @Test("kept members are built and the others passed over but still checked")
  func keptMembers() throws {
    let text =
      #"{"moves":[{"a":{"b":[1,"x",{"c":null}]}},2],"i\u0064":7,"other":"y","name":"n","x":{}}"#
    let members = try #require(
      try JSONValue.members(parsing: Array(text.utf8), keeping: ["id", "name", "sprites"]))
    #expect(members == ["id": .integer(7), "name": .string("n")])
    #expect(try JSONValue.members(parsing: Array("[1]".utf8), keeping: ["id"]) == nil)
    #expect(throws: JSONSyntaxError(offset: 20, reason: "unexpected character ']'")) {
      try JSONValue.members(
        parsing: Array(#"{"moves":[{"a":[1,2,]}],"id":1}"#.utf8), keeping: ["id"])
    }
  }

  @Test("entries and list pages report documents that are JSON but not the right shape")
  func documentShapes() throws {
    func entryError(_ text: String) -> PokeAPIError? {
      do {
        _ = try PokeAPIEntry(json: Array(text.utf8))
        return nil
      } catch {
        return error as? PokeAPIError
      }
    }
    #expect(entryError("not json") == .badEntry("not JSON"))
    #expect(entryError(#"{"id":1,}"#) == .badEntry("not JSON"))
    #expect(entryError("[1, 2]") == .badEntry("the document is not a JSON object"))
    #expect(entryError("null") == .badEntry("the document is not a JSON object"))
    #expect(entryError(#"{"id":"1","name":"a"}"#) == .badEntry("no integer id"))
    #expect(entryError(#"{"id":3,"name":null}"#) == .badEntry("entry 3 has no name"))
    let entry = try PokeAPIEntry(
      json: Array(
        #"{"moves":[{"x":[]}],"sprites":{"front_default":"s.png"},"name":"a","id":3e0}"#.utf8))
    #expect(entry == PokeAPIEntry(id: 3, name: "a", sprite: "s.png"))

    let page = AbsoluteURL(string: "http://h/api/v2/pokemon/?offset=0&limit=2")!
    let base = AbsoluteURL(string: "http://h/api/v2")!
    func listError(_ text: String) -> String? {
      do {
        _ = try PokeAPIListPage.decode(Array(text.utf8), pageURL: page, base: base)
        return nil
      } catch {
        guard case .badList(let message)? = error as? PokeAPIError else { return "\(error)" }
        return message
      }
    }
    for text in [
      "[]", "{", #"{"results":[]}"#, #"{"count":1.5,"results":[]}"#,
      #"{"count":1,"next":2,"results":[]}"#, #"{"count":1,"results":{}}"#,
      #"{"count":1,"results":[{"name":"a"}]}"#,
    ] {
      let message = listError(text)
      #expect(message?.hasPrefix(page.absoluteString + " is not a list page (") == true, "\(text)")
    }
    #expect(
      listError(#"{"count":1,"results":[{"name":"a","url":"/api/v2/pokemon/1/"}],"next":null}"#)
        == nil)
    #expect(listError("[1,]")?.contains("unexpected character ']' at byte 3") == true)
  }

  // MARK: Random round trips

  @Test("random trees written with random spacing and escapes parse back to themselves")
  func randomRoundTrip() {
    for seed in UInt64(0)..<400 {
      var random = SeededRandom(seed: 0x4A53_4F4E_0000 + seed)
      let tree = RandomJSON.tree(using: &random)
      let text = RandomJSON.write(tree, using: &random)
      #expect(
        Self.parse(text) == .success(tree), "seed \(seed): \(String(decoding: text, as: UTF8.self))"
      )
      #expect(Self.validate(text) == nil, "seed \(seed)")
    }
  }

  // MARK: Differential against JSONSerialization

  @Test("random documents parse to the same structure and values as with JSONSerialization")
  func differentialRandom() throws {
    for seed in UInt64(0)..<300 {
      var random = SeededRandom(seed: 0xD1FF_0000 + seed)
      let tree = RandomJSON.tree(using: &random)
      let text = RandomJSON.write(tree, escapingFEFF: true, using: &random)
      let theirs = try JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])
      let ours = try JSONValue(parsing: text)
      #expect(
        Self.mismatch(ours, theirs) == nil, "seed \(seed): \(String(decoding: text, as: UTF8.self))"
      )
    }
  }

  @Test("mutated documents are accepted or refused as by JSONSerialization, with the same values")
  func differentialMutations() {
    var agreedRefusals = 0
    var agreedValues = 0
    for seed in UInt64(0)..<300 {
      var random = SeededRandom(seed: 0x3117_0000 + seed)
      let text = RandomJSON.write(
        RandomJSON.tree(using: &random), escapingFEFF: true, using: &random)
      for _ in 0..<6 {
        let mutant = RandomJSON.mutate(text, using: &random)
        let theirs = try? JSONSerialization.jsonObject(
          with: Data(mutant), options: [.fragmentsAllowed])
        let shown = "seed \(seed): \(mutant)"
        switch (Self.parse(mutant), theirs) {
        case (.success(let ours), let theirs?):
          #expect(Self.mismatch(ours, theirs) == nil, "\(shown)")
          agreedValues += 1
        case (.success, nil):
          Issue.record("accepted what JSONSerialization refuses: \(shown)")
        case (.failure(let error), _?):
          // JSONSerialization also takes a trailing comma, and guesses UTF-16 or UTF-32 from
          // zero bytes at the start; RFC 8259 allows neither.
          #expect(
            Self.isTrailingComma(error, in: mutant) || mutant.prefix(4).contains(0),
            "\(shown): \(error)")
        case (.failure, nil):
          agreedRefusals += 1
        }
      }
    }
    #expect(
      agreedRefusals > 300 && agreedValues > 100,
      "\(agreedRefusals) refusals, \(agreedValues) values")
  }

  @Test(
    "every shared PokeAPI document parses to the same structure and values as with JSONSerialization"
  )
  func differentialPokeAPI() throws {
    guard let directory = PokeAPIData.require() else { return }
    let files = try #require(
      FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    )
    .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
    #expect(files.count >= 10)
    for file in files {
      let bytes = try Fixtures.bytes(of: file)
      let theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      let ours = try JSONValue(parsing: bytes)
      #expect(Self.mismatch(ours, theirs) == nil, "\(file.lastPathComponent)")
      #expect(Self.validate(bytes) == nil, "\(file.lastPathComponent)")
    }
  }

  // MARK: Helpers

  static func b(_ text: String) -> [UInt8] { Array(text.utf8) }

  static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
    do throws(JSONSyntaxError) {
      return .success(try JSONValue(parsing: bytes))
    } catch {
      return .failure(error)
    }
  }

  static func validate(_ bytes: [UInt8]) -> JSONSyntaxError? {
    bytes.withUnsafeBytes { buffer in
      do throws(JSONSyntaxError) {
        try JSONValue.validate(buffer)
        return nil
      } catch {
        return error
      }
    }
  }

  /// True when the error is at a `]` or `}` whose previous non-whitespace byte is a comma.
  static func isTrailingComma(_ error: JSONSyntaxError, in bytes: [UInt8]) -> Bool {
    guard error.offset < bytes.count,
      [UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[error.offset])
    else { return false }
    let before = bytes[..<error.offset].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return before == UInt8(ascii: ",")
  }

  /// Where our value and JSONSerialization's differ, or nil when they have the same structure
  /// and values (strings compared scalar by scalar, integers exactly).
  static func mismatch(_ ours: JSONValue, _ theirs: Any, at path: String = "$") -> String? {
    let number = theirs as? NSNumber
    let isBool = number.map { String(cString: $0.objCType) == "c" } ?? false
    switch ours {
    case .null:
      return theirs is NSNull ? nil : "\(path): null against \(theirs)"
    case .bool(let value):
      return isBool && number?.boolValue == value ? nil : "\(path): \(value) against \(theirs)"
    case .integer(let value):
      guard let number, !isBool else { return "\(path): \(value) against \(theirs)" }
      if let decimal = number as? NSDecimalNumber {
        return decimal.decimalValue == Decimal(value)
          ? nil : "\(path): \(value) against decimal \(decimal)"
      }
      let integral = ["i", "l", "q", "s"].contains(String(cString: number.objCType))
      return integral && number.int64Value == Int64(value)
        ? nil : "\(path): \(value) against \(number)"
    case .number(let value):
      guard let number, !isBool else { return "\(path): \(value) against \(theirs)" }
      if number is NSDecimalNumber {
        // A Decimal's conversion to Double may be a little off the correctly rounded value.
        return abs(number.doubleValue - value) <= abs(value) * 1e-12
          ? nil : "\(path): \(value) against \(number)"
      }
      // A fraction or an exponent is a Double there too; an integer past Int64 a UInt64.
      let floating = ["d", "f", "Q"].contains(String(cString: number.objCType))
      return floating && number.doubleValue == value ? nil : "\(path): \(value) against \(number)"
    case .string(let value):
      guard let string = theirs as? String,
        Array(string.unicodeScalars) == Array(value.unicodeScalars)
      else {
        return "\(path): \(value.debugDescription) against \(theirs)"
      }
      return nil
    case .array(let elements):
      guard let array = theirs as? [Any], array.count == elements.count else {
        return "\(path): \(elements.count) elements against \(theirs)"
      }
      for (index, element) in elements.enumerated() {
        if let problem = mismatch(element, array[index], at: "\(path)[\(index)]") { return problem }
      }
      return nil
    case .object(let members):
      guard let object = theirs as? [String: Any], object.count == members.count else {
        return "\(path): members \(members.keys.sorted()) against \(theirs)"
      }
      for (name, member) in members {
        guard let other = object[name] else { return "\(path): no member \(name.debugDescription)" }
        if let problem = mismatch(member, other, at: "\(path).\(name)") { return problem }
      }
      return nil
    }
  }
}

/// Random JSON trees, a small writer with random spacing, escapes and spellings, and mutations.
enum RandomJSON {
  /// A random value, at most five levels deep.
  static func tree(using random: inout SeededRandom, depth: Int = 0) -> JSONValue {
    switch Int.random(in: 0..<(depth >= 5 ? 5 : 8), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .integer(integer(using: &random))
    case 3: return .number(number(using: &random))
    case 4: return .string(string(using: &random))
    case 5, 6:
      let count = Int.random(in: 0...4, using: &random)
      return .array((0..<count).map { _ in tree(using: &random, depth: depth + 1) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        members[string(using: &random)] = tree(using: &random, depth: depth + 1)
      }
      return .object(members)
    }
  }

  static func integer(using random: inout SeededRandom) -> Int {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return Int.random(in: -100...100, using: &random)
    case 1:
      return [Int.min, Int.max, 0, -1, Int(Int32.max) + 1][Int.random(in: 0..<5, using: &random)]
    default:
      return Int(bitPattern: UInt(random.next() >> UInt64.random(in: 0...63, using: &random)))
    }
  }

  /// A finite Double: any bit pattern, a short decimal, an integral value or a signed zero.
  static func number(using random: inout SeededRandom) -> Double {
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      while true {
        let value = Double(bitPattern: random.next())
        if value.isFinite { return value }
      }
    case 1: return Double(Int.random(in: -100_000...100_000, using: &random)) / 1000
    case 2: return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) * 1e10
    default: return Bool.random(using: &random) ? 0.0 : -0.0
    }
  }

  static func string(using random: inout SeededRandom) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...10, using: &random) {
      let value: UInt32
      switch Int.random(in: 0..<10, using: &random) {
      case 0: value = UInt32.random(in: 0..<0x20, using: &random)
      case 1:
        value =
          [0x22, 0x5C, 0x2F, 0x7F, 0xFEFF, 0xFFFF, 0x10FFFF][Int.random(in: 0..<7, using: &random)]
      case 2: value = UInt32.random(in: 0x80..<0x800, using: &random)
      case 3: value = UInt32.random(in: 0x800..<0xD800, using: &random)
      case 4: value = UInt32.random(in: 0x10000...0x10FFFF, using: &random)
      default: value = UInt32.random(in: 0x20..<0x7F, using: &random)
      }
      scalars.append(Unicode.Scalar(value)!)
    }
    return String(scalars)
  }

  /// The text of a value, with random whitespace between tokens, escapes where optional, both
  /// exponent letters, and now and then a decoy member that a later one of the same name replaces.
  ///
  /// With `escapingFEFF`, U+FEFF is always written `\uFEFF`: JSONSerialization drops a raw one
  /// at the start of a string or right after an escape, where RFC 8259 keeps it like any other
  /// character.
  static func write(
    _ value: JSONValue, escapingFEFF: Bool = false, using random: inout SeededRandom
  ) -> [UInt8] {
    var writer = Writer(random: random, escapeFEFF: escapingFEFF)
    writer.space()
    writer.write(value)
    writer.space()
    random = writer.random
    return writer.out
  }

  /// The state of one `write(_:escapingFEFF:using:)`.
  private struct Writer {
    var random: SeededRandom
    let escapeFEFF: Bool
    var out: [UInt8] = []

    /// The two-character escapes of RFC 8259 section 7, by scalar value.
    static let shortEscapes: [UInt32: String] = [
      0x22: "\\\"", 0x5C: "\\\\", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t",
    ]

    mutating func write(_ value: JSONValue) {
      switch value {
      case .null: out += Array("null".utf8)
      case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
      case .integer(let integer): out += Array(String(integer).utf8)
      case .number(let number):
        // Swift's description is the shortest text that reads back exactly, always with a
        // fraction or an exponent.
        var text = number.description
        if Bool.random(using: &random) { text = text.replacingOccurrences(of: "e", with: "E") }
        out += Array(text.utf8)
      case .string(let text): writeString(text)
      case .array(let elements):
        out.append(UInt8(ascii: "["))
        space()
        for (index, element) in elements.enumerated() {
          if index > 0 {
            out.append(UInt8(ascii: ","))
            space()
          }
          write(element)
          space()
        }
        out.append(UInt8(ascii: "]"))
      case .object(let members):
        out.append(UInt8(ascii: "{"))
        space()
        var first = true
        for (name, member) in members {
          var pairs = [(name, member)]
          if Int.random(in: 0..<6, using: &random) == 0 {
            pairs.insert((name, .string("decoy")), at: 0)
          }
          for (name, member) in pairs {
            if !first {
              out.append(UInt8(ascii: ","))
              space()
            }
            first = false
            writeString(name)
            space()
            out.append(UInt8(ascii: ":"))
            space()
            write(member)
            space()
          }
        }
        out.append(UInt8(ascii: "}"))
      }
    }

    mutating func writeString(_ text: String) {
      out.append(UInt8(ascii: "\""))
      for scalar in text.unicodeScalars {
        let value = scalar.value
        let mustEscape =
          value < 0x20 || value == 0x22 || value == 0x5C || (value == 0xFEFF && escapeFEFF)
        guard mustEscape || Int.random(in: 0..<8, using: &random) == 0 else {
          out += Array(String(scalar).utf8)
          continue
        }
        if let short = Self.shortEscapes[value], Bool.random(using: &random) {
          out += Array(short.utf8)
        } else if value == 0x2F, Bool.random(using: &random) {
          out += Array("\\/".utf8)
        } else {
          for unit in String(scalar).utf16 {
            let hex = String(unit, radix: 16, uppercase: Bool.random(using: &random))
            out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
          }
        }
      }
      out.append(UInt8(ascii: "\""))
    }

    mutating func space() {
      while Int.random(in: 0..<3, using: &random) == 0 {
        out.append([0x20, 0x09, 0x0A, 0x0D][Int.random(in: 0..<4, using: &random)])
      }
    }
  }

  /// The text with one to three bytes inserted, deleted or replaced, drawn mostly from JSON's
  /// own punctuation, digits and letters, plus a few bytes that are never valid outside strings.
  static func mutate(_ text: [UInt8], using random: inout SeededRandom) -> [UInt8] {
    let pool =
      Array("{}[],:\"\\/0123456789-+.eEtfnulx ".utf8)
      + [0x00, 0x0A, 0x09, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
    var bytes = text
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let byte = pool[Int.random(in: 0..<pool.count, using: &random)]
      let at = Int.random(in: 0...bytes.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: bytes.insert(byte, at: at)
      case 1 where at < bytes.count: bytes.remove(at: at)
      default: if at < bytes.count { bytes[at] = byte } else { bytes.append(byte) }
      }
    }
    return bytes
  }
}
