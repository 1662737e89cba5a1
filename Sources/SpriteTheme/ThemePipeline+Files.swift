import SpriteCore

extension ThemePipeline {
  /// A sprite's files as `batch` writes them, encoded: its thumbnails and its theme document.
  public struct EncodedFiles: Sendable {
    /// The thumbnails' PNG bytes, one per size, in the order the sizes were given.
    public var thumbnails: [[UInt8]]
    /// The theme, with the records of those thumbnails.
    public var theme: Theme
    /// The theme file's bytes (``ThemeEncoder/encode(_:)-(Theme)``).
    public var json: [UInt8]
  }

  /// Encodes the files of the sprite `image`, whose analysis gave `theme`, named `name`: a
  /// thumbnail per size in `sizes` (filled as `fit` says), then the theme file listing them.
  /// `batch` and `bench` both make a sprite's files here.
  ///
  /// - Throws: ``Error`` (stage `encode`) naming `source` when a thumbnail cannot be made.
  public func encodeFiles(
    of image: RGBAImage, theme: Theme, name: String, thumbnailSizes sizes: [Int],
    fit: Thumbnail.Fit, source: String
  ) throws(Error) -> EncodedFiles {
    var thumbnails = [[UInt8]]()
    thumbnails.reserveCapacity(sizes.count)
    for size in sizes {
      thumbnails.append(try thumbnailPNG(of: image, size: size, fit: fit, source: source))
    }
    var theme = theme
    theme.thumbnails = Theme.ThumbnailFile.records(of: image, name: name, sizes: sizes, fit: fit)
    return EncodedFiles(thumbnails: thumbnails, theme: theme, json: ThemeEncoder.encode(theme))
  }
}
