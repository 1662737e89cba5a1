/// Why a download failed.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The URL's scheme is not `http`, `https` or `file`, it is not a URL libcurl accepts, or a
  /// redirect tried to change scheme; carries the URL (shortened for messages).
  case unsupportedURL(String)
  /// The URL came from a server's response and names a scheme only URLs the user gives may use
  /// (`file`); carries the URL.
  case schemeNotAllowed(url: String, scheme: String)
  /// The URL is longer than ``URLText/maxLength`` bytes; carries its length.
  case urlTooLong(length: Int)
  /// libcurl failed: its `CURLcode` and error text.
  case transport(code: Int32, message: String)
  /// The server answered with a status other than 2xx or 304 (after any retries).
  case httpStatus(Int)
  /// The body exceeded the byte cap.
  case tooLarge(limit: Int)
  /// The connect, no-progress or total timeout fired.
  case timedOut
  /// The load was cancelled (its task, or the run it belongs to).
  case cancelled
  /// The body is not the expected kind of content.
  case badContent(String)

  /// One sentence naming the download stage and what went wrong.
  public var description: String {
    switch self {
    case .unsupportedURL(let url):
      return
        "Download refused the URL \(URLText.shortened(url)): only http, https and file are allowed."
    case .schemeNotAllowed(let url, let scheme):
      return "Download refused \(URLText.shortened(url)): a URL from a server's response uses "
        + "\(scheme)://, which is only allowed for URLs you give."
    case .urlTooLong(let length):
      return "Download refused a URL of \(length) bytes (at most \(URLText.maxLength))."
    case .transport(let code, let message):
      return "Download failed in libcurl (code \(code)): \(message)."
    case .httpStatus(let status):
      return "Download failed with HTTP status \(status)."
    case .tooLarge(let limit):
      return "Download stopped because the body exceeded \(limit) bytes."
    case .timedOut:
      return "Download timed out."
    case .cancelled:
      return "Download was cancelled."
    case .badContent(let reason):
      return "Download returned unexpected content: \(reason)."
    }
  }
}
