/// An absolute URL (RFC 3986): a scheme and the rest, kept as one string with the offsets of its
/// parts.
///
/// Only what the downloader needs, without Foundation (whose `URL` brought about a fifth of the
/// binary and a quarter of a millisecond to every start): parsing, with the characters a URL
/// may not hold percent-encoded; the scheme, host, path and last path segment; resolving a
/// reference against a base (RFC 3986 section 5.2). Two values are equal when their text is.
///
/// ```swift
/// let page = AbsoluteURL(string: "https://pokeapi.co/api/v2/pokemon/?limit=20")!
/// let next = AbsoluteURL(string: "?offset=20&limit=20", relativeTo: page)!
/// print(next)  // https://pokeapi.co/api/v2/pokemon/?offset=20&limit=20
/// ```
public struct AbsoluteURL: Hashable, Sendable, CustomStringConvertible {
  /// The whole URL, with the characters RFC 3986 does not allow percent-encoded.
  public let absoluteString: String
  /// UTF-8 offsets in `absoluteString`: the scheme's `:`, the authority (after `//`; equal
  /// bounds when there is none), the path, the query (after `?`) and the fragment (after `#`).
  private let parts: Parts

  private struct Parts: Hashable, Sendable {
    var colon: Int
    var hasAuthority: Bool
    var authorityStart: Int, authorityEnd: Int
    var pathEnd: Int
    var queryStart: Int?  // the offset of `?`
    var fragmentStart: Int?  // the offset of `#`
  }

  /// Parses an absolute URL: nil unless `string` starts with a scheme (a letter, then letters,
  /// digits, `+`, `-` or `.`, then `:`). Spaces, quotes, non-ASCII characters and the other
  /// bytes RFC 3986 (section 2) does not allow are percent-encoded as UTF-8, as are a `%` that
  /// does not start an escape and a `#` inside the fragment; everything else is kept as written.
  public init?(string: String) {
    let encoded = Self.encodingInvalidBytes(string)
    guard let parts = Self.split(encoded) else { return nil }
    self.absoluteString = encoded
    self.parts = parts
  }

  /// Resolves `reference` against `base` (RFC 3986 section 5.2.2, with dot segments removed as in
  /// 5.2.4); a reference with its own scheme is parsed as it is. Nil when the result is not a URL.
  public init?(string reference: String, relativeTo base: AbsoluteURL) {
    let encoded = Self.encodingInvalidBytes(reference)
    if Self.split(encoded) != nil {
      self.init(string: encoded)
      return
    }
    let r = Self.referenceParts(encoded)
    var authority: Substring?
    var path: String
    var query: Substring?
    if let referenceAuthority = r.authority {
      authority = referenceAuthority
      path = Self.removingDotSegments(String(r.path))
      query = r.query
    } else {
      authority = base.hasAuthority ? base.authorityText : nil
      if r.path.isEmpty {
        path = String(base.percentEncodedPath)
        query = r.query ?? base.queryText
      } else {
        if r.path.hasPrefix("/") {
          path = Self.removingDotSegments(String(r.path))
        } else {
          // Merge (5.2.3): the base path up to its last `/`, or `/` when the base has an
          // authority and an empty path.
          let basePath = base.percentEncodedPath
          let merged: String
          if base.hasAuthority && basePath.isEmpty {
            merged = "/" + r.path
          } else if let slash = basePath.lastIndex(of: "/") {
            merged = String(basePath[...slash]) + r.path
          } else {
            merged = String(r.path)
          }
          path = Self.removingDotSegments(merged)
        }
        query = r.query
      }
    }
    var text = String(base.schemeText) + ":"
    if let authority { text += "//" + authority }
    text += path
    if let query { text += "?" + query }
    if let fragment = r.fragment { text += "#" + fragment }
    self.init(string: text)
  }

  /// The scheme, lower-cased (`https`).
  public var scheme: String { String(utf8Slice(0, parts.colon)).lowercased() }

  /// The text as written: `absoluteString`.
  public var description: String { absoluteString }

