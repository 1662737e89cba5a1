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

  /// `page` with its style sheet, data and script put inside it (`<style>` and `<script>`
  /// elements in place of the links), so the one file works alone. Every `<` of `data` (the
  /// data file, where `<` is only ever inside a JSON string) becomes `\u003c`, so no name can
  /// close the element (HTML Standard, "Restrictions for contents of script elements").
  static func inlined(_ page: [UInt8], data: [UInt8]) -> [UInt8] {
    var escaped = [UInt8]()
    escaped.reserveCapacity(data.count)
    for byte in data {
      if byte == UInt8(ascii: "<") {
        escaped += Array("\\u003c".utf8)
      } else {
        escaped.append(byte)
      }
    }
    func element(_ tag: String, _ body: [UInt8]) -> [UInt8] {
      Array("<\(tag)>\n".utf8) + body + Array("</\(tag)>".utf8)
    }
    let replacements: [(String, [UInt8])] = [
      ("<link rel=\"stylesheet\" href=\"report.css\">", element("style", style)),
      ("<script src=\"data.js\"></script>", element("script", escaped)),
      ("<script src=\"report.js\"></script>", element("script", script)),
    ]
    var out = page
    for (link, inline) in replacements {
      guard let range = out.firstRange(of: Array(link.utf8)) else { continue }
      out.replaceSubrange(range, with: inline)
    }
    return out
  }
}
