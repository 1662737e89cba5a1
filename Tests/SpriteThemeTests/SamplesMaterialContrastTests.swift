import Foundation
import Testing
import _SpriteTestSupport

/// Every `on*` role of every sample's written schemes against the role it sits on, the WCAG 2
/// ratio recomputed here from the hex in `samples/themes/*.json` (the files `batch` writes),
/// against the contrast curves of material-color-utilities' colour spec 2021
/// (`dynamiccolor/material_dynamic_colors.ts`, commit 6112292f).
@Suite("Samples: Material on-roles meet their contrast")
struct SamplesMaterialContrastTests {
  /// A contrast curve's ratios at levels -1, 0, 0.5 and 1.
  typealias Curve = (Double, Double, Double, Double)
  /// Text and icons on accents (`onPrimary`, `onSurface`, ...).
  static let onAccent: Curve = (4.5, 7, 11, 21)
  /// Text and icons on containers and variants (`onPrimaryContainer`, `onSurfaceVariant`, ...).
  static let onContainer: Curve = (3, 4.5, 7, 11)

  /// The ratio a curve asks at `level`, interpolated linearly between its four points.
  static func ratio(_ curve: Curve, at level: Double) -> Double {
    func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
    if level <= -1 { return curve.0 }
    if level < 0 { return mix(curve.0, curve.1, level + 1) }
    if level < 0.5 { return mix(curve.1, curve.2, level / 0.5) }
    if level < 1 { return mix(curve.2, curve.3, (level - 0.5) / 0.5) }
    return curve.3
  }

  /// The surfaces onSurface and onSurfaceVariant are solved against (the highest of them).
  static let surfaces = [
    "surface", "background", "surfaceDim", "surfaceBright", "surfaceContainerLowest",
    "surfaceContainerLow", "surfaceContainer", "surfaceContainerHigh", "surfaceContainerHighest",
  ]

  /// Each on-role, the role it sits on, and its curve.
  static let pairs: [(on: String, background: String, curve: Curve)] =
    surfaces.flatMap { [("onSurface", $0, onAccent), ("onSurfaceVariant", $0, onContainer)] }
    + ["primary", "secondary", "tertiary", "error"].flatMap { name -> [(String, String, Curve)] in
      let capital = name.prefix(1).uppercased() + name.dropFirst()
      return [
        ("on" + capital, name, onAccent),
        ("on\(capital)Container", name + "Container", onContainer),
      ]
    }
    + ["primary", "secondary", "tertiary"].flatMap { name -> [(String, String, Curve)] in
      let fixed = name + "Fixed"
      let on = "on" + name.prefix(1).uppercased() + name.dropFirst() + "Fixed"
      return [
        (on, fixed, onAccent), (on, fixed + "Dim", onAccent), (on + "Variant", fixed, onContainer),
        (on + "Variant", fixed + "Dim", onContainer),
      ]
    }
    + [
      ("onBackground", "background", (3, 3, 4.5, 7)),
      ("inverseOnSurface", "inverseSurface", onAccent),
    ]

  /// WCAG 2 relative luminance of `#rrggbb`.
  static func luminance(_ hex: String) -> Double {
    let value = Int(hex.dropFirst(), radix: 16) ?? 0
    func linear(_ channel: Int) -> Double {
      let c = Double(channel) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(value >> 16) + 0.7152 * linear((value >> 8) & 0xFF)
      + 0.0722 * linear(value & 0xFF)
  }

  /// WCAG 2 contrast ratio of two colours.
  static func contrast(_ a: String, _ b: String) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test("every sample's written light and dark on-roles reach their ratio (or black/white's best)")
  func onRolesMeetTheirCurves() throws {
    let folder = Fixtures.packageRoot.appendingPathComponent("samples/themes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(files.count == Fixtures.sampleSpriteFiles().count)
    #expect(Self.pairs.count == 18 + 8 + 12 + 2)
    var failures: [String] = []
    var checked = 0
    for file in files {
      let data = try Data(contentsOf: folder.appendingPathComponent(file))
      let theme = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let material = try #require(theme["material"] as? [String: Any], "\(file)")
      let level = try #require(material["contrastLevel"] as? Double)
      let schemes = try #require(material["schemes"] as? [String: [String: String]])
      for mode in ["light", "dark"] {
        let roles = try #require(schemes[mode], "\(file) \(mode)")
        for (on, background, curve) in Self.pairs {
          let (text, fill) = (try #require(roles[on]), try #require(roles[background]))
          let achieved = Self.contrast(text, fill)
          // MCU solves tones with a 0.4 L* margin, so 8-bit rounding may cost 1%; where the
          // curve asks more than black or white can give on that fill, the best is required.
          let best = max(Self.contrast("#000000", fill), Self.contrast("#ffffff", fill))
          let required = min(Self.ratio(curve, at: level), best) * 0.99
          if achieved < required {
            failures.append("\(file) \(mode) \(on)/\(background): \(achieved) < \(required)")
          }
          checked += 1
        }
      }
    }
    #expect(checked == files.count * 2 * Self.pairs.count)
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
  }

  @Test("the contrast check can fail: a pair swapped for one with too little contrast is caught")
  func checkCanFail() {
    #expect(Self.contrast("#777777", "#888888") < Self.ratio(Self.onContainer, at: 0) * 0.99)
    #expect(abs(Self.contrast("#000000", "#ffffff") - 21) < 1e-9)
    #expect(Self.ratio(Self.onAccent, at: 0) == 7 && Self.ratio(Self.onContainer, at: 0.25) == 5.75)
  }
}
