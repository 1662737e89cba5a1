import SpriteCore

/// An Xcode asset catalog, `Sprites.xcassets`: a folder per sprite that provides a namespace
/// (`"provides-namespace": true`), holding a named colour set per colour, `<Sprite>/<Colour>`
/// (Pascal case, so `Color("CrawlBlackCat/Primary")` in SwiftUI or `UIColor(named:)`, and a
/// name built at run time finds any sprite's colour). Each set has the universal colour and,
/// for Material roles, a `luminosity: dark` appearance, plus `contrast: high` ones (light and
/// dark) when the theme's Material block carries high-contrast roles
/// (``MaterialTokens/withHighContrast()``). Components are written as Xcode writes 8-bit
/// colours: hex bytes for red, green and blue, alpha as a decimal fraction that rounds back to
/// its byte.
enum AssetCatalogExport: ExportWriter {
  /// The catalog's `Contents.json`, each sprite folder's and each colour set's.
  static func files(for themes: [ExportTheme]) -> [ExportFile] {
    var namer = UniqueNames(.pascal)
    var files = [ExportFile("Sprites.xcassets/Contents.json", contents(colors: nil))]
    for theme in themes {
      let sprite = namer.name(for: theme.name)
      files.append(
        ExportFile(
          "Sprites.xcassets/\(sprite)/Contents.json", contents(colors: nil, namespace: true)))
      for token in theme.colors {
        files.append(colorSet(sprite, token, dark: nil))
      }
      guard let material = theme.material else { continue }
      for (index, (light, dark)) in zip(material.light, material.dark).enumerated() {
        let high = material.highContrast.map { ($0.light[index], $0.dark[index]) }
        files.append(colorSet(sprite, light, dark: dark.color, high: high))
      }
    }
    return files
  }

  /// The `Contents.json` of one colour set: the colour, then its dark appearance, then its
  /// high-contrast light and dark appearances, as Xcode orders them.
  private static func colorSet(
    _ sprite: String, _ token: ExportToken, dark: RGBA8?,
    high: (light: RGBA8, dark: RGBA8)? = nil
  ) -> ExportFile {
    let name = CaseConvention.pascal.join(token.words)
    var entries = [entry(token.color, dark: false)]
    if let dark { entries.append(entry(dark, dark: true)) }
    if let high {
      entries.append(entry(high.light, dark: false, highContrast: true))
      entries.append(entry(high.dark, dark: true, highContrast: true))
    }
    return ExportFile(
      "Sprites.xcassets/\(sprite)/\(name).colorset/Contents.json",
      contents(colors: entries.joined(separator: ",\n")))
  }

  /// A catalog, folder or colour-set `Contents.json` in Xcode's layout; a folder that provides
  /// a namespace says so in `properties`.
  private static func contents(colors: String?, namespace: Bool = false) -> String {
    var out = "{\n"
    if let colors { out += "  \"colors\" : [\n\(colors)\n  ],\n" }
    out += "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }"
    if namespace { out += ",\n  \"properties\" : {\n    \"provides-namespace\" : true\n  }" }
    return out + "\n}\n"
  }

  /// One entry of `colors`: the colour for any appearance, or for the dark one, the
  /// high-contrast one, or both.
  private static func entry(_ color: RGBA8, dark: Bool, highContrast: Bool = false) -> String {
    func byte(_ value: UInt8) -> String {
      "0x" + String(value, radix: 16, uppercase: true).leftPadded(to: 2)
    }
    func appearance(_ kind: String, _ value: String) -> String {
      "        {\n          \"appearance\" : \"\(kind)\",\n          \"value\" : \"\(value)\"\n"
        + "        }"
    }
    var out = "    {\n"
    let appearances =
      (dark ? [appearance("luminosity", "dark")] : [])
      + (highContrast ? [appearance("contrast", "high")] : [])
    if !appearances.isEmpty {
      out += "      \"appearances\" : [\n" + appearances.joined(separator: ",\n") + "\n      ],\n"
    }
    out += "      \"color\" : {\n        \"color-space\" : \"srgb\",\n"
    out += "        \"components\" : {\n"
    out += "          \"alpha\" : \"\(alpha(color.a))\",\n"
    out += "          \"blue\" : \"\(byte(color.b))\",\n"
    out += "          \"green\" : \"\(byte(color.g))\",\n"
    out += "          \"red\" : \"\(byte(color.r))\"\n"
    out += "        }\n      },\n      \"idiom\" : \"universal\"\n    }"
    return out
  }

  /// Alpha as Xcode writes it (`1.000`), with as many decimals as the byte needs to come back
  /// exactly (`0.498` for 127: 0.498 × 255 = 126.99).
  static func alpha(_ value: UInt8) -> String {
    if value == 255 { return "1.000" }
    if value == 0 { return "0.000" }
    let fraction = Double(value) / 255
    for decimals in 3...17 {
      let text = fraction.formattedFixed(decimals)
      if let parsed = Double(text), (parsed * 255).rounded() == Double(value) { return text }
    }
    return fraction.description
  }
}

extension String {
  /// The string with `0`s in front up to `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

extension Double {
  /// The value rounded to `decimals` places, written with exactly that many (non-negative
  /// values below 1000 only: colour fractions).
  func formattedFixed(_ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = UInt64((self * scale).rounded())
    let whole = scaled / UInt64(scale)
    let part = String(scaled % UInt64(scale)).leftPadded(to: decimals)
    return "\(whole).\(part)"
  }
}
