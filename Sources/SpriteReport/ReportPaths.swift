import Foundation

/// Paths the report needs: absolute, normalised forms of the folders, relative URLs from the
/// page to the pictures, and whether a file is there to link to.
enum ReportPaths {
  /// `path` made absolute against the current directory, with `.`, `..` and repeated slashes
  /// resolved lexically (symbolic links are left alone, so both sides of a relative path agree).
  static func absolute(_ path: String) -> [String] {
    let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var parts = [String]()
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(String(part))
      }
    }
    return parts
  }

  /// The percent-encoded URL of `target` relative to the folder `base` (both as from
  /// ``absolute(_:)``), always starting with `./` or `../` so no part reads as a scheme.
  static func relativeURL(to target: [String], from base: [String]) -> String {
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    let up = Array(repeating: "..", count: base.count - common)
    let down = target[common...].map(encode)
    return (up.isEmpty ? ["."] : up).joined(separator: "/") + "/" + down.joined(separator: "/")
  }

  /// One path component percent-encoded as URL path text: every byte outside the unreserved set
  /// of RFC 3986 (`A-Z a-z 0-9 - . _ ~`) becomes `%XX`.
  static func encode(_ component: String) -> String {
    var out = ""
    for byte in component.utf8 {
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

  /// True when `path` (as from ``absolute(_:)``) names a regular file that can be read.
  static func isReadableFile(_ path: [String]) -> Bool {
    let text = "/" + path.joined(separator: "/")
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory)
      && !isDirectory.boolValue && FileManager.default.isReadableFile(atPath: text)
  }
}
