import SpriteTheme

/// The readable, few-line summary `analyze` prints without `--json`.
struct Summary {
  /// The theme to describe.
  var theme: Theme
  /// Whether to draw true-colour swatches (only on a terminal).
  var colour: Bool

  /// The summary lines.
  var text: String {
    let source = theme.source
    let visible = Double(source.opaquePixels) / Double(max(1, source.width * source.height))
    var lines = [
      "\(source.path ?? source.url ?? source.name)  \(source.width) x \(source.height) px, "
        + "\(source.opaquePixels) visible (\(percent(visible)))"
    ]
    let average = theme.average
    lines.append(
      "  average  \(swatch(average.linear?.hex))\(average.hex ?? "none   ")  linear light, "
        + "\(region(average.extent)), coverage \(percent(average.coverage))")
    lines.append(
      "           \(swatch(average.encoded?.hex))\(average.encoded?.hex ?? "none   ")  encoded sRGB")
    let seed = theme.seed
    let premultiplied = (0..<4).map { String(seed.premultiplied[$0]) }.joined(separator: ", ")
    lines.append(
      "  seed     \(swatch(seed.hex))"
        + "\(seed.hex ?? "none   ")  \(region(seed.extent)), coverage \(percent(seed.coverage)), "
        + "premultiplied [\(premultiplied)]")
    if !theme.palette.isEmpty {
      let colours = theme.palette.map { "\(swatch($0.hex))\($0.hex) \(percent($0.population))" }
      lines.append("  palette  " + colours.joined(separator: "  "))
    }
    let swatches: [(String, Theme.Swatch?)] = [
      ("vibrant", theme.swatches.vibrant), ("lightVibrant", theme.swatches.lightVibrant),
      ("darkVibrant", theme.swatches.darkVibrant), ("muted", theme.swatches.muted),
      ("lightMuted", theme.swatches.lightMuted), ("darkMuted", theme.swatches.darkMuted),
    ]
    for (name, chosen) in swatches {
      let label = name + String(repeating: " ", count: max(0, 13 - name.count))
      guard let chosen else {
        lines.append("  \(label)\(swatch(nil))none")
        continue
      }
      lines.append(
        "  \(label)\(swatch(chosen.hex))\(chosen.hex)  title \(chosen.titleText.hex) "
          + "(\(ratio(chosen.titleText.contrast))), body \(chosen.bodyText.hex) "
          + "(\(ratio(chosen.bodyText.contrast)))")
    }
    if let card = theme.card {
      lines.append(
        "  card     \(swatch(card.background))\(card.background)  \(card.extent.name), text "
          + "\(card.text.hex) (\(ratio(card.text.contrast)))")
    }
    return lines.joined(separator: "\n")
  }

  private func ratio(_ value: Double) -> String {
    String((value * 100).rounded(.down) / 100) + ":1"
  }

  /// Two cells painted in `hex` (`#rrggbb`) with a true-colour escape, or blanks for no colour.
  private func swatch(_ hex: String?) -> String {
    guard colour else { return "" }
    guard let hex, hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return "    " }
    return "\u{1B}[48;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)m  \u{1B}[0m  "
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
