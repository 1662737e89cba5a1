import Foundation
import SpriteFetch

/// One item of a `fetch` run, in input order: a sprite to download, an entry that yields no
/// sprite, or an entry that already failed before its sprite could be known.
public enum FetchInput: Sendable, Equatable {
  /// A sprite to download from `url`; `name` is the raw name before sanitising, `id` the PokeAPI
  /// entry's, and `origin` says whether the user gave the URL (only then may it be `file`).
  case sprite(url: URL, name: String, id: Int?, origin: FetchRequest.Origin)
  /// An entry with no sprite (null sprite, or a form left out); listed in `index.json`'s
  /// `skipped`, not an error.
  case skipped(name: String, reason: String)
  /// An entry that failed (e.g. its PokeAPI document); recorded in the index's errors.
  case failed(source: String, stage: String, message: String)

  /// The fetch input for one PokeAPI crawl item (its sprite URL came from a server).
  public init(_ item: CrawlItem) {
    switch item {
    case .sprite(let id, let name, let url):
      self = .sprite(url: url, name: name, id: id, origin: .response)
    case .skipped(_, let name, let reason):
      self = .skipped(name: name, reason: reason.description)
    case .failed(_, _, let source, let error):
      self = .failed(
        source: URLText.shortened(source, limit: URLText.maxLength), stage: "fetch",
        message: String(describing: error))
    }
  }

  /// Parses a URL list: one URL per line, blank lines and `#` comments ignored. Each sprite is
  /// named after its URL's last path component without `.png`.
  public static func urlList(_ text: String) -> [FetchInput] {
    text.split(whereSeparator: \.isNewline).compactMap(urlListItem)
  }

  /// The item for one line of a URL list (see ``urlList(_:)``), or nil for a blank line or a
  /// comment. The user typed these URLs, so `file` is allowed.
  public static func urlListItem(_ raw: Substring) -> FetchInput? {
    let line = raw.trimmingCharacters(in: .whitespaces)
    if line.isEmpty || line.hasPrefix("#") { return nil }
    guard line.utf8.count <= URLText.maxLength else {
      return .failed(
        source: URLText.shortened(line), stage: "fetch",
        message:
          "The URL is \(line.utf8.count) bytes long, more than the \(URLText.maxLength) allowed.")
    }
    guard let url = URL(string: line), let scheme = url.scheme?.lowercased(),
      url.host != nil || scheme == "file"
    else {
      return .failed(source: URLText.shortened(line), stage: "fetch", message: "Not a URL.")
    }
    var name = url.lastPathComponent
    if name.lowercased().hasSuffix(".png") { name.removeLast(4) }
    return .sprite(url: url, name: name, id: nil, origin: .user)
  }
}
