/// Words a generated identifier must never be: the languages' keywords and the names the
/// generated files themselves use (a sprite called `Color` must not hide SwiftUI's `Color`).
public enum ReservedWords {
  /// Swift's keywords (The Swift Programming Language, "Lexical Structure: Keywords and
  /// Punctuation"), the contextual ones included, plus the file's own type names.
  public static let swift: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "package", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "Protocol", "Type", "associativity",
    "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
    "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence",
    "prefix", "required", "right", "set", "some", "unowned", "weak", "willSet", "macro", "any",
    "each", "consume", "copy", "discard", "sending", "actor", "isolated",
    "Color", "SwiftUI", "SpriteColors", "Light", "Dark",
  ]

  /// Kotlin's hard, soft and modifier keywords (kotlinlang.org, "Keywords and operators"), plus
  /// the file's own names.
  public static let kotlin: Set<String> = [
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
    "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true",
    "try", "typealias", "typeof", "val", "var", "when", "while", "by", "catch", "constructor",
    "delegate", "dynamic", "field", "file", "finally", "get", "import", "init", "param",
    "property", "receiver", "set", "setparam", "value", "where", "abstract", "actual",
    "annotation", "companion", "const", "crossinline", "data", "enum", "expect", "external",
    "final", "infix", "inline", "inner", "internal", "lateinit", "noinline", "open", "operator",
    "out", "override", "private", "protected", "public", "reified", "sealed", "suspend",
    "tailrec", "vararg", "Color", "SpriteColors", "ColorScheme", "Light", "Dark",
  ]

  /// Dart's reserved words, built-in identifiers and contextual keywords (dart.dev, "Keywords"),
  /// plus Flutter names the file uses.
  public static let dart: Set<String> = [
    "abstract", "as", "assert", "async", "await", "base", "break", "case", "catch", "class",
    "const", "continue", "covariant", "default", "deferred", "do", "dynamic", "else", "enum",
    "export", "extends", "extension", "external", "factory", "false", "final", "finally", "for",
    "Function", "get", "hide", "if", "implements", "import", "in", "interface", "is", "late",
    "library", "mixin", "new", "null", "of", "on", "operator", "part", "required", "rethrow",
    "return", "sealed", "set", "show", "static", "super", "switch", "sync", "this", "throw",
    "true", "try", "type", "typedef", "var", "void", "when", "while", "with", "yield",
    "Color", "ColorScheme", "Brightness",
  ]

  /// Java's keywords and literals: Android resource names become fields of `R.color`.
  public static let java: Set<String> = [
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
    "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally",
    "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface",
    "long", "native", "new", "package", "private", "protected", "public", "return", "short",
    "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
    "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "record",
    "yield",
  ]
}
