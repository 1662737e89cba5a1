/// String literals for generated code: any sprite name, however hostile (quotes, backslashes,
/// `$`, newlines, `*/`, non-ASCII), spelled so that the language reads back exactly that text.
enum CodeLiterals {
  /// A Swift string literal: `\"`, `\\`, and every scalar outside printable ASCII as `\u{X}`.
  static func swift(_ text: String) -> String {
    quoted(text, "\"", escapes: ["\"", "\\"]) { "\\u{\(hex($0.value))}" }
  }

  /// A Kotlin string literal: `\"`, `\\`, `\$`, and every UTF-16 unit outside printable ASCII
  /// as `\uXXXX`.
  static func kotlin(_ text: String) -> String {
    quoted(text, "\"", escapes: ["\"", "\\", "$"]) { scalar in
      String(scalar).utf16.map { "\\u" + hex(UInt32($0)).leftPadded(to: 4) }.joined()
    }
  }

  /// A Dart string literal in single quotes: `\'`, `\\`, `\$`, and every scalar outside
  /// printable ASCII as `\u{X}`.
  static func dart(_ text: String) -> String {
    quoted(text, "'", escapes: ["'", "\\", "$"]) { "\\u{\(hex($0.value))}" }
  }

  /// A JSON string (RFC 8259): `\"`, `\\`, and every UTF-16 unit outside printable ASCII as
  /// `\uXXXX` (so also a TypeScript one).
  static func json(_ text: String) -> String {
    quoted(text, "\"", escapes: ["\"", "\\"]) { scalar in
      String(scalar).utf16.map { "\\u" + hex(UInt32($0)).leftPadded(to: 4) }.joined()
    }
  }

  /// `text` between `quote`s, a backslash before each of `escapes`, `other` spelling every
  /// scalar outside printable ASCII.
  private static func quoted(
    _ text: String, _ quote: String, escapes: Set<Unicode.Scalar>,
    other: (Unicode.Scalar) -> String
  ) -> String {
    var out = quote
    for scalar in text.unicodeScalars {
      if escapes.contains(scalar) {
        out += "\\" + String(scalar)
      } else if scalar.value >= 0x20 && scalar.value < 0x7F {
        out.unicodeScalars.append(scalar)
      } else {
        out += other(scalar)
      }
    }
    return out + quote
  }

  /// Upper-case hex digits of `value`.
  private static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
