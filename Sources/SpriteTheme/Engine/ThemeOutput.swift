import SpriteFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The output directory the ``ThemeEngine`` writes (SPEC section 8): `themes/<name>.json`,
/// `thumbs/<name>-<size>.png` and `index.json`, each written atomically (``AtomicFile``).
struct ThemeOutput: Sendable {
  /// The directory.
  let directory: FilePath
  /// `themes/`.
  var themes: FilePath { directory.appending("themes") }
  /// `thumbs/`.
  var thumbs: FilePath { directory.appending("thumbs") }

  /// Creates `directory` (with its parents) and `themes/`, and `thumbs/` when `thumbnails`;
  /// removes the temporary files a killed run left in them (and in `thumbs/` when it is there
  /// but not asked for). A symbolic link in the place of `themes/`, `thumbs/` or the state file
  /// is removed (a real folder or file takes its place), so nothing is written through a link
  /// to somewhere the user did not name.
  ///
  /// - Throws: ``ThemeEngine/Fatal`` naming the folder that cannot be made.
  static func prepare(
    _ directory: FilePath, thumbnails: Bool
  ) throws(ThemeEngine.Fatal) -> ThemeOutput {
    let output = ThemeOutput(directory: directory)
    try makeFolder(directory)
    for path in [output.themes, output.thumbs, directory.appending(RunRecords.fileName)] {
      try removeLink(path)
    }
    try makeFolder(output.themes)
    if thumbnails { try makeFolder(output.thumbs) }
    for folder in [directory, output.themes, output.thumbs] { removeTemporaries(in: folder) }
    return output
  }

  /// Writes `bytes` atomically as `folder/name`.
  ///
  /// - Throws: ``ThemeEngine/Fatal`` naming the file.
  func write(_ bytes: [UInt8], to file: FilePath) throws(ThemeEngine.Fatal) {
    do {
      try AtomicFile.write(bytes, to: file)
    } catch {
      throw ThemeEngine.Fatal(path: file.readable, reason: error.reason)
    }
  }

  /// Creates `folder` and its missing parents; an existing folder is fine.
  private static func makeFolder(_ folder: FilePath) throws(ThemeEngine.Fatal) {
    do {
      try Folder.create(folder)
    } catch {
      throw ThemeEngine.Fatal(path: folder.readable, reason: error.reason)
    }
  }

  /// Removes `path` when it is a symbolic link (not what it points to).
  ///
  /// - Throws: ``ThemeEngine/Fatal`` when the link cannot be removed.
  private static func removeLink(_ path: FilePath) throws(ThemeEngine.Fatal) {
    guard (try? path.stat(followTargetSymlink: false).type) == .symbolicLink else { return }
    guard path.withPlatformString({ unlink($0) }) == 0 else {
      throw ThemeEngine.Fatal(path: path.readable, reason: Errno(rawValue: errno).reason)
    }
  }

  /// True when `path` is a folder or a link to one.
  static func isFolder(_ path: FilePath) -> Bool {
    (try? path.stat().type) == .directory
  }

  /// Removes the `.NAME.tmp-PID-N` files of ``AtomicFile`` from `folder`.
  private static func removeTemporaries(in folder: FilePath) {
    guard let entries = try? DirectoryListing.entries(of: folder) else { return }
    for entry in entries where AtomicFile.isTemporary(entry.name.string) {
      _ = folder.appending(entry.name).withPlatformString { unlink($0) }
    }
  }
}