  /// The host without user information or port (`pokeapi.co`), or nil without an authority.
  public var host: String? {
    guard parts.hasAuthority else { return nil }
    var authority = authorityText
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return String(authority) }
      return String(authority[...close])
    }
    if let colon = authority.lastIndex(of: ":") { authority = authority[..<colon] }
    return String(authority)
  }

  /// The port written in the authority (`8080`), or nil when there is none.
  public var port: Int? {
    guard parts.hasAuthority else { return nil }
    var authority = authorityText
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    if let close = authority.lastIndex(of: "]") {
      authority = authority[authority.index(after: close)...]
    }
    guard let colon = authority.lastIndex(of: ":") else { return nil }
    return Int(authority[authority.index(after: colon)...])
  }

  /// `scheme://authority` (no path, query or fragment), or `scheme:` without an authority.
  public var origin: String {
    String(utf8Slice(0, parts.colon + 1)) + (parts.hasAuthority ? "//" + authorityText : "")
  }

  /// The path as written, percent-escapes kept (`/api/v2/pokemon/`).
  public var percentEncodedPath: Substring { utf8Slice(parts.authorityEnd, parts.pathEnd) }

  /// The path with percent-escapes decoded (as UTF-8; invalid sequences stay escaped).
  public var path: String { Self.percentDecoded(percentEncodedPath) }

  /// The query after `?`, escapes kept, or nil without one.
  public var query: Substring? { queryText }

  /// The last path segment, percent-decoded, ignoring trailing slashes (`…/25/` gives `25`):
  /// `/` for a path of slashes only, empty for an empty path (as Foundation's `URL` gives).
  public var lastPathComponent: String {
    var path = percentEncodedPath
    if path.isEmpty { return "" }
    while path.hasSuffix("/") { path = path.dropLast() }
    if path.isEmpty { return "/" }
    let segment = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path
    return Self.percentDecoded(segment)
  }

  // MARK: Parts

  private var hasAuthority: Bool { parts.hasAuthority }

  private var schemeText: Substring { utf8Slice(0, parts.colon) }

  private var authorityText: Substring { utf8Slice(parts.authorityStart, parts.authorityEnd) }

  private var queryText: Substring? {
    guard let start = parts.queryStart else { return nil }
    return utf8Slice(start + 1, parts.fragmentStart ?? absoluteString.utf8.count)
  }

  private func utf8Slice(_ from: Int, _ to: Int) -> Substring {
    let utf8 = absoluteString.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: from)
    let end = utf8.index(start, offsetBy: to - from)
    return absoluteString[start..<end]
  }

  /// The offsets of the parts of an absolute URL (RFC 3986 section 3), or nil without a scheme.
  private static func split(_ text: String) -> Parts? {
    let bytes = Array(text.utf8)
    guard let colon = schemeEnd(bytes) else { return nil }
    var parts = Parts(
      colon: colon, hasAuthority: false, authorityStart: colon + 1, authorityEnd: colon + 1,
      pathEnd: bytes.count)
    var i = colon + 1
    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") {
      i += 2
      parts.hasAuthority = true
      parts.authorityStart = i
      while i < bytes.count, !isOneOf(bytes[i], "/?#") { i += 1 }
      parts.authorityEnd = i
    }
    while i < bytes.count, !isOneOf(bytes[i], "?#") { i += 1 }
    parts.pathEnd = i
    if i < bytes.count, bytes[i] == UInt8(ascii: "?") {
      parts.queryStart = i
      while i < bytes.count, bytes[i] != UInt8(ascii: "#") { i += 1 }
    }
    if i < bytes.count { parts.fragmentStart = i }
    return parts
  }

  /// The offset of the `:` that ends a scheme at the start of `bytes`, or nil.
  private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
    guard let first = bytes.first, isLetter(first) else { return nil }
    var i = 1
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: ":") { return i }
      guard isLetter(b) || (b >= 0x30 && b <= 0x39) || isOneOf(b, "+-.") else { return nil }
      i += 1
    }
    return nil
  }

  /// The authority, path, query and fragment of a reference without a scheme (RFC 3986, 4.2).
  private static func referenceParts(
    _ text: String
  ) -> (authority: Substring?, path: Substring, query: Substring?, fragment: Substring?) {
    var rest = Substring(text)
    var fragment: Substring?
    if let hash = rest.firstIndex(of: "#") {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var authority: Substring?
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex(of: "/") ?? rest.endIndex
      authority = rest[..<end]
      rest = rest[end...]
    }
    return (authority, rest, query, fragment)
  }

  /// RFC 3986 section 5.2.4: `.` and `..` segments applied to the path before them.
  static func removingDotSegments(_ path: String) -> String {
    var input = Substring(path)
    var output: [Substring] = []
    var absolute = false
    if input.hasPrefix("/") {
      absolute = true
      input = input.dropFirst()
    }
    let segments = input.split(separator: "/", omittingEmptySubsequences: false)
    for (index, segment) in segments.enumerated() {
      let last = index == segments.count - 1
      switch segment {
      case ".":
        if last { output.append("") }
      case "..":
        if !output.isEmpty { output.removeLast() }
        if last { output.append("") }
      default:
        output.append(segment)
      }
    }
    let joined = output.joined(separator: "/")
    return absolute ? "/" + joined : joined
  }

  // MARK: Characters

  /// `text` with every byte RFC 3986 does not allow in a URL percent-encoded.
  private static func encodingInvalidBytes(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var hashes = 0
    var clean = true
    for (i, b) in bytes.enumerated()
    where !isAllowed(b) || (b == UInt8(ascii: "%") && !escapes(bytes, i)) {
      clean = false
      break
    }
    for b in bytes where b == UInt8(ascii: "#") { hashes += 1 }
    if clean && hashes <= 1 { return text }
    var out = [UInt8]()
    out.reserveCapacity(bytes.count + 16)
    var seenHash = false
    for (i, b) in bytes.enumerated() {
      let isSecondHash = b == UInt8(ascii: "#") && seenHash
      if b == UInt8(ascii: "#") { seenHash = true }
      if isAllowed(b) && !isSecondHash && (b != UInt8(ascii: "%") || escapes(bytes, i)) {
        out.append(b)
      } else {
        let hex = Array("0123456789ABCDEF".utf8)
        out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// True for the bytes RFC 3986 allows in a URL: unreserved and reserved characters and `%`.
  private static func isAllowed(_ b: UInt8) -> Bool {
    isLetter(b) || (b >= 0x30 && b <= 0x39) || isOneOf(b, "-._~:/?#[]@!$&'()*+,;=%")
  }

  /// True when `bytes[i]` (a `%`) starts an escape: two hexadecimal digits follow.
  private static func escapes(_ bytes: [UInt8], _ i: Int) -> Bool {
    i + 2 < bytes.count && hexValue(bytes[i + 1]) != nil && hexValue(bytes[i + 2]) != nil
  }

  private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

  private static func isOneOf(_ b: UInt8, _ set: StaticString) -> Bool {
    UnsafeBufferPointer(start: set.utf8Start, count: set.utf8CodeUnitCount).contains(b)
  }

  private static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: nil
    }
  }

  /// `text` with its percent-escapes decoded, when the result is valid UTF-8; else as it is.
  static func percentDecoded(_ text: Substring) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    let bytes = Array(text.utf8)
    var out = [UInt8]()
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hexValue(bytes[i + 1]),
        let low = hexValue(bytes[i + 2])
      {
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(validating: out, as: UTF8.self) ?? String(text)
  }
}
