import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entries of one folder as the file system names them: bytes, not text, so a name that is
/// not UTF-8 is listed and can be opened again (`FilePath.Component` keeps its bytes).
package enum DirectoryListing {
  /// One entry of a folder.
  package struct Entry: Sendable {
    /// The entry's name, its bytes as stored.
    package var name: FilePath.Component
    /// Its type from `readdir`'s `d_type` without following a link, or `nil` when the file
    /// system does not say (ask `lstat` then).
    package var type: FileType?
  }

  /// Every entry of `folder` but `.` and `..`, in the order `readdir` gives them.
  ///
  /// - Throws: The system's error when the folder cannot be opened.
  package static func entries(of folder: FilePath) throws(Errno) -> [Entry] {
    guard let stream = folder.withPlatformString({ opendir($0) }) else {
      throw Errno(rawValue: errno)
    }
    defer { closedir(stream) }
    var entries = [Entry]()
    while let entry = readdir(stream) {
      let component = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        FilePath.Component(platformString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      guard let component, component.kind == .regular else { continue }
      entries.append(Entry(name: component, type: fileType(entry.pointee.d_type)))
    }
    return entries
  }

  /// The file type a `d_type` value names, or `nil` for `DT_UNKNOWN` and anything unexpected.
  private static func fileType(_ type: UInt8) -> FileType? {
    switch Int32(type) {
    case Int32(DT_REG): .regular
    case Int32(DT_DIR): .directory
    case Int32(DT_LNK): .symbolicLink
    case Int32(DT_FIFO): .fifo
    case Int32(DT_SOCK): .socket
    case Int32(DT_CHR): .characterSpecial
    case Int32(DT_BLK): .blockSpecial
    default: nil
    }
  }
}
