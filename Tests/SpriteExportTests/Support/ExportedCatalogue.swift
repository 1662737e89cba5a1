import Foundation
import SpriteExport
import SystemPackage
import _SpriteTestSupport

/// The fixture themes (``ThemeFixtures``) exported once per test process in every format, with
/// what each sprite's colours must be.
struct ExportedCatalogue: Sendable {
  /// The folder of theme files.
  let themes: URL
  /// The export's root: `<root>/<format>/...`.
  let root: URL
  /// The theme files, sorted.
  let themeFiles: [URL]
  /// The expected colours by sprite name, read independently of the module.
  let expected: [String: ExpectedColors]

  /// The catalogue, made on first use; a failure to make it is reported by every test that
  /// uses it.
  static func shared() async throws -> ExportedCatalogue {
    try await making.value.get()
  }

  /// Makes the catalogue once, on a thread of its own, for tests to await. A one-time
  /// initialiser would block every test that asked meanwhile, each holding a thread of the
  /// cooperative pool (two on a two-core machine) for as long as the export took, and the
  /// in-process HTTP servers of other suites, which need that pool, timed out.
  private static let making = Task<Swift.Result<ExportedCatalogue, SetupError>, Never> {
    await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(
          returning: Swift.Result { try ExportedCatalogue() }
            .mapError { SetupError(description: "\($0)") })
      }.start()
    }
  }

  /// Why the catalogue could not be made.
  struct SetupError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
  }

  private init() throws {
    let base = ProcessScratch.folder("catalogue")
    themes = base.appendingPathComponent("themes")
    root = base.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
    themeFiles = try ThemeFixtures.write(into: themes)
    expected = try ExpectedColors.all(themeFiles)
    let (loaded, failures) = ThemeExporter.load(themeFiles.map { FilePath($0.path) })
    guard failures.isEmpty else { throw SetupError(description: "\(failures)") }
    try ThemeExporter.write(loaded, formats: ExportFormat.allCases, to: FilePath(root.path))
  }

  /// A file of the export.
  func url(_ format: ExportFormat, _ path: String) -> URL {
    root.appendingPathComponent(format.rawValue).appendingPathComponent(path)
  }

  /// A text file of the export.
  func text(_ format: ExportFormat, _ path: String) throws -> String {
    try String(contentsOf: url(format, path), encoding: .utf8)
  }

  /// The sample sprites only (names that need no disambiguation), by name.
  var samples: [String: ExpectedColors] {
    expected.filter { $0.key.hasPrefix("crawl-") || $0.key.hasPrefix("made-") }
  }
}
