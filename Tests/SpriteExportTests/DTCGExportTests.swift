import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("DTCG export: valid Design Tokens 2025.10, every colour the theme's", .externalTools)
struct DTCGExportTests {
  /// The DTCG 2025.10 schemas beside the checkout (never copied into the repo).
  static var schemaFolder: URL? { Fixtures.sharedTestData("dtcg/2025.10") }

  @Test("every file validates against the DTCG 2025.10 JSON Schema (jsonschema from PyPI)")
  func filesValidate() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    guard let schemas = Self.schemaFolder else {
      Issue.record("../shared/testdata/dtcg/2025.10 is missing beside the checkout")
      return
    }
    let folder = catalogue.root.appendingPathComponent("dtcg")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files.count == catalogue.expected.count + 1)
    #expect(files.contains("sprites.tokens.json"))
    let result = try await PythonTools.runScript(
      "check_dtcg.py", [schemas.path] + files.map { folder.appendingPathComponent($0).path })
    try #require(result.status == 0, "\(result.stderr)")
    let colours =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      as! [String: [String: String]]
    // The whole catalogue: every sample sprite, every colour and role, exactly.
    let all = try #require(colours["sprites.tokens.json"])
    var checked = 0
    for (name, expected) in catalogue.samples {
      for (key, color) in expected.colors {
        #expect(all["\(name)/\(key)"] == color.hexWithAlpha, "\(name) \(key)")
        checked += 1
      }
      for (mode, roles) in [("light", expected.light), ("dark", expected.dark)] {
        for (role, color) in roles {
          #expect(all["\(name)/material/\(mode)/\(role)"] == color.hexWithAlpha, "\(name) \(role)")
          checked += 1
        }
      }
      // The per-sprite file says the same.
      let own = try #require(colours["\(name).tokens.json"])
      #expect(own == all.filter { $0.key.hasPrefix("\(name)/") })
    }
    #expect(checked > 51 * 100)
    // Nothing but the expected tokens.
    let expectedCount = catalogue.expected.values.reduce(0) {
      $0 + $1.colors.count + $1.light.count + $1.dark.count
    }
    #expect(all.count == expectedCount)
  }

  @Test("a token with a bad hex fallback or a non-byte component fails the checker")
  func checkerCanFail() async throws {
    guard let schemas = Self.schemaFolder else {
      Issue.record("../shared/testdata/dtcg/2025.10 is missing beside the checkout")
      return
    }
    let folder = try TemporaryDirectory()
    let bad = [
      ##"{"s": {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff00000"}}}}"##,
      ##"{"s": {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0], "hex": "#ff0000"}}}}"##,
      ##"{"s.t": {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}"##,
    ]
    for (i, text) in bad.enumerated() {
      let url = folder.url.appendingPathComponent("\(i).tokens.json")
      try Data(text.utf8).write(to: url)
      let result = try await PythonTools.runScript("check_dtcg.py", [schemas.path, url.path])
      #expect(result.status != 0, "case \(i) passed: \(result.stdout)")
    }
  }
}
