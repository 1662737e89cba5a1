import Foundation

/// One sprite to process in a batch: where it is and the name its outputs get.
public struct BatchInput: Hashable, Sendable {
  /// The path as given on the command line, or as found under a folder given on it.
  public var path: String
  /// The sanitised, unique output name (`themes/<name>.json`).
  public var name: String

  /// Creates an input.
  public init(path: String, name: String) {
    self.path = path
    self.name = name
  }

  /// Expands command-line arguments into inputs, in order: a file stays as given (whatever its
  /// extension, so a wrong file is reported, not skipped), a folder becomes every `*.png` below
  /// it (case-insensitive, hidden entries skipped, sorted by path), and `-` reads one path per
  /// line from `standardInput`. Names are given in that order.
  ///
  /// A path that does not exist stays in the list and fails when it is read, so it is reported.
  public static func collect(
    _ arguments: [String], standardInput: () -> String? = { readLine(strippingNewline: true) }
  ) -> [BatchInput] {
    var paths = [String]()
    for argument in arguments {
      if argument == "-" {
        while let line = standardInput() {
          let trimmed = line.trimmingCharacters(in: .whitespaces)
          if !trimmed.isEmpty { paths.append(trimmed) }
        }
      } else if isDirectory(argument) {
        paths.append(contentsOf: pngFiles(under: argument))
      } else {
        paths.append(argument)
      }
    }
    var namer = SpriteNamer()
    return paths.map {
      BatchInput(path: $0, name: namer.uniqueName(for: ThemePipeline.spriteName(forPath: $0)))
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    var flag: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
  }

  /// Every `*.png` file below `folder`, hidden entries skipped, sorted by path.
  private static func pngFiles(under folder: String) -> [String] {
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
    var found = [String]()
    while let relative = enumerator.nextObject() as? String {
      let components = relative.split(separator: "/")
      if components.contains(where: { $0.hasPrefix(".") }) { continue }
      guard relative.lowercased().hasSuffix(".png") else { continue }
      let full = base + "/" + relative
      if !isDirectory(full) { found.append(full) }
    }
    return found.sorted()
  }
}
