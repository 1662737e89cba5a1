import ArgumentParser
import Foundation

/// `--thumbnails 32,96`: the thumbnail sizes `batch` and `fetch` write.
enum ThumbnailSizes {
  /// The option's help line.
  static let help = ArgumentHelp(
    "Thumbnail sizes to write, comma-separated longest sides, e.g. 32,96.", valueName: "sizes")

  /// Parses `32,96` into sizes, each 1-16384, sorted and without repeats.
  @Sendable static func parse(_ text: String) throws -> [Int] {
    var sizes: Set<Int> = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard let size = Int(trimmed), (1...16384).contains(size) else {
        throw ValidationError("Thumbnail sizes are whole numbers from 1 to 16384, not '\(part)'.")
      }
      sizes.insert(size)
    }
    return sizes.sorted()
  }
}
