import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("Android export: themes.xml, a Material 3 style per sprite")
struct AndroidThemesTests {
  /// The colour attributes of Material Components for Android's Material 3 themes that Theme
  /// Builder's Android Views export sets, with the role each takes (listed here apart from the
  /// module's mapping).
  static let attributes: [String: String] = {
    var map = ["android:colorBackground": "background"]
    for role in [
      "primary", "onPrimary", "primaryContainer", "onPrimaryContainer", "secondary",
      "onSecondary", "secondaryContainer", "onSecondaryContainer", "tertiary", "onTertiary",
      "tertiaryContainer", "onTertiaryContainer", "error", "onError", "errorContainer",
      "onErrorContainer", "onBackground", "surface", "onSurface", "surfaceVariant",
      "onSurfaceVariant", "outline", "outlineVariant", "primaryFixed", "onPrimaryFixed",
      "primaryFixedDim", "onPrimaryFixedVariant", "secondaryFixed", "onSecondaryFixed",
      "secondaryFixedDim", "onSecondaryFixedVariant", "tertiaryFixed", "onTertiaryFixed",
      "tertiaryFixedDim", "onTertiaryFixedVariant", "surfaceDim", "surfaceBright",
      "surfaceContainerLowest", "surfaceContainerLow", "surfaceContainer",
      "surfaceContainerHigh", "surfaceContainerHighest",
    ] {
      map["color" + role.prefix(1).uppercased() + role.dropFirst()] = role
    }
    map["colorSurfaceInverse"] = "inverseSurface"
    map["colorOnSurfaceInverse"] = "inverseOnSurface"
    map["colorPrimaryInverse"] = "inversePrimary"
    return map
  }()

  @Test(
    "values/ and values-night/themes.xml parse, and every item points at the sprite's colour",
    .externalTools)
  func stylesPointAtColours() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let res = catalogue.url(.android, "")
    let result = try await PythonTools.runScript("check_android_themes.py", [res.path])
    try #require(result.status == 0, "\(result.stderr)")
    let styles =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      as! [String: [String: String]]
    #expect(styles.count == catalogue.expected.values.filter { !$0.light.isEmpty }.count)
    for (name, expected) in catalogue.samples where !expected.light.isEmpty {
      let style = try #require(styles["SpriteTheme.\(Self.pascal(name))"], "\(name)")
      let prefix = name.replacingOccurrences(of: "-", with: "_")
      #expect(style.count == Self.attributes.count, "\(name)")
      for (attribute, role) in Self.attributes {
        #expect(style[attribute] == "\(prefix)_\(Spell.snake(role))", "\(name) \(attribute)")
      }
    }
  }

  @Test(
    "aapt links the resources against Android's framework and Material 3's attributes",
    .externalTools)
  func aaptLinks() async throws {
    let framework = "/usr/share/android-framework-res/framework-res.apk"
    guard let aapt = ToolRun.find("aapt"), FileManager.default.fileExists(atPath: framework)
    else {
      Issue.record(
        "aapt and the framework resources are required: apt-get install aapt android-framework-res")
      return
    }
    let catalogue = try await ExportedCatalogue.shared()
    let scratch = try TemporaryDirectory()
    let manifest = scratch.url.appendingPathComponent("AndroidManifest.xml")
    try """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.sprites"/>
    """.write(to: manifest, atomically: true, encoding: .utf8)
    // Material Components' attributes and parent themes, declared as the library declares them
    // (the library itself is not on Debian).
    let stub = scratch.url.appendingPathComponent("material/values")
    try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
    var material = "<resources>\n"
    for attribute in Self.attributes.keys.sorted() where !attribute.hasPrefix("android:") {
      material += "  <attr name=\"\(attribute)\" format=\"color\"/>\n"
    }
    for mode in ["Light", "Dark"] {
      material += "  <style name=\"Theme.Material3.\(mode).NoActionBar\" "
      material +=
        "parent=\"android:Theme.Material.\(mode == "Light" ? "Light." : "")NoActionBar\"/>\n"
    }
    try (material + "</resources>\n").write(
      to: stub.appendingPathComponent("material.xml"), atomically: true, encoding: .utf8)
    let result = try await ToolRun.run(
      aapt,
      [
        "package", "-f", "-M", manifest.path, "-S", catalogue.url(.android, "").path, "-S",
        stub.deletingLastPathComponent().path, "--auto-add-overlay", "-I", framework, "-F",
        scratch.url.appendingPathComponent("sprites.apk").path,
      ])
    #expect(result.status == 0, "\(result.stderr.suffix(3000))")
  }

  /// `crawl-blue-dragon` → `CrawlBlueDragon`.
  static func pascal(_ name: String) -> String {
    name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
