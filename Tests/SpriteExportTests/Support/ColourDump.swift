import Foundation
import SpriteCore
import SpriteMaterial
import Testing

/// The colours a code export gave back (by running it, or by reading its data as the accessor
/// does), by sprite name and label: `card`, `light.primary`, `darkHighContrastScheme.primary`.
struct ColourDump {
  /// The channel order of a packed colour.
  enum Order {
    /// `RRGGBBAA` (SwiftUI).
    case rgba
    /// `AARRGGBB` (Compose, Flutter).
    case argb
  }

  /// Colours by sprite name, then label.
  var colors: [String: [String: RGBA8]]

  /// Colours already read.
  init(_ colors: [String: [String: RGBA8]]) { self.colors = colors }

  /// Reads a dump program's lines: `<name as scalar values>\t<label>\t<hex>`.
  init(_ output: String, order: Order) throws {
    colors = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      // Other lines are the program's own (`SpriteTheme composed`).
      guard fields.count == 3 else { continue }
      #expect(fields[1] != "missing", "a name that SpriteTheme.named does not find: \(line)")
      var name = ""
      for value in fields[0].split(separator: ",") {
        let scalar = try #require(UInt32(value).flatMap(Unicode.Scalar.init))
        name.unicodeScalars.append(scalar)
      }
      colors[name, default: [:]][String(fields[1])] = try #require(
        CodeText.packed(String(fields[2]), order: order).first ?? nil)
    }
  }

  /// Expects every sprite of `catalogue` with exactly its theme's colours: the fixed ones, the
  /// light and dark schemes (only `roles`, when the platform's scheme has fewer than 49), and
  /// the medium and high contrast schemes made from the theme's source and variant.
  func expectMatches(
    _ catalogue: ExportedCatalogue, schemeSuffix: String, roles: Set<String>? = nil
  ) throws {
    #expect(Set(colors.keys) == Set(catalogue.expected.keys))
    for (name, expected) in catalogue.expected {
      let got = try #require(colors[name], "\(name)")
      let fixed = got.filter { !$0.key.contains(".") }
      #expect(fixed == expected.colors.compactMapValues { $0 }, "\(name) fixed colours")
      guard let source = expected.source, let variant = expected.variant else {
        #expect(got.count == fixed.count, "\(name): schemes without a material block")
        continue
      }
      let hct = HCT(source)
      let medium = DynamicScheme.lightAndDark(source: hct, variant: variant, contrastLevel: 0.5)
      let high = DynamicScheme.lightAndDark(source: hct, variant: variant, contrastLevel: 1)
      func byRole(_ colors: MaterialColors) -> [String: RGBA8] {
        Dictionary(uniqueKeysWithValues: MaterialRole.allCases.map { ($0.name, colors[$0]) })
      }
      let schemes = [
        ("light", expected.light), ("dark", expected.dark),
        ("lightMediumContrast", byRole(medium.light)), ("darkMediumContrast", byRole(medium.dark)),
        ("lightHighContrast", byRole(high.light)), ("darkHighContrast", byRole(high.dark)),
      ]
      for (scheme, colors) in schemes {
        let wanted = colors.filter { roles?.contains($0.key) ?? true }
        #expect(wanted.count == (roles?.count ?? 49), "\(name) \(scheme)")
        for (role, color) in wanted {
          #expect(got["\(scheme)\(schemeSuffix).\(role)"] == color, "\(name) \(scheme).\(role)")
        }
      }
    }
  }
}

/// Reading generated code without its language's tools.
enum CodeText {
  /// Each match of `pattern`'s two groups, a name and a number.
  static func matches(_ pattern: String, in text: String) -> [(String, Int)] {
    let regex = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).map { match in
      (
        String(text[Range(match.range(at: 1), in: text)!]),
        Int(text[Range(match.range(at: 2), in: text)!])!
      )
    }
  }

  /// Every single-quoted Dart string literal in `text`, unescaped (`\'`, `\\`, `\$`, `\n`,
  /// `\u{X}`).
  static func dartStrings(in text: String) -> [String] {
    var strings = [String]()
    var scalars = Array(text.unicodeScalars)[...]
    while let start = scalars.firstIndex(of: "'") {
      scalars = scalars[(start + 1)...]
      var value = ""
      while let scalar = scalars.popFirst(), scalar != "'" {
        guard scalar == "\\", let escaped = scalars.popFirst() else {
          value.unicodeScalars.append(scalar)
          continue
        }
        switch escaped {
        case "n": value += "\n"
        case "u":
          _ = scalars.popFirst()  // {
          let digits = scalars.prefix { $0 != "}" }
          scalars = scalars.dropFirst(digits.count + 1)
          value.unicodeScalars.append(
            Unicode.Scalar(UInt32(String(String.UnicodeScalarView(digits)), radix: 16)!)!)
        default: value.unicodeScalars.append(escaped)
        }
      }
      strings.append(value)
    }
    return strings
  }

  /// A packed row: 8 hex digits per colour in `order`, `nil` for `--------`.
  static func packed(_ row: String, order: ColourDump.Order) -> [RGBA8?] {
    let digits = Array(row.utf8)
    return stride(from: 0, to: digits.count, by: 8).map { start in
      guard
        let value = UInt32(String(decoding: digits[start..<start + 8], as: UTF8.self), radix: 16)
      else { return nil }
      let bytes = [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) }
      return order == .rgba
        ? RGBA8(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes[3])
        : RGBA8(r: bytes[1], g: bytes[2], b: bytes[3], a: bytes[0])
    }
  }

  /// True when `open` and `close` nest properly.
  static func balanced(_ text: String, _ open: Character, _ close: Character) -> Bool {
    var depth = 0
    for character in text {
      if character == open { depth += 1 }
      if character == close { depth -= 1 }
      if depth < 0 { return false }
    }
    return depth == 0
  }
}

extension Array {
  /// The element at `index`, or `nil` past the end.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
