import Foundation
import SpriteFiles
import SpriteThemeModel
import SystemPackage

/// Reads one sprite's theme file for the report and picks its picture.
enum ThemeLoader {
  /// A theme that cannot be shown, with a one-line reason.
  struct Unreadable: Error, CustomStringConvertible {
    /// Why.
    var description: String
  }

  /// The report record of an index entry. `base` is the output directory and `reportFolder`
  /// the page's folder, both as from ``ReportPaths/absolute(_:)``; `embed` inlines the picture.
  static func sprite(
    _ entry: IndexFileView.Entry, base: [FilePath.Component], reportFolder: [FilePath.Component],
    embed: Bool = false
  )
    throws(Unreadable) -> ReportSprite
  {
    let parts = entry.theme.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "themes", parts[1].hasSuffix(".json"),
      !parts[1].hasPrefix(".")
    else { throw Unreadable(description: "not a file in themes/") }
    let file = ReportPaths.path(base + parts.compactMap { FilePath.Component(String($0)) })
    guard let bytes = try? RegularFile.read(file) else {
      throw Unreadable(description: "cannot be read")
    }
    let theme: Theme
    do {
      theme = try JSONDecoder().decode(Theme.self, from: Data(bytes))
    } catch {
      throw Unreadable(description: "not a theme file: \(reason(error))")
    }
    guard Theme.readableSchemaIdentifiers.contains(theme.schema) else {
      throw Unreadable(
        description: "schema is \(theme.schema), not \(Theme.schemaIdentifier) or theme@1")
    }
    do {
      return try ReportSprite(
        name: entry.name, theme: theme,
        image: picture(theme, base: base, reportFolder: reportFolder, embed: embed))
    } catch {
      throw Unreadable(description: error.description)
    }
  }

  /// The largest thumbnail that is there, else the source PNG when it is a local file that is
  /// there (its path taken as given, relative to the current directory), else nil. Without
  /// `embed` only a file inside the output directory is linked (by a relative URL, so the
  /// folder can be moved); with it the picture's bytes go in a `data:` URI, from anywhere.
  static func picture(
    _ theme: Theme, base: [FilePath.Component], reportFolder: [FilePath.Component],
    embed: Bool = false
  ) -> ReportImage? {
    for thumbnail in theme.thumbnails.sorted(by: { $0.width > $1.width }) {
      let parts = thumbnail.path.split(separator: "/").compactMap {
        FilePath.Component(String($0))
      }
      guard parts.count == 2, parts[0] == "thumbs", !parts.contains(".."),
        let url = link(base + parts, base: base, reportFolder: reportFolder, embed: embed)
      else { continue }
      return ReportImage(url: url, width: thumbnail.width, height: thumbnail.height)
    }
    guard let source = theme.source.path,
      let url = link(
        ReportPaths.absolute(FilePath(source)), base: base, reportFolder: reportFolder,
        embed: embed)
    else { return nil }
    return ReportImage(url: url, width: theme.source.width, height: theme.source.height)
  }

  /// The most bytes of one picture put in the page with `--embed-images`.
  static let embedLimit = 4 << 20

  /// The URL of the readable file `file` (as from ``ReportPaths/absolute(_:)``): a relative URL
  /// when it is inside `base`, a `data:` URI with `embed`, else nil.
  private static func link(
    _ file: [FilePath.Component], base: [FilePath.Component], reportFolder: [FilePath.Component],
    embed: Bool
  ) -> String? {
    guard ReportPaths.isReadableFile(file) else { return nil }
    if embed {
      guard let bytes = try? RegularFile.read(ReportPaths.path(file), limit: embedLimit) else {
        return nil
      }
      return "data:image/png;base64," + Data(bytes).base64EncodedString()
    }
    guard file.count > base.count, file.starts(with: base) else { return nil }
    return ReportPaths.relativeURL(to: file, from: reportFolder)
  }

  /// A decoding error in one line: the key path and what was wrong.
  static func reason(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return keys.isEmpty ? "" : keys.joined(separator: ".") + ": "
    }
    switch decoding {
    case .keyNotFound(let key, let context):
      return path(context) + "missing key \(key.stringValue)"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return path(context) + context.debugDescription
    case .dataCorrupted(let context):
      return path(context) + "not valid JSON"
    @unknown default:
      return "\(error)"
    }
  }
}
