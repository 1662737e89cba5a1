import Foundation

/// Gives each sprite a file-safe output name, unique within one run (SPEC section 8).
///
/// Names are sanitised to `[a-z0-9._-]`: accents folded (`Flabébé` → `flabebe`), lower-cased, every other character run replaced by one
/// `-`, leading dots and dashes dropped (no hidden files, no `..`), at most 96 characters, and
/// `sprite` when nothing is left. A name already given gets `-2`, `-3`, … in the order names are
/// asked for, so the same inputs in the same order always get the same names.
public struct SpriteNamer: Sendable {
  private var used = Set<String>()

  /// Creates a namer with no names given yet.
  public init() {}

  /// The sanitised form of `raw`, before any collision suffix.
  public static func sanitise(_ raw: String) -> String {
    if let ascii = sanitiseASCII(raw) { return ascii }
    var out = ""
    var pendingDash = false
    // Folding changes nothing in ASCII but case, and it is costly: skip it there.
    let folded =
      raw.utf8.allSatisfy { $0 < 0x80 }
      ? raw : raw.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    for scalar in folded.lowercased().unicodeScalars {
      let v = scalar.value
      let allowed =
        (0x61...0x7A).contains(v) || (0x30...0x39).contains(v) || scalar == "." || scalar == "_"
      if allowed {
        if pendingDash && !out.isEmpty { out.append("-") }
        pendingDash = false
        out.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    while let first = out.first, first == "." || first == "-" { out.removeFirst() }
    if out.count > 96 { out = String(out.prefix(96)) }
    while let last = out.last, last == "." || last == "-" { out.removeLast() }
    return out.isEmpty ? "sprite" : out
  }

  /// ``sanitise(_:)`` on bytes for an ASCII `raw` (the usual case: no folding needed); nil when
  /// `raw` holds anything else.
  private static func sanitiseASCII(_ raw: String) -> String? {
    var raw = raw
    return raw.withUTF8 { bytes -> String? in
      var out = [UInt8]()
      out.reserveCapacity(bytes.count)
      var pendingDash = false
      for byte in bytes {
        guard byte < 0x80 else { return nil }
        let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
        let allowed =
          (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower)
          || lower == UInt8(ascii: ".") || lower == UInt8(ascii: "_")
        if allowed {
          if pendingDash && !out.isEmpty { out.append(UInt8(ascii: "-")) }
          pendingDash = false
          out.append(lower)
        } else {
          pendingDash = true
        }
      }
      let dotOrDash: (UInt8) -> Bool = { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
      var name = out.drop(while: dotOrDash).prefix(96)
      while let last = name.last, dotOrDash(last) { name.removeLast() }
      return name.isEmpty ? "sprite" : String(decoding: name, as: UTF8.self)
    }
  }

  /// A name for `raw` that no earlier call returned.
  public mutating func uniqueName(for raw: String) -> String {
    let base = Self.sanitise(raw)
    var candidate = base
    var n = 2
    while used.contains(candidate) {
      candidate = "\(base)-\(n)"
      n += 1
    }
    used.insert(candidate)
    return candidate
  }
}
