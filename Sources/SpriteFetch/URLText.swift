import Foundation

/// Limits on URLs and their form in messages: a URL longer than ``maxLength`` is refused, and a
/// URL echoed in a message is cut to ``displayLength`` characters with an ellipsis, so a hostile
/// server cannot flood the terminal or `index.json`.
public enum URLText {
  /// The longest URL accepted, in UTF-8 bytes: 8 KiB.
  public static let maxLength = 8 << 10
  /// The most characters of a URL shown in a message.
  public static let displayLength = 120

  /// `text` as shown in messages: unchanged up to ``displayLength`` characters, else its first
  /// `displayLength - 1` characters and `…`; control characters are shown as `?`.
  public static func shortened(_ text: String, limit: Int = displayLength) -> String {
    let cleaned = String(
      String.UnicodeScalarView(
        text.unicodeScalars.prefix(limit + 1).map {
          $0.properties.generalCategory == .control ? "?" : $0
        }))
    guard cleaned.count > limit else { return cleaned }
    return String(cleaned.prefix(max(0, limit - 1))) + "…"
  }

  /// `url`'s absolute string as shown in messages (see ``shortened(_:limit:)``).
  public static func shortened(_ url: URL) -> String { shortened(url.absoluteString) }

  /// Checks a request's URL before any transfer: its length, a scheme libcurl may use, and a
  /// scheme the URL's origin allows.
  ///
  /// - Throws: `FetchError.urlTooLong`, `.schemeNotAllowed` or `.unsupportedURL`.
  public static func check(_ url: URL, origin: FetchRequest.Origin) throws(FetchError) {
    let text = url.absoluteString
    guard text.utf8.count <= maxLength else { throw .urlTooLong(length: text.utf8.count) }
    let scheme = url.scheme?.lowercased() ?? ""
    guard ["http", "https", "file"].contains(scheme) else { throw .unsupportedURL(text) }
    if scheme == "file" && origin == .response {
      throw .schemeNotAllowed(url: text, scheme: scheme)
    }
  }
}
