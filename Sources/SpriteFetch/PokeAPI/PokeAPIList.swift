/// One page of a PokeAPI list resource (`count`, `next`, `previous`, `results`), with URLs resolved.
public struct PokeAPIListPage: Sendable, Equatable {
  /// One `{name, url}` result with its resolved URL and the id taken from it.
  public struct Item: Sendable, Equatable {
    /// The resource name, e.g. `bulbasaur`.
    public var name: String
    /// The resource URL, resolved to an absolute URL.
    public var url: AbsoluteURL
    /// The last path segment of `url` as an integer, or nil when it is not one.
    public var id: Int?
  }

  /// The total number of resources in the list (not pages).
  public var count: Int
  /// The next page, resolved, or nil on the last page.
  public var next: AbsoluteURL?
  /// The previous page, resolved, or nil on the first page (and always nil in the static dump).
  public var previous: AbsoluteURL?
  /// The results of this page, in list order.
  public var results: [Item]

  /// Decodes a list page; `pageURL` is where it came from and `base` the API root (e.g. `.../api/v2`).
  ///
  /// The page must be a JSON object (RFC 8259) with an integer `count`, `next` and `previous`
  /// each a string, null or missing, and `results` an array of objects with string `name` and
  /// `url`; other members are ignored.
  public static func decode(_ bytes: [UInt8], pageURL: AbsoluteURL, base: AbsoluteURL) throws
    -> PokeAPIListPage
  {
    func unusable(_ reason: String) -> PokeAPIError {
      PokeAPIError.badList("\(pageURL.absoluteString) is not a list page (\(reason))")
    }
    let object: [String: JSONValue]?
    do {
      object = try JSONValue.members(
        parsing: bytes, keeping: ["count", "next", "previous", "results"])
    } catch {
      throw unusable("not JSON: \(error)")
    }
    guard let members = object else { throw unusable("the document is not a JSON object") }
    guard let count = members["count"]?.exactInteger else {
      throw unusable("count is missing or not an integer")
    }
    func optionalString(_ name: String) throws -> String? {
      switch members[name] {
      case nil, .null?: return nil
      case .string(let text)?: return text
      default: throw unusable("\(name) is not a string")
      }
    }
    let next = try optionalString("next")
    let previous = try optionalString("previous")
    guard case .array(let rawResults)? = members["results"] else {
      throw unusable("results is missing or not an array")
    }
    var pairs: [(name: String, url: String)] = []
    pairs.reserveCapacity(rawResults.count)
    for (position, result) in rawResults.enumerated() {
      guard case .object(let fields) = result, case .string(let name)? = fields["name"],
        case .string(let url)? = fields["url"]
      else { throw unusable("result \(position) is not an object with a string name and url") }
      pairs.append((name, url))
    }
    func resolve(_ reference: String?) throws -> AbsoluteURL? {
      guard let reference else { return nil }
      guard let url = PokeAPIURL.resolve(reference, page: pageURL, base: base) else {
        throw PokeAPIError.badList("\(pageURL.absoluteString) has an unusable URL \(reference)")
      }
      return url
    }
    var results: [Item] = []
    results.reserveCapacity(pairs.count)
    for result in pairs {
      let url = try resolve(result.url)!
      results.append(Item(name: result.name, url: url, id: PokeAPIURL.id(of: url)))
    }
    return PokeAPIListPage(
      count: count, next: try resolve(next), previous: try resolve(previous), results: results)
  }
}

/// URL rules for PokeAPI documents: resolving references and reading ids.
///
/// Resolution rule for a reference `r` found in a page fetched from `page`, crawling API root `base`:
/// 1. `r` with a scheme (`https://pokeapi.co/api/v2/pokemon/1/`) is used as is.
/// 2. `r` starting with `/` (the static dump writes `/api/v2/pokemon/1/`) keeps the scheme, host and
///    port of `base`. Its leading path segments are matched against the trailing segments of
///    `base`'s path (longest overlap): with base `http://h:1/mirror/api/v2`, the overlap is
///    `api/v2`, so the result is `http://h:1/mirror/api/v2/pokemon/1/` and the base's path prefix
///    survives. Without any overlap, `r` is taken from the host root (RFC 3986).
/// 3. Any other reference (`pokemon/1/`, `?offset=20&limit=20`) resolves against `page` (RFC 3986).
public enum PokeAPIURL {
  /// Resolves a reference by the rule above, or returns nil when it cannot form a URL.
  public static func resolve(_ reference: String, page: AbsoluteURL, base: AbsoluteURL)
    -> AbsoluteURL?
  {
    let trimmed = reference.trimmingWhitespace()
    guard !trimmed.isEmpty else { return nil }
    if let url = AbsoluteURL(string: trimmed) { return url }
    guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else {
      return AbsoluteURL(string: trimmed, relativeTo: page)
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
    return AbsoluteURL(string: base.origin + prefix + referencePath + rest)
  }

  /// The id of a resource URL: its last non-empty path segment as an integer (`.../pokemon/25/` → 25).
  public static func id(of url: AbsoluteURL) -> Int? {
    url.path.split(separator: "/").last.flatMap { Int($0) }
  }
}

/// Why a PokeAPI document could not be used.
public enum PokeAPIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A list page did not decode or held an unusable URL.
  case badList(String)
  /// An entry document did not parse or lacked `id` / `name`.
  case badEntry(String)
  /// A list result's URL has no numeric id as its last path segment.
  case missingID(String)

  /// One sentence naming the crawl stage and what went wrong.
  public var description: String {
    switch self {
    case .badList(let reason): return "PokeAPI list page unusable: \(reason)."
    case .badEntry(let reason): return "PokeAPI entry unusable: \(reason)."
    case .missingID(let url): return "PokeAPI result URL \(url) does not end in a numeric id."
    }
  }
}
