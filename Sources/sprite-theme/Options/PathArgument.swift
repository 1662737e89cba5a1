import ArgumentParser
import SpriteFiles
import SystemPackage

/// A path on the command line, its bytes exactly as in `argv` (``ArgumentBytes``), so any file
/// name works; `batch` also takes `-` and, with `--jsonl`, URLs in it.
struct PathArgument: ExpressibleByArgument, ExpressibleByStringLiteral, Hashable, Sendable,
  CustomStringConvertible
{
  /// The argument's bytes.
  var bytes: [UInt8]

  /// Shells complete a path with the file names there (folders too); an option or argument
  /// that wants only folders, or certain extensions, says so with its own `completion:`.
  static var defaultCompletionKind: CompletionKind { .file() }

  /// The argument carried by `argument` (see ``ArgumentBytes``).
  init(argument: String) {
    bytes = ArgumentBytes.bytes(of: argument)
  }

  /// The argument `value`, as if typed.
  init(stringLiteral value: String) {
    self.init(argument: ArgumentBytes.text(value.utf8))
  }

  /// The path the bytes name.
  var path: FilePath { FilePath(bytes: bytes) }

  /// True for `-`, standard input.
  var isStandardInput: Bool { bytes == [UInt8(ascii: "-")] }

  /// The argument as given, bytes that are not UTF-8 shown as `\xHH`.
  var description: String { ReadableBytes.text(bytes) }
}
