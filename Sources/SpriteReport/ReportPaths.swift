import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths the report needs: absolute, normalised forms of the folders (components as bytes, so
/// any name works), relative URLs from the page to the pictures, and whether a file is there to
/// link to.
enum ReportPaths {
  /// `path` made absolute against the current directory, with `.`, `..` and repeated slashes
  /// resolved lexically (symbolic links are left alone, so both sides of a relative path agree).
  static func absolute(_ path: FilePath) -> [FilePath.Component] {
    let joined = path.isAbsolute ? path : currentDirectory().pushing(path)
    var parts = [FilePath.Component]()
    for part in joined.components {
      switch part.kind {
      case .currentDirectory: continue
      case .parentDirectory: if !parts.isEmpty { parts.removeLast() }
      case .regular: parts.append(part)
      }
    }
    return parts
  }

  /// The absolute path of `parts` (as from ``absolute(_:)``).
  static func path(_ parts: [FilePath.Component]) -> FilePath {
    FilePath(root: "/", parts)
  }

  /// The percent-encoded URL of `target` relative to the folder `base` (both as from
  /// ``absolute(_:)``), always starting with `./` or `../` so no part reads as a scheme.
  static func relativeURL(to target: [FilePath.Component], from base: [FilePath.Component])
    -> String
  {
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    let up = Array(repeating: "..", count: base.count - common)
    let down = target[common...].map { encode(FilePath(root: nil, [$0]).bytes) }
    return (up.isEmpty ? ["."] : up).joined(separator: "/") + "/" + down.joined(separator: "/")
  }

  /// One path component's bytes percent-encoded as URL path text: every byte outside the
  /// unreserved set of RFC 3986 (`A-Z a-z 0-9 - . _ ~`) becomes `%XX`.
  static func encode(_ component: [UInt8]) -> String {
    var out = ""
    for byte in component {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF")
        out += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
      }
    }
    return out
  }

  /// True when `parts` (as from ``absolute(_:)``) names a regular file that can be read.
  static func isReadableFile(_ parts: [FilePath.Component]) -> Bool {
    let file = path(parts)
    return (try? file.stat().type) == .regular
      && file.withPlatformString { access($0, R_OK) } == 0
  }

  /// The current directory, its bytes as the system gives them.
  private static func currentDirectory() -> FilePath {
    guard let text = getcwd(nil, 0) else { return "/" }
    defer { free(text) }
    return FilePath(platformString: text)
  }
}
