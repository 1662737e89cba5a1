#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `mkdir -p`: a directory and its missing parents.
enum DirectoryCreation {
  /// Creates `path` and its missing parents (mode 0755); 0 when it exists as a directory
  /// afterwards, else the `errno` of the step that failed (`EEXIST` when a file is in the way).
  static func createWithParents(_ path: String) -> Int32 {
    if mkdir(path, 0o755) == 0 { return 0 }
    let code = errno
    if code == EEXIST {
      var info = stat()
      return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? 0 : code
    }
    guard code == ENOENT else { return code }
    // A parent is missing: create it (an empty parent means the root or the working directory).
    var parent = Substring(path)
    while parent.hasSuffix("/") { parent = parent.dropLast() }
    guard let slash = parent.lastIndex(of: "/") else { return code }
    let parentPath = String(parent[..<slash])
    if !parentPath.isEmpty {
      let parentCode = createWithParents(parentPath)
      if parentCode != 0 { return parentCode }
    }
    return mkdir(path, 0o755) == 0 || errno == EEXIST ? 0 : errno
  }
}
