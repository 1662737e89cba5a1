import Foundation

/// The output directory of a batch: its layout, atomic writes into it, and clean-up of the
/// temporary files an interrupted earlier run may have left.
struct OutputDirectory: Sendable {
  /// The directory's path.
  let path: String

  /// Creates `themes/` and `thumbs/` and removes stale temporary files.
  func prepare() throws(ThemeBatch.Fatal) {
    for folder in [path, path + "/themes", path + "/thumbs"] {
      do {
        try FileIO.createDirectory(folder)
      } catch {
        throw ThemeBatch.Fatal(path: folder, reason: error.reason)
      }
      removeStaleTemporaries(in: folder)
    }
  }

  /// Writes `bytes` atomically at `relative` (e.g. `themes/x.json`) inside the directory.
  func write(_ bytes: some Collection<UInt8>, to relative: String) throws(ThemePipeline.Error) {
    let target = path + "/" + relative
    do {
      try FileIO.writeAtomically(bytes, to: target)
    } catch {
      throw .writeFailed(path: target, reason: error.reason, outOfSpace: error.isOutOfSpace)
    }
  }

  /// Writes `index.json`.
  func write(index: BatchIndex) throws(ThemeBatch.Fatal) {
    do {
      try write(ThemeEncoder.encode(index), to: "index.json")
    } catch {
      throw ThemeBatch.Fatal(path: error.source, reason: error.reason)
    }
  }

  /// Removes `.NAME.tmp-PID-N` files that ``FileIO/writeAtomically(_:to:)`` left when a run was killed.
  private func removeStaleTemporaries(in folder: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }
}
