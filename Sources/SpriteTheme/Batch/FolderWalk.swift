import SpriteFiles
import SystemPackage

/// A folder's identity (device and inode), to recognise it under any path.
struct FolderIdentity: Hashable, Sendable {
  /// The device the folder is on.
  var device: UInt64
  /// Its inode on that device.
  var inode: UInt64

  /// The identity of the folder at `path` (following links), or nil when there is none.
  init?(_ path: FilePath) {
    guard let info = try? path.stat(), info.type == .directory else { return nil }
    device = UInt64(truncatingIfNeeded: info.deviceID.rawValue)
    inode = UInt64(truncatingIfNeeded: info.inode.rawValue)
  }
}

/// The `*.png` files below a folder, as `batch` takes them.
enum FolderWalk {
  /// Every `*.png` below `folder` (any case), hidden entries skipped, sorted by the bytes of the
  /// path; the folder `excluded` is not entered.
  ///
  /// Symbolic links are listed, never followed into: a link to a file (or a dangling one) counts
  /// as a file, a link to a folder is skipped, and a folder given as a link lists nothing. A FIFO,
  /// socket or device comes with a refusal and is never opened.
  static func pngFiles(
    under folder: FilePath, excluding excluded: FolderIdentity?
  ) -> [(path: FilePath, refusal: String?)] {
    guard (try? folder.stat(followTargetSymlink: false).type) == .directory else { return [] }
    var found = [(path: FilePath, refusal: String?)]()
    walk(folder, excluding: excluded, into: &found)
    return byteOrder(of: found.map(\.path)).map { found[$0] }
  }

  /// Appends the `*.png` files in `folder` and its non-hidden subfolders to `found`.
  private static func walk(
    _ folder: FilePath, excluding excluded: FolderIdentity?,
    into found: inout [(path: FilePath, refusal: String?)]
  ) {
    if let excluded, FolderIdentity(folder) == excluded { return }
    guard let entries = try? DirectoryListing.entries(of: folder) else { return }
    var folders = [FilePath]()
    for entry in entries where !entry.name.string.hasPrefix(".") {
      let path = folder.appending(entry.name)
      let isPNG = BatchInput.hasPNGExtension(entry.name.string.utf8)
      let type = entry.type ?? (try? path.stat(followTargetSymlink: false).type)
      switch type {
      case .directory?:
        folders.append(path)
      case .symbolicLink?:
        // Followed when opened (a link to a FIFO is refused then); links to folders are skipped.
        if isPNG, (try? path.stat().type) != .directory { found.append((path, nil)) }
      case .regular?, nil:
        if isPNG { found.append((path, nil)) }
      case let other?:
        if isPNG { found.append((path, RegularFile.refusal(for: other))) }
      }
    }
    for subfolder in folders { walk(subfolder, excluding: excluded, into: &found) }
  }

  /// `paths` sorted by their bytes (``precedesInBytes(_:_:)``).
  static func sortedByBytes(_ paths: [FilePath]) -> [FilePath] {
    byteOrder(of: paths).map { paths[$0] }
  }

  /// The positions of `paths` in the order of their bytes, each path's bytes copied out once.
  private static func byteOrder(of paths: [FilePath]) -> [Int] {
    let keys = paths.map(\.bytes)
    return keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
  }

  /// True when `a`'s bytes sort before `b`'s: the order of `LC_ALL=C sort`, in which a name
  /// stored decomposed (`e` + U+0301) does not tie with its composed form (U+00E9).
  static func precedesInBytes(_ a: FilePath, _ b: FilePath) -> Bool {
    a.bytes.lexicographicallyPrecedes(b.bytes)
  }
}
