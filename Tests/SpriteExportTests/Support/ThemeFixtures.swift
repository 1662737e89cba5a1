import Foundation
import SpriteCore
import SpriteMaterial
import _SpriteTestSupport

/// Theme files for the export tests: the 51 sample themes with the `material` block and
/// `accent` of SPEC section 10 added (computed here with SpriteMaterial, as the theme writer
/// does: source and accent from the palette, light and dark schemes of a variant and contrast
/// that change from sprite to sprite), plus made themes whose names clash or are keywords.
enum ThemeFixtures {
  /// Writes the themes into `folder`; returns their paths in name order.
  static func write(into folder: URL, samples: Int = .max) throws -> [URL] {
    let sampleFolder = Fixtures.packageRoot.appendingPathComponent("samples/themes")
    let names = try FileManager.default.contentsOfDirectory(atPath: sampleFolder.path)
      .filter { $0.hasSuffix(".json") }.sorted().prefix(samples)
    var written = [URL]()
    for (i, name) in names.enumerated() {
      let data = try Data(contentsOf: sampleFolder.appendingPathComponent(name))
      var theme = try JSONSerialization.jsonObject(with: data) as! [String: Any]
      addMaterial(to: &theme, index: i)
      written.append(try save(theme, as: name, in: folder))
    }
    // Names that clash once spelled for a platform, keywords, a leading digit, no letters.
    let base =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: sampleFolder.appendingPathComponent(names.first!))) as! [String: Any]
    for (i, name) in [
      "a.b", "a-b", "a_b-2", "default", "class", "25-pikachu", "color", "self",
      "on", "on-primary", "_", "sprites",
    ].enumerated() {
      var theme = base
      addMaterial(to: &theme, index: i + 7)
      written.append(try save(theme, as: name + ".json", in: folder))
    }
    return written.sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Adds `material` and `accent` (``MaterialFixture``).
  static func addMaterial(to theme: inout [String: Any], index: Int) {
    MaterialFixture.add(to: &theme, index: index)
  }

  /// Writes one theme file.
  private static func save(_ theme: [String: Any], as name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: theme, options: [.sortedKeys]).write(to: url)
    return url
  }
}

extension RGBA8 {
  /// A colour from `#rrggbb` or `#rrggbbaa`, parsed here independently of the module.
  init(hexText: String) {
    let digits = hexText.dropFirst()
    func byte(_ i: Int) -> UInt8 {
      let start = digits.index(digits.startIndex, offsetBy: 2 * i)
      return UInt8(digits[start..<digits.index(start, offsetBy: 2)], radix: 16)!
    }
    self.init(r: byte(0), g: byte(1), b: byte(2), a: digits.count == 8 ? byte(3) : 255)
  }
}
