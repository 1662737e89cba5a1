/// Gives each sprite a file-safe output name, unique within one run (SPEC section 8).
///
/// Names are sanitised to `[a-z0-9._-]`: accents folded (`Flabébé` → `flabebe`), lower-cased, every other character run replaced by one
/// `-`, leading dots and dashes dropped (no hidden files, no `..`), at most 96 characters, and
/// `sprite` when nothing is left. A name already given gets `-2`, `-3`, … in the order names are
/// asked for, so the same inputs in the same order always get the same names.
public struct SpriteNamer: Sendable {
  /// Every name given so far, each with the next suffix to try when it comes again.
  private var used = [String: Int]()

  /// Creates a namer with no names given yet.
  public init() {}

  /// The sanitised form of `raw`, before any collision suffix.
  public static func sanitise(_ raw: String) -> String {
    sanitiseASCII(raw) ?? sanitiseFolding(raw)
  }

  /// ``sanitise(_:)`` for any string: accents dropped (combining marks, and Latin letters by
  /// ``LatinFolding``), lowercased, then filtered.
  static func sanitiseFolding(_ raw: String) -> String {
    var out = ""
    var pendingDash = false
    for scalar in raw.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
      let folded = LatinFolding.ascii(for: scalar) ?? scalar.properties.lowercaseMapping
      for c in folded {
        let allowed = ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_"
        if allowed {
          if pendingDash && !out.isEmpty { out.append("-") }
          pendingDash = false
          out.append(c)
        } else {
          pendingDash = true
        }
      }
    }
    while let first = out.first, first == "." || first == "-" { out.removeFirst() }
    if out.count > 96 { out = String(out.prefix(96)) }
    while let last = out.last, last == "." || last == "-" { out.removeLast() }
    return out.isEmpty ? "sprite" : out
  }

  /// ``sanitise(_:)`` for the usual all-ASCII name, byte by byte, or `nil` for any other name.
  /// Folding accents and case changes nothing in ASCII but the case, so the result is the same.
  private static func sanitiseASCII(_ raw: String) -> String? {
    var raw = raw
    return raw.withUTF8 { utf8 -> String? in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) { out in
        var count = 0
        var pendingDash = false
        for var byte in utf8 {
          if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
          let allowed =
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
          if allowed {
            if pendingDash && count > 0 {
              out[count] = UInt8(ascii: "-")
              count += 1
            }
            pendingDash = false
            out[count] = byte
            count += 1
          } else {
            pendingDash = true
          }
        }
        var start = 0
        while start < count, out[start] == UInt8(ascii: ".") || out[start] == UInt8(ascii: "-") {
          start += 1
        }
        var end = min(count, start + 96)
        while end > start, out[end - 1] == UInt8(ascii: ".") || out[end - 1] == UInt8(ascii: "-") {
          end -= 1
        }
        guard end > start else { return "sprite" }
        return String(decoding: UnsafeBufferPointer(rebasing: out[start..<end]), as: UTF8.self)
      }
    }
  }

  /// A name for `raw` that no earlier call returned.
  ///
  /// The suffixes tried for a base name are remembered, so a name repeated k times costs O(k)
  /// in all, not O(k²): every suffix below the remembered one was taken, and names stay taken.
  public mutating func uniqueName(for raw: String) -> String {
    let base = Self.sanitise(raw)
    guard var n = used[base] else {
      used[base] = 2
      return base
    }
    var candidate: String
    repeat {
      candidate = "\(base)-\(n)"
      n += 1
    } while used[candidate] != nil
    used[base] = n
    used[candidate] = 2
    return candidate
  }
}
