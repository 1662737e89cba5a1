import Foundation
import _SpriteTestSupport

/// One folder for what the export tests keep for the whole process (the Python venv, the
/// exported catalogue), in the process's ``Scratch`` folder, removed when the process exits.
enum ProcessScratch {
  /// The folder, made on first use.
  static let url: URL = (try? Scratch.folder("export-tests")) ?? Scratch.path("export-tests")

  /// A fresh subfolder path (not created).
  static func folder(_ name: String) -> URL {
    url.appendingPathComponent("\(name)-\(UUID().uuidString)")
  }
}
