import Foundation
import SpriteFiles
import SystemPackage

/// Writes the visual report of an output directory (SPEC section 12): `DIR/report/index.html`
/// with `report.css`, `report.js` and `data.js`, a static page that opens from `file://`.
public enum ReportWriter {
  /// What a report holds.
  public struct Outcome: Hashable, Sendable {
    /// The page, `DIR/report/index.html`.
    public var page: String
    /// Sprites shown.
    public var sprites: Int
    /// Theme files that could not be read (the other sprites are shown).
    public var unreadable: [ReportFailure]
    /// Inputs the run itself could not analyse (from `index.json`), listed on the page too.
    public var runFailures: [ReportFailure]
  }

  /// The report's folder inside an output directory.
  public static let folderName = "report"

  /// Reads `DIR/index.json` and every theme it lists and writes the report under `DIR/report/`,
  /// each file atomically. Pictures are linked by relative URLs inside `DIR` (the folder can be
  /// moved); with `embedImages` they are inlined as `data:` URIs, so `index.html` works alone.
  ///
  /// - Throws: ``ReportError/notAnOutputDirectory(path:reason:)`` without a readable index or
  ///   a `themes/` folder, ``ReportError/writeFailed(path:reason:)`` when a file cannot be
  ///   written.
  public static func write(directory: FilePath, embedImages: Bool = false) throws(ReportError)
    -> Outcome
  {
    let base = ReportPaths.absolute(directory)
    let index = try readIndex(directory: directory)
    var sprites = [ReportSprite]()
    var unreadable = [ReportFailure]()
    let reportFolder = base + [FilePath.Component(folderName)!]
    for entry in index.entries {
      do {
        sprites.append(
          try ThemeLoader.sprite(
            entry, base: base, reportFolder: reportFolder, embed: embedImages))
      } catch {
        unreadable.append(ReportFailure(source: entry.theme, message: error.description))
      }
    }
    let runFailures = (index.errors ?? []).map {
      ReportFailure(source: $0.source, message: ($0.stage.map { "\($0): " } ?? "") + $0.message)
    }
    let title = base.last?.string ?? "/"
    let data = ReportData(title: title, sprites: sprites, failures: unreadable + runFailures)
    let folder = directory.appending(folderName)
    do {
      try Folder.create(folder)
    } catch {
      throw .writeFailed(path: folder.readable, reason: "cannot create the folder")
    }
    let dataScript: [UInt8]
    do {
      dataScript = try data.script()
    } catch {
      throw .writeFailed(
        path: folder.appending("data.js").readable, reason: "cannot encode the data")
    }
    // The page last: a reader who finds index.html finds everything it loads.
    try write(dataScript, to: folder.appending("data.js"))
    try write(ReportAssets.style, to: folder.appending("report.css"))
    try write(ReportAssets.script, to: folder.appending("report.js"))
    let page = ReportAssets.page(title: title)
    try write(
      embedImages ? ReportAssets.inlined(page, data: dataScript) : page,
      to: folder.appending("index.html"))
    return Outcome(
      page: folder.appending("index.html").readable, sprites: sprites.count,
      unreadable: unreadable, runFailures: runFailures)
  }

  /// `DIR/index.json`, decoded; checks that `DIR/themes/` exists. The index is read only when it
  /// is a regular file, so a FIFO or device there is refused at once.
  private static func readIndex(directory: FilePath) throws(ReportError) -> IndexFileView {
    func fail(_ reason: String) -> ReportError {
      .notAnOutputDirectory(path: directory.readable, reason: reason)
    }
    guard let type = try? directory.stat().type else { throw fail("no such folder") }
    guard type == .directory else { throw fail("not a folder") }
    guard let bytes = try? RegularFile.read(directory.appending("index.json")) else {
      throw fail("no readable index.json")
    }
    let index: IndexFileView
    do {
      index = try JSONDecoder().decode(IndexFileView.self, from: Data(bytes))
    } catch {
      throw fail("index.json is not an index: \(ThemeLoader.reason(error))")
    }
    guard (try? directory.appending("themes").stat().type) == .directory else {
      throw fail("no themes/ folder")
    }
    return index
  }

  /// Writes one report file atomically.
  private static func write(_ bytes: [UInt8], to path: FilePath) throws(ReportError) {
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw .writeFailed(path: path.readable, reason: error.description)
    }
  }
}
