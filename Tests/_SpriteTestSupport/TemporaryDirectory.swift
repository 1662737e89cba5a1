import Foundation

/// A fresh folder for one test, below the process's ``Scratch`` folder, removed when the value
/// is released: when the test ends, passed or failed (a thrown error or a failed `#require`
/// releases it too). Whatever a crash leaves goes with the scratch folder.
public final class TemporaryDirectory {
  /// The directory's location.
  public let url: URL

  /// Creates the directory.
  public init() throws {
    url = try Scratch.folder("dir")
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
