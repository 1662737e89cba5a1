/// Why a download failed.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The URL's scheme is not `http`, `https` or `file`, or a redirect tried to change scheme.
  case unsupportedURL(String)
  /// libcurl failed: its `CURLcode` and error text.
  case transport(code: Int32, message: String)
  /// The server answered with a status other than 2xx or 304 (after any retries).
  case httpStatus(Int)
  /// The body exceeded the byte cap.
  case tooLarge(limit: Int)
  /// The connect, no-progress or total timeout fired.
  case timedOut
  /// The load was cancelled (its handle, or the run it belongs to).
  case cancelled
  /// The body is not the expected kind of content.
  case badContent(String)

  /// One sentence naming the download stage and what went wrong.
  public var description: String {
    switch self {
    case .unsupportedURL(let url):
      return "Download refused the URL \(url): only http, https and file are allowed."
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
