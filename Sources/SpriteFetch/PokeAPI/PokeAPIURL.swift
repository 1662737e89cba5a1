import Foundation

/// URL rules for PokeAPI documents: resolving references, reading ids, and what a server may
/// point to.
///
/// Resolution rule for a reference `r` found in a page fetched from `page`, crawling API root
/// `base`:
/// 1. `r` with a scheme (`https://pokeapi.co/api/v2/pokemon/1/`) is used as is.
/// 2. `r` starting with `/` (the static dump writes `/api/v2/pokemon/1/`) keeps the scheme, host
///    and port of `base`. Its leading path segments are matched against the trailing segments of
///    `base`'s path (longest overlap): with base `http://h:1/mirror/api/v2`, the overlap is
///    `api/v2`, so the result is `http://h:1/mirror/api/v2/pokemon/1/` and the base's path
///    prefix survives. Without any overlap, `r` is taken from the host root (RFC 3986).
/// 3. Any other reference (`pokemon/1/`, `?offset=20&limit=20`) resolves against `page`
///    (RFC 3986, by `URL(string:relativeTo:)`).
public enum PokeAPIURL {
  /// Resolves a reference by the rule above, or returns nil when it cannot form a URL.
  public static func resolve(_ reference: String, page: URL, base: URL) -> URL? {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.utf8.count <= URLText.maxLength else { return nil }
    if let url = URL(string: trimmed), url.scheme != nil, url.host != nil || url.isFileURL {
      return url
    }
    guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else {
      return URL(string: trimmed, relativeTo: page)?.absoluteURL
    }
    let referencePath = String(trimmed.prefix { $0 != "?" && $0 != "#" })
    let rest = trimmed.dropFirst(referencePath.count)
    let baseSegments = base.path.split(separator: "/").map(String.init)
    let referenceSegments = referencePath.split(separator: "/").map(String.init)
    var overlap = 0
    for length in stride(from: min(baseSegments.count, referenceSegments.count), to: 0, by: -1)
    where Array(baseSegments.suffix(length)) == Array(referenceSegments.prefix(length)) {
      overlap = length
      break
    }
    let prefix = overlap > 0 ? baseSegments.dropLast(overlap).map { "/" + $0 }.joined() : ""
    guard var origin = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return nil }
    origin.path = ""
    origin.query = nil
    origin.fragment = nil
    guard let root = origin.string else { return nil }
    return URL(string: root + prefix + referencePath + rest)
  }

  /// The id of a resource URL: its last non-empty path segment as an integer
  /// (`.../pokemon/25/` → 25).
  public static func id(of url: URL) -> Int? {
    url.path.split(separator: "/").last.flatMap { Int($0) }
  }

  /// Checks a URL read from a server's response: `http` or `https` only (a server must not make
  /// the program read local files), and at most ``URLText/maxLength`` bytes.
  ///
  /// - Parameters:
  ///   - subject: What the URL belongs to, for the message (an entry's name, "the list page").
  ///   - role: What the URL is for, e.g. "sprite" or "next page".
  /// - Throws: `PokeAPIError.untrustedURL`.
  public static func checkFromServer(_ url: URL, subject: String, role: String)
    throws(PokeAPIError)
  {
    let scheme = url.scheme?.lowercased() ?? ""
    let length = url.absoluteString.utf8.count
    guard scheme == "http" || scheme == "https", length <= URLText.maxLength else {
      throw .untrustedURL(
        subject: subject, role: role, url: url.absoluteString, scheme: scheme)
    }
  }
}
