import Foundation
import SpriteCore
import SpriteMaterial
import Testing

/// The golden files written by `scripts/material-goldens.py` from materialyoucolor 3.0.4 (see
/// `Goldens/README.md`): one record per line, `#` lines are comments.
enum MaterialGoldens {
  /// The folder beside this file.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  /// The data lines of a golden file, split on spaces; a missing file is a test failure.
  static func records(_ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> [[Substring]]
  {
    let url = directory.appendingPathComponent(name)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "golden \(name) is missing; run scripts/material-goldens.py", sourceLocation: sourceLocation
      )
      return []
    }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: " ")
    }
  }

  /// An opaque colour from `RRGGBB`.
  static func color(_ hex: Substring) -> RGBA8 {
    let value = UInt32(hex, radix: 16)!
    return RGBA8(
      r: UInt8(truncatingIfNeeded: value >> 16), g: UInt8(truncatingIfNeeded: value >> 8),
      b: UInt8(truncatingIfNeeded: value))
  }

  /// `RRGGBB` of a colour, upper case as the goldens write it.
  static func hex(_ color: RGBA8) -> String {
    String(color.hex.dropFirst()).uppercased()
  }

  /// The source colours of the scheme goldens, in file order.
  static var schemeSources: [RGBA8] {
    var seen: [String] = []
    for record in records("schemes.txt") where seen.last != String(record[0]) {
      seen.append(String(record[0]))
    }
    return seen.map { color(Substring($0)) }
  }
}

/// One line of a scheme golden file: source, variant, light or dark, contrast level, and the
/// role colours in the file's order.
struct SchemeGoldenCase {
  let source: RGBA8
  let variant: MaterialVariant
  let isDark: Bool
  let contrastLevel: Double
  let expected: [String]

  /// The lines of the scheme golden file `name`.
  static func cases(_ name: String) -> [SchemeGoldenCase] {
    MaterialGoldens.records(name).map { r in
      SchemeGoldenCase(
        source: MaterialGoldens.color(r[0]), variant: MaterialVariant(rawValue: String(r[1]))!,
        isDark: r[2] == "dark", contrastLevel: Double(r[3])!, expected: r[4...].map(String.init))
    }
  }
}
