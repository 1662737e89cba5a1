import SpriteFiles
import SystemPackage

/// One sprite to process in a batch: where it is and the name its outputs get.
public struct BatchInput: Hashable, Sendable {
  /// The path as given on the command line, or as found under a folder given on it; its bytes
  /// as the file system has them, so a name that is not UTF-8 still opens.
  public var path: FilePath
  /// The sanitised, unique output name (`themes/<name>.json`).
  public var name: String
  /// Why the folder walk refused the file without opening it (it is not a regular file), or nil.
  public var refusal: String?

  /// Creates an input.
  public init(path: FilePath, name: String, refusal: String? = nil) {
    self.path = path
    self.name = name
    self.refusal = refusal
  }

  /// Expands command-line arguments into inputs, in order: a file stays as given (whatever its
  /// extension, so a wrong file is reported, not skipped), a folder becomes every `*.png` below
  /// it (case-insensitive, hidden entries skipped, sorted by the bytes of the path), and `-`
  /// reads one path per line from `standardInput`, as bytes (``LineReader``: a line is trimmed of
  /// spaces, tabs and `\r`; a blank one is skipped; one over 64 KiB is refused). Names are given
  /// in that order.
  ///
  /// A path that does not exist stays in the list and fails when it is read, so it is reported.
  /// In folders, only regular files are taken: a FIFO, socket or device named `*.png` is listed
  /// with a ``refusal`` and never opened. A folder that is `excluding` (the output directory,
  /// when it lies inside an input folder) is not walked, so a run never reads its own output.
  public static func collect(
    _ arguments: [FilePath], excluding: FilePath? = nil,
    standardInput: FileDescriptor = .standardInput
  ) -> [BatchInput] {
    let excluded = excluding.flatMap(FolderIdentity.init)
    var found = [(path: FilePath, refusal: String?)]()
    for argument in arguments {
      if argument == "-" {
        found += listed(in: standardInput)
      } else if (try? argument.stat().type) == .directory {
        found += FolderWalk.pngFiles(under: argument, excluding: excluded)
      } else {
        found.append((argument, nil))
      }
    }
    var namer = SpriteNamer()
    return found.map {
      BatchInput(
        path: $0.path, name: namer.uniqueName(for: ThemeSource.file($0.path).name),
        refusal: $0.refusal)
    }
  }

  /// The paths listed in `file`, one a line, their bytes as given; a line too long to be a path
  /// comes with a refusal, a read error ends the list.
  private static func listed(in file: FileDescriptor) -> [(path: FilePath, refusal: String?)] {
    var reader = LineReader(file)
    var found = [(path: FilePath, refusal: String?)]()
    while let line = try? reader.next() {
      switch line {
      case .text(let bytes):
        let trimmed = trimmingSpaces(bytes)
        if !trimmed.isEmpty { found.append((FilePath(bytes: trimmed), nil)) }
      case .tooLong(let prefix):
        found.append(
          (
            FilePath(bytes: trimmingSpaces(prefix) + Array("…".utf8)),
            "the line is longer than \(LineReader.maxLength) bytes"
          ))
      }
    }
    return found
  }

  /// `bytes` without leading and trailing spaces, tabs, `\r` and `\n`.
  package static func trimmingSpaces(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return [] }
    return bytes[first...last]
  }

  /// True when `name` ends in `.png`, in any case.
  static func hasPNGExtension(_ name: some Collection<UInt8>) -> Bool {
    let tail = Array(name.suffix(4))
    return tail.count == 4 && tail[0] == UInt8(ascii: ".") && tail[1] | 0x20 == UInt8(ascii: "p")
      && tail[2] | 0x20 == UInt8(ascii: "n") && tail[3] | 0x20 == UInt8(ascii: "g")
  }
}
