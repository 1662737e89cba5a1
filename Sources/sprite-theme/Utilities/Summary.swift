import SpriteTheme

/// The readable summary `analyze` prints without `--json`: no line wider than 80 columns (colour
/// escape codes take none), each colour with a swatch on a terminal.
///
/// ```text
/// samples/sprites/crawl-black-cat.png  32 x 32 px, 470 visible (45.9%)
///   dominant     #202020  26% of the visible pixels
///   outline      #000000  the dark ring, 25.3%
///   average      #2a2a2a  linear light, centre [14,14 4x4], coverage 100%
///                #292929  encoded sRGB
///   palette      #000000 27.9%  #202020 26%  #303030 16%  #101010 12.6%  #010101 8.7%
///                #404040 7.4%  #a5765e 0.9%  #e1a54f 0.6%
/// ```
struct Summary {
  /// The theme to describe.
  var theme: Theme
  /// Whether to draw true-colour swatches (only on a terminal).
  var colour: Bool

  /// The widest line, in columns.
  static let width = 80
  /// Where colours start: after two spaces and the longest label, `lightVibrant `.
  static let labelWidth = 15

  /// The summary lines, joined.
  var text: String { lines.joined(separator: "\n") }

  /// The summary lines.
  var lines: [String] {
    let source = theme.source
    let visible = Double(source.opaquePixels) / Double(max(1, source.width * source.height))
    var lines = heading(
      source.path ?? source.url ?? source.name,
      size: "\(source.width) x \(source.height) px, \(source.opaquePixels) visible "
        + "(\(percent(visible)))")
    let dominant = theme.dominant
    lines += row(
      "dominant", dominant?.hex,
      dominant.map { ["\(percent($0.population)) of the visible pixels"] } ?? [])
    if let outline = theme.outline {
      lines += row("outline", outline.hex, ["the dark ring, \(percent(outline.share))"])
    }
    let average = theme.average
    lines += row(
      "average", average.linear?.hex,
      ["linear light", region(average.extent), "coverage \(percent(average.coverage))"])
    lines += row("", average.encoded?.hex, ["encoded sRGB"])
    let seed = theme.seed
    let premultiplied = (0..<4).map { String(seed.premultiplied[$0]) }.joined(separator: ", ")
    lines += row(
      "seed", seed.hex,
      [
        region(seed.extent), "coverage \(percent(seed.coverage))",
        "premultiplied [\(premultiplied)]",
      ])
    if !theme.palette.isEmpty {
      let colours = theme.palette.map {
        swatch($0.hex) + Cell("\($0.hex) \(percent($0.population))")
      }
      lines += Self.wrap(Cell(label("palette")), colours, separator: "  ", indent: Self.labelWidth)
    }
    for name in Swatches.Name.allCases {
      let chosen = theme.swatches[name]
      lines += row(
        name.rawValue, chosen?.hex,
        chosen.map {
          [
            "title \($0.titleText.hex) (\(ratio($0.titleText.contrast)))",
            "body \($0.bodyText.hex) (\(ratio($0.bodyText.contrast)))",
          ]
        } ?? [])
    }
    if let card = theme.card {
      lines += row(
        "card", card.background,
        [card.extent.name, "text \(card.text.hex) (\(ratio(card.text.contrast)))"])
    }
    lines += materialRows
    return lines
  }

  /// The accent, the Material source colour with the variant and contrast of its schemes, and
  /// the schemes' primary colours, light and dark.
  private var materialRows: [String] {
    guard let material = theme.material else { return row("material", nil, ["transparent"]) }
    var lines = row(
      "accent", theme.accent?.hex,
      [theme.accent == nil ? "no chromatic colour" : "the most characteristic colour"])
    let origin = theme.accent == nil ? "the sprite's own colour" : "source colour"
    lines += row(
      "material", material.source,
      [origin, material.variant, "contrast \(number(material.contrastLevel))"])
    for (mode, roles) in [("light", material.schemes.light), ("dark", material.schemes.dark)] {
      let onPrimary = roles["onPrimary"] ?? "-"
      lines += row("", roles["primary"], ["primary (\(mode))", "on it \(onPrimary)"])
    }
    return lines
  }

  /// Text with the number of columns it takes: escape codes take none.
  struct Cell {
    /// The characters to print.
    var text: String
    /// The columns they take.
    var width: Int

    /// Plain text, one column a character.
    init(_ text: String) {
      self.init(text, width: text.count)
    }

    /// Text of a known width.
    init(_ text: String, width: Int) {
      self.text = text
      self.width = width
    }

    /// Both, one after the other.
    static func + (left: Cell, right: Cell) -> Cell {
      Cell(left.text + right.text, width: left.width + right.width)
    }
  }

  /// `first` followed by `cells` joined by `separator`, wrapped to ``width`` with later lines
  /// indented by `indent`; a cell wider than a whole line stands alone on its line.
  static func wrap(_ first: Cell, _ cells: [Cell], separator: String, indent: Int) -> [String] {
    var lines: [String] = []
    var line = first
    var empty = true
    for cell in cells {
      if !empty && line.width + separator.count + cell.width > width {
        lines.append(line.text)
        line = Cell(String(repeating: " ", count: indent))
        empty = true
      }
      line = empty ? line + cell : line + Cell(separator) + cell
      empty = false
    }
    lines.append(line.text)
    return lines
  }

  /// The name of the file and its size, on one line when they fit; a name wider than a line
  /// keeps its end.
  private func heading(_ name: String, size: String) -> [String] {
    let shown = name.count <= Self.width ? name : "…" + name.suffix(Self.width - 1)
    if shown.count + 2 + size.count <= Self.width { return ["\(shown)  \(size)"] }
    return [shown, "  " + size]
  }

  /// A colour's row: label, swatch, `hex` (or `none`) and `details` joined by commas, wrapped
  /// under the first detail.
  private func row(_ name: String, _ hex: String?, _ details: [String]) -> [String] {
    let start = Cell(label(name)) + swatch(hex) + Cell(hex ?? "none")
    guard !details.isEmpty else { return [start.text] }
    let cells = details.indices.map { Cell(details[$0] + ($0 < details.count - 1 ? "," : "")) }
    return Self.wrap(start + Cell("  "), cells, separator: " ", indent: start.width + 2)
  }

  /// `  name` padded to ``labelWidth``.
  private func label(_ name: String) -> String {
    "  " + name + String(repeating: " ", count: max(1, Self.labelWidth - 2 - name.count))
  }

  /// Two cells painted in `hex` (`#rrggbb`) with a true-colour escape and two blanks, or four
  /// blanks for no colour; nothing without colour.
  private func swatch(_ hex: String?) -> Cell {
    Self.swatch(hex, colour: colour)
  }

  /// Two cells painted in `hex` (`#rrggbb`, either case) and two blanks when `colour` is true,
  /// four blanks for no colour; nothing when `colour` is false.
  static func swatch(_ hex: String?, colour: Bool) -> Cell {
    guard colour else { return Cell("") }
    guard let hex, hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else {
      return Cell("    ")
    }
    let paint = "\u{1B}[48;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)m"
    return Cell(paint + "  \u{1B}[0m  ", width: 4)
  }

  private func ratio(_ value: Double) -> String {
    String((value * 100).rounded(.down) / 100) + ":1"
  }

  private func region(_ box: Theme.ExtentBox) -> String {
    "\(box.name) [\(number(box.x)),\(number(box.y)) \(number(box.width))x\(number(box.height))]"
  }

  private func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  private func percent(_ fraction: Double) -> String {
    let tenths = (fraction * 1000).rounded() / 10
    return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + "%"
  }
}
