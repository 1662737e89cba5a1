import Foundation

/// Everything the page shows, written once as `report/data.js` (`window.SPRITE_REPORT = {...};`)
/// so the page reads it with a `<script>` element: a page opened from `file://` cannot
/// `fetch()` a JSON file beside it in Chromium.
struct ReportData: Encodable, Sendable {
  /// The global the data file assigns.
  static let globalName = "SPRITE_REPORT"

  /// The data format, for readers other than the page.
  var format = "spritetheme/report-data@1"
  /// The heading: the output directory's name.
  var title: String
  /// The 49 Material role names, the order of every packed scheme.
  var roles: [String] = MaterialRoles.names
  /// The sprites, in the index's order.
  var sprites: [ReportSprite]
  /// Sprites whose theme could not be read, and inputs the run could not analyse.
  var failures: [ReportFailure]

  /// The data file's bytes: one line assigning the JSON (sorted keys, so the same themes give
  /// the same bytes) to ``globalName`` on `window`.
  func script() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // U+2028 and U+2029 are valid in JSON strings and, since ES2019, in JavaScript strings too.
    return Array("window.\(Self.globalName) = ".utf8) + Array(try encoder.encode(self))
      + Array(";\n".utf8)
  }
}
