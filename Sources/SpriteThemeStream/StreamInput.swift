import Foundation
import SpriteShard
import SpriteTheme
import SpriteThemeFetch

/// One input of `batch --jsonl`, in input order: a file to read, a URL to download, or one that
/// failed before either (a URL that is not one, a line too long).
public enum StreamInput: Sendable, Equatable {
  /// A PNG file; `refusal` says why a folder walk refused it without opening it.
  case file(FilePath, given: String, refusal: String?)
  /// A sprite at an http(s) URL; `name` is its theme's `source.name`.
  case url(URL, name: String, given: String)
  /// An input that failed before it could be read or downloaded.
  case failed(given: String, stage: String, message: String)

  /// The input as it was given (the path or URL), for an error line's `input`.
  public var given: String {
    switch self {
    case .file(_, let given, _), .url(_, _, let given), .failed(let given, _, _): given
    }
  }

  /// True when `text` starts with `http://` or `https://` (in any case): a URL to download;
  /// anything else is a path.
  public static func isURL(_ text: some Collection<UInt8>) -> Bool {
    let lower = text.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    return lower.starts(with: Array("http://".utf8)) || lower.starts(with: Array("https://".utf8))
  }

  /// The input of one trimmed, non-empty line or argument: a URL as `fetch --urls` reads one
  /// (its name the last path component without `.png`, sanitised as `fetch` names it), else a
  /// path.
  public static func parse(_ bytes: [UInt8]) -> StreamInput {
    let given = String(decoding: bytes, as: UTF8.self)
    guard isURL(bytes) else {
      let path = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          FilePath(platformString: Array(chars) + [0])
        }
      }
      return .file(path, given: given, refusal: nil)
    }
    switch FetchInput.urlListItem(Substring(given)) {
    case .sprite(let url, let name, _, _):
      return .url(url, name: SpriteNamer.sanitise(name), given: given)
    case .failed(_, let stage, let message):
      return .failed(given: given, stage: stage, message: message)
    case .skipped, nil:
      return .failed(given: given, stage: "fetch", message: "Not a URL.")
    }
  }
}

extension Shard {
  /// True when the file at `path` belongs to this shard: the hash is of the path's bytes as
  /// the file system takes them (as given on the command line or a line of standard input, or
  /// as found below a folder).
  public func contains(path: FilePath) -> Bool {
    path.withPlatformString { chars in
      contains(UnsafeRawBufferPointer(UnsafeBufferPointer(start: chars, count: strlen(chars))))
    }
  }
}
