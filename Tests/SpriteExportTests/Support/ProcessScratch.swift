import Foundation

/// One folder under the temporary folder for what the export tests keep for the whole process
/// (the Python venv, the exported catalogue), removed when the test process exits.
enum ProcessScratch {
  /// The folder, made on first use.
  static let url: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "spritetheme-export-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: url)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: ProcessScratch.url) }
    return url
  }()

  /// A fresh subfolder path (not created).
  static func folder(_ name: String) -> URL {
    url.appendingPathComponent("\(name)-\(UUID().uuidString)")
  }
}
