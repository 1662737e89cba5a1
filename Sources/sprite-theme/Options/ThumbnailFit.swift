import ArgumentParser
import SpriteCore

/// `--thumbnail-fit contain|pad` on `batch` and `fetch`, `--fit contain|pad` on `thumbnail`.
enum ThumbnailFit {
  /// The option's help line on `batch` and `fetch`.
  static let help = ArgumentHelp(
    "contain (the default): the longest side is the size, aspect kept; pad: exactly size x "
      + "size, the sprite centred on transparent pixels (an odd leftover pixel goes right and "
      + "bottom).", valueName: "fit")

  /// The usage error when `--thumbnail-fit` comes without `--thumbnails`: it would do nothing.
  static func validate(_ fit: Thumbnail.Fit?, sizes: [Int]?) throws {
    if fit != nil && sizes == nil {
      throw ValidationError("--thumbnail-fit needs --thumbnails.")
    }
  }
}

/// `contain` or `pad`: parsed from and listed by the cases' raw values.
extension Thumbnail.Fit: ExpressibleByArgument {}
