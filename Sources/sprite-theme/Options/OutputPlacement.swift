import ArgumentParser
import Foundation
import SpriteFiles
import SystemPackage

/// Where an output folder may be: never an input folder nor inside one, or the run would read
/// its own files (its thumbnails are PNGs) as sprites, and leave its index and state among the
/// user's sprites.
enum OutputPlacement {
  /// Throws a usage error when `output` is one of the folders among `inputs`, or inside one
  /// (compared as real paths, so links and `..` do not hide it); files and `-` are not folders.
  static func check(output: PathArgument, inputs: [PathArgument]) throws {
    guard let outputPath = realPath(of: output.path) else { return }
    for input in inputs where !input.isStandardInput {
      guard isFolder(input.path), let inputPath = realPath(of: input.path) else { continue }
      if outputPath == inputPath || outputPath.starts(with: inputPath) {
        throw ValidationError(
          "--out \(output) is \(outputPath == inputPath ? "" : "inside ")the input folder "
            + "\(input); its thumbnails and index would be read as sprites. Choose a folder "
            + "outside the inputs.")
      }
    }
  }

  /// Whether `path` names a folder (following links).
  private static func isFolder(_ path: FilePath) -> Bool {
    var info = stat()
    return path.withPlatformString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// `path` with links resolved: the real path of its nearest existing ancestor, then the rest
  /// of its components (lexically normalised); nil when no ancestor resolves.
  static func realPath(of path: FilePath) -> FilePath? {
    guard let absolute = path.isAbsolute ? path : currentDirectory()?.pushing(path) else {
      return nil
    }
    var existing = absolute.lexicallyNormalized()
    var rest = [FilePath.Component]()
    while true {
      if let resolved = resolve(existing) {
        return rest.reversed().reduce(resolved) { $0.appending($1) }
      }
      guard let last = existing.lastComponent, existing.removingLastComponent() != existing
      else { return nil }
      rest.append(last)
      existing = existing.removingLastComponent()
    }
  }

  /// The working directory, as bytes (`getcwd(3)`).
  private static func currentDirectory() -> FilePath? {
    guard let raw = getcwd(nil, 0) else { return nil }
    defer { free(raw) }
    return FilePath(platformString: raw)
  }

  /// `realpath(3)` of `path`, nil when it does not exist.
  private static func resolve(_ path: FilePath) -> FilePath? {
    path.withPlatformString { raw -> FilePath? in
      guard let resolved = realpath(raw, nil) else { return nil }
      defer { free(resolved) }
      return FilePath(platformString: resolved)
    }
  }
}
