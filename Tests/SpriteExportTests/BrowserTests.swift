import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("The CSS export in headless Chromium, light and dark", .serialized, .externalTools)
struct BrowserTests {
  /// Chromium and its driver: Debian's `chromium` and `chromium-driver`.
  static let browser = ToolRun.find("chromium", "chromium-browser")
  static let driver = ToolRun.find("chromedriver")

  @Test("each sprite's card, colours and Material roles compute exactly as the theme says")
  func pageShowsTheTheme() async throws {
    // Never skipped: without the browser this fails and says how to get it.
    guard let browser = Self.browser, let driver = Self.driver else {
      let message = "headless Chromium is required: apt-get install chromium chromium-driver"
      Issue.record("\(message) (scripts/install-deps.sh installs them)")
      return
    }
    let catalogue = try await ExportedCatalogue.shared()
    // Probes: one element per sprite and variable, painted with var(--...).
    var probes = [[String: String]]()
    var expectations = [String: (light: RGBA8, dark: RGBA8)]()
    for (name, expected) in catalogue.samples.sorted(by: { $0.key < $1.key }) {
      for (key, color) in expected.colors {
        let id = "\(name)--\(key)"
        probes.append([
          "id": id, "class": "sprite-\(name)", "variable": "--sprite-\(Spell.kebab(key))",
        ])
        expectations[id] = (color, color)
      }
      for (role, color) in expected.light {
        let id = "\(name)--md-\(role)"
        probes.append(
          ["id": id, "class": "sprite-\(name)", "variable": "--md-sys-color-\(Spell.kebab(role))"])
        expectations[id] = (color, try #require(expected.dark[role]))
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
      seen["darkMatches"] as? [Bool] == [false, true], "the emulated colour scheme did not switch")
    let light = try #require(seen["light"] as? [String: String])
    let dark = try #require(seen["dark"] as? [String: String])
    #expect(light.count == probes.count && dark.count == probes.count)
    var mismatches = 0
    for (id, expected) in expectations {
      let inLight = Self.parse(light[id] ?? "")
      let inDark = Self.parse(dark[id] ?? "")
      if inLight != expected.light || inDark != expected.dark {
        mismatches += 1
        if mismatches <= 10 {
          Issue.record(
            "\(id): light \(light[id] ?? "-") vs \(expected.light.hexWithAlpha), dark \(dark[id] ?? "-") vs \(expected.dark.hexWithAlpha)"
          )
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
