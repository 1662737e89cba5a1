/// The report's static files: `index.html`, `report.css` and `report.js` are files in the
/// package (`Sources/SpriteReport/Resources/`), embedded in the binary by SwiftPM
/// (`.embedInCode`), so the program finds them wherever it runs, with nothing beside it.
enum ReportAssets {
  /// `report.css`: the cards, the grid and the light and dark page.
  static var style: [UInt8] { PackageResources.report_css }

  /// `report.js`: card drawing, search, sort, the light/dark toggle and the virtual grid.
  static var script: [UInt8] { PackageResources.report_js }

  /// The marker in `index.html` that the output directory's name replaces.
  static let titleMarker = Array("{{title}}".utf8)

  /// `index.html` for an output directory called `title` (HTML-escaped here): the page frame
  /// (heading, search, sort, the light/dark toggle and the empty grid). The cards are drawn by
  /// `report.js` from `data.js`, only those on screen.
  static func page(title: String) -> [UInt8] {
    let name = Array(HTMLText.escape(title).utf8)
    let template = PackageResources.index_html
    var page = [UInt8]()
    page.reserveCapacity(template.count + 2 * name.count)
    var start = 0
    while let marker = template[start...].firstRange(of: titleMarker) {
      page += template[start..<marker.lowerBound]
      page += name
      start = marker.upperBound
    }
    page += template[start...]
    return page
  }
}
