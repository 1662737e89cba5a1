/// Why a PokeAPI document could not be used.
public enum PokeAPIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A list page did not decode or held an unusable URL.
  case badList(String)
  /// An entry document did not decode or lacked `id` / `name`.
  case badEntry(String)
  /// A list result's URL has no numeric id as its last path segment.
  case missingID(String)
  /// A URL read from a server's response uses a scheme other than `http` or `https`, or is
  /// too long: `subject` is what it belongs to (an entry's name), `role` what it is for.
  case untrustedURL(subject: String, role: String, url: String, scheme: String)

  /// One sentence naming the crawl stage and what went wrong.
  public var description: String {
    switch self {
    case .badList(let reason): return "PokeAPI list page unusable: \(reason)."
    case .badEntry(let reason): return "PokeAPI entry unusable: \(reason)."
    case .missingID(let url):
      return "PokeAPI result URL \(URLText.shortened(url)) does not end in a numeric id."
    case .untrustedURL(let subject, let role, let url, let scheme):
      if url.utf8.count > URLText.maxLength {
        return "\(subject): the server's \(role) URL is \(url.utf8.count) bytes long, more than "
          + "the \(URLText.maxLength) allowed (\(URLText.shortened(url)))."
      }
      return "\(subject): the server's \(role) URL uses \(scheme)://, which is only allowed for "
        + "URLs you give (\(URLText.shortened(url)))."
    }
  }
}
