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
  /// each file atomically.
  ///
  /// - Throws: ``ReportError/notAnOutputDirectory(path:reason:)`` without a readable index or
  ///   a `themes/` folder, ``ReportError/writeFailed(path:reason:)`` when a file cannot be
  ///   written.
  public static func write(directory: String) throws(ReportError) -> Outcome {
    let base = ReportPaths.absolute(directory)
    let index = try readIndex(directory: directory)
    var sprites = [ReportSprite]()
    var unreadable = [ReportFailure]()
    let reportFolder = base + [folderName]
    for entry in index.entries {
      do {
        sprites.append(try ThemeLoader.sprite(entry, base: base, reportFolder: reportFolder))
      } catch {
        unreadable.append(ReportFailure(source: entry.theme, message: error.description))
      }
    }
    let runFailures = (index.errors ?? []).map {
      ReportFailure(source: $0.source, message: ($0.stage.map { "\($0): " } ?? "") + $0.message)
    }
    let title = base.last ?? "/"
    let data = ReportData(title: title, sprites: sprites, failures: unreadable + runFailures)
    let folder = join(directory, folderName)
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(path: folder, reason: "cannot create the folder")
    }
    let dataScript: [UInt8]
    do {
      dataScript = try data.script()
    } catch {
      throw .writeFailed(path: join(folder, "data.js"), reason: "cannot encode the data")
    }
    // The page last: a reader who finds index.html finds everything it loads.
    try write(dataScript, to: join(folder, "data.js"))
    try write(Array(ReportStyle.css.utf8), to: join(folder, "report.css"))
    try write(Array(ReportScript.source.utf8), to: join(folder, "report.js"))
    try write(Array(ReportPage.html(title: title).utf8), to: join(folder, "index.html"))
    return Outcome(
      page: join(folder, "index.html"), sprites: sprites.count, unreadable: unreadable,
      runFailures: runFailures)
  }

  /// `DIR/index.json`, decoded; checks that `DIR/themes/` exists.
  private static func readIndex(directory: String) throws(ReportError) -> IndexFileView {
    func fail(_ reason: String) -> ReportError {
      .notAnOutputDirectory(path: directory, reason: reason)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw fail("no such folder")
    }
    guard isDirectory.boolValue else { throw fail("not a folder") }
    let indexPath = join(directory, "index.json")
    guard let bytes = FileManager.default.contents(atPath: indexPath) else {
      throw fail("no readable index.json")
    }
    let index: IndexFileView
    do {
      index = try JSONDecoder().decode(IndexFileView.self, from: bytes)
    } catch {
      throw fail("index.json is not an index: \(ThemeLoader.reason(error))")
    }
    guard
      FileManager.default.fileExists(atPath: join(directory, "themes"), isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw fail("no themes/ folder") }
    return index
  }

  /// Writes one report file atomically.
  private static func write(_ bytes: [UInt8], to path: String) throws(ReportError) {
    do {
      try AtomicFile.write(bytes, to: FilePath(path))
    } catch {
      throw .writeFailed(path: path, reason: error.description)
    }
  }

  /// `folder/name`, without doubling a trailing slash.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
