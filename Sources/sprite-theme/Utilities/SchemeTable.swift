import SpriteMaterial

/// The readable table `scheme` prints without `--json`: the 49 roles (53 in spec 2025) of the
/// light schemes, then of the dark ones, at standard, medium and high contrast, and the six Theme Builder palettes;
/// no line wider than 80 columns, each colour with a swatch on a terminal.
///
/// ```text
/// Material 3 schemes of #1D5BEE, variant tonalSpot (spec 2021)
///
/// light                      standard    medium      high
///   primary                  #4C5C92     #233367     #18295C
/// ```
struct SchemeTable {
  /// The schemes and palettes to show.
  var export: ThemeBuilderExport
  /// Whether to draw true-colour swatches (only on a terminal).
  var colour: Bool

  /// Where the colour columns start: two spaces, the longest role name and a blank.
  static let labelWidth = 2 + MaterialRole.allCases.map(\.name.count).max()! + 1
  /// The width of one contrast column: swatch, hex and the gap after it.
  static let columnWidth = 12

  /// The table's lines, joined.
  var text: String { lines.joined(separator: "\n") }

  /// The table's lines.
  var lines: [String] {
    var lines = [
      "Material 3 schemes of \(export.source.hex.uppercased()), variant "
        + "\(export.variant.rawValue) (spec \(export.spec.rawValue))"
    ]
    for (mode, keys) in [("light", Array(0..<3)), ("dark", Array(3..<6))] {
      lines.append("")
      lines.append(
        pad(mode, to: Self.labelWidth)
          + ["standard", "medium", "high"].map { pad($0, to: Self.columnWidth) }.joined())
      for role in MaterialRole.allCases {
        let cells = keys.map { cell(export.schemes[$0].colors[role].hex.uppercased()) }
        lines.append(pad("  " + role.name, to: Self.labelWidth) + cells.joined())
      }
      for role in MaterialDimRole.allCases where export.spec == .spec2025 {
        let cells = keys.compactMap { export.schemes[$0].colors[role]?.hex.uppercased() }
        lines.append(pad("  " + role.name, to: Self.labelWidth) + cells.map(cell).joined())
      }
    }
    lines.append("")
    let tones = ThemeBuilderPalettes.tones.map(String.init).joined(separator: " ")
    lines.append("palettes (tones \(tones))")
    for palette in export.palettes.colors {
      let tones = palette.tones.map { $0.color.hex.uppercased() }
      if colour {
        // A strip of swatches, one per tone, darkest first.
        lines.append(pad("  " + palette.name, to: 18) + tones.map(Self.block).joined())
      } else {
        let cells = zip(ThemeBuilderPalettes.tones, tones).map { Summary.Cell("\($0)=\($1)") }
        lines += Summary.wrap(
          Summary.Cell(pad("  " + palette.name, to: 18)), cells, separator: " ", indent: 18)
      }
    }
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// A colour's cell: its swatch on a terminal, then `#RRGGBB`, padded to ``columnWidth``.
  private func cell(_ hex: String) -> String {
    let swatch = Summary.swatch(hex, colour: colour)
    return swatch.text + pad(hex, to: Self.columnWidth - swatch.width)
  }

  /// Two columns painted in `hex` (`#RRGGBB`) with a true-colour escape.
  private static func block(_ hex: String) -> String {
    let value = Int(hex.dropFirst(), radix: 16) ?? 0
    return "\u{1B}[48;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)m  \u{1B}[0m"
  }

  /// `text` followed by blanks up to `width` columns (at least one).
  private func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
