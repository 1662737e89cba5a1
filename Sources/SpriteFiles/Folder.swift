import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folders as the package makes them: `mkdir -p`, the one copy.
package enum Folder {
  /// Creates `folder` and its missing parents (mode 0755); a folder already there, or a link to
  /// one, is fine.
  ///
  /// - Throws: The system's error for the step that failed; `ENOTDIR` when a file is in the way.
  package static func create(_ folder: FilePath) throws(Errno) {
    var code = folder.withPlatformString { mkdir($0, 0o755) } == 0 ? 0 : errno
    if code == ENOENT {
      let parent = folder.removingLastComponent()
      if !parent.isEmpty, parent != folder { try create(parent) }
      code = folder.withPlatformString { mkdir($0, 0o755) } == 0 ? 0 : errno
    }
    if code == EEXIST { code = (try? folder.stat().type) == .directory ? 0 : ENOTDIR }
    if code != 0 { throw Errno(rawValue: code) }
  }
}

extension Errno {
  /// The system's words for the error, e.g. "No such file or directory".
  package var reason: String { String(cString: strerror(rawValue)) }
}
