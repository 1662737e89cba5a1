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
  /// reads one path per line from `standardInput`. Names are given in that order.
  ///
  /// A path that does not exist stays in the list and fails when it is read, so it is reported.
  /// In folders, only regular files are taken: a FIFO, socket or device named `*.png` is listed
  /// with a ``refusal`` and never opened. A folder that is `excluding` (the output directory,
  /// when it lies inside an input folder) is not walked, so a run never reads its own output.
  public static func collect(
    _ arguments: [String], excluding: FilePath? = nil,
    standardInput: () -> String? = { readLine(strippingNewline: true) }
  ) -> [BatchInput] {
    let excluded = excluding.flatMap(FolderIdentity.init)
    var found = [(path: FilePath, refusal: String?)]()
    for argument in arguments {
      if argument == "-" {
        while let line = standardInput() {
          let trimmed = line.trimmingSpaces()
          if !trimmed.isEmpty { found.append((FilePath(trimmed), nil)) }
        }
      } else if (try? FilePath(argument).stat().type) == .directory {
        found.append(
          contentsOf: FolderWalk.pngFiles(under: FilePath(argument), excluding: excluded))
      } else {
        found.append((FilePath(argument), nil))
      }
    }
    var namer = SpriteNamer()
    return found.map {
      BatchInput(
        path: $0.path, name: namer.uniqueName(for: ThemeSource.file($0.path).name),
        refusal: $0.refusal)
    }
  }

  /// True when `name` ends in `.png`, in any case.
  static func hasPNGExtension(_ name: some Collection<UInt8>) -> Bool {
    let tail = Array(name.suffix(4))
    return tail.count == 4 && tail[0] == UInt8(ascii: ".") && tail[1] | 0x20 == UInt8(ascii: "p")
      && tail[2] | 0x20 == UInt8(ascii: "n") && tail[3] | 0x20 == UInt8(ascii: "g")
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
