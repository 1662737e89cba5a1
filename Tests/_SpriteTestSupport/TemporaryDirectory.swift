import Foundation

/// A fresh directory under the system's temporary folder, removed when the value is released.
public final class TemporaryDirectory {
  /// The directory's location.
  public let url: URL

  /// Creates the directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("spritetheme-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
