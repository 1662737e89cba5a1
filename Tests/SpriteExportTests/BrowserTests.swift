import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite(
  "The CSS export in headless Chromium: light, dark by media and by class, high contrast",
  .serialized, .externalTools)
struct BrowserTests {
  /// Chromium and its driver: Debian's `chromium` and `chromium-driver`.
  static let browser = ToolRun.find("chromium", "chromium-browser")
  static let driver = ToolRun.find("chromedriver")

  /// What the browser script emulates in each mode: dark scheme, more contrast, `.dark` class.
  static let modes: [String: [Bool]] = [
    "light": [false, false, false], "dark": [true, false, false],
    "darkClass": [false, false, true], "high": [false, true, false],
    "highDark": [true, true, false], "highDarkClass": [false, true, true],
  ]

  @Test("each sprite's card, colours and Material roles compute as the theme says in every mode")
  func pageShowsTheTheme() async throws {
    // Never skipped: without the browser this fails and says how to get it.
    guard let browser = Self.browser, let driver = Self.driver else {
      let message = "headless Chromium is required: apt-get install chromium chromium-driver"
      Issue.record("\(message) (scripts/install-deps.sh installs them)")
      return
    }
    let catalogue = try await ExportedCatalogue.shared()
    // Probes: one element per sprite and variable, painted with var(--...); for each, the
    // colour expected in each mode.
    var probes = [[String: String]]()
    var expectations = [String: [String: RGBA8]]()
    for (name, expected) in catalogue.samples.sorted(by: { $0.key < $1.key }) {
      for (key, color) in expected.colors {
        let id = "\(name)--\(key)"
        probes.append([
          "id": id, "class": "sprite-\(name)", "variable": "--sprite-\(Spell.kebab(key))",
        ])
        expectations[id] = Self.modes.mapValues { _ in color }
      }
      guard !expected.light.isEmpty else { continue }
      let high = try #require(
        try HighContrastRoles(themeAt: catalogue.themes.appendingPathComponent("\(name).json")))
      for (role, color) in expected.light {
        let id = "\(name)--md-\(role)"
        probes.append(
          ["id": id, "class": "sprite-\(name)", "variable": "--md-sys-color-\(Spell.kebab(role))"])
        let dark = try #require(expected.dark[role])
        let (highLight, highDark) = (try #require(high.light[role]), try #require(high.dark[role]))
        expectations[id] = [
          "light": color, "dark": dark, "darkClass": dark, "high": highLight,
          "highDark": highDark, "highDarkClass": highDark,
        ]
      }
    }
    let scratch = try TemporaryDirectory()
    let probeFile = scratch.url.appendingPathComponent("probes.json")
    try JSONSerialization.data(withJSONObject: probes).write(to: probeFile)
    setenv("CHROMIUM", browser, 1)
    setenv("CHROMEDRIVER", driver, 1)
    let result = try await PythonTools.runScript(
      "browser_colours.py", [catalogue.url(.css, "sprites.css").path, probeFile.path])
    try #require(result.status == 0, "\(result.stderr.suffix(3000))")
    let seen = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    #expect(
      seen["media"] as? [String: [Bool]] == Self.modes, "the emulated media did not switch")
    var mismatches = 0
    for mode in Self.modes.keys.sorted() {
      let computed = try #require(seen[mode] as? [String: String], "\(mode)")
      #expect(computed.count == probes.count, "\(mode)")
      for (id, expected) in expectations.sorted(by: { $0.key < $1.key }) {
        guard Self.parse(computed[id] ?? "") != expected[mode] else { continue }
        mismatches += 1
        if mismatches <= 10 {
          Issue.record(
            "\(mode) \(id): \(computed[id] ?? "-") vs \(expected[mode]?.hexWithAlpha ?? "-")")
        }
      }
    }
    #expect(mismatches == 0)
    #expect(expectations.count > 51 * 49)
  }

  /// A computed `rgb(r, g, b)` or `rgba(r, g, b, a)` as 8-bit RGBA (alpha × 255, rounded).
  static func parse(_ text: String) -> RGBA8? {
    guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
    let numbers = text[text.index(after: open)..<text.index(before: text.endIndex)]
      .split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard numbers.count == 3 || numbers.count == 4 else { return nil }
    let alpha = numbers.count == 4 ? (numbers[3] * 255).rounded() : 255
    return RGBA8(r: UInt8(numbers[0]), g: UInt8(numbers[1]), b: UInt8(numbers[2]), a: UInt8(alpha))
  }
}
