import SpriteCore
import SpriteFiles
import SpriteMaterial
import SpritePNG

/// Reads a sprite, decodes it and computes its theme: the one place where the stages meet.
///
/// ```swift
/// let pipeline = ThemePipeline()
/// let sprite = try pipeline.analyze(fileAt: "samples/sprites/crawl-blue-dragon.png")
/// print(sprite.theme.average.hex ?? "transparent")
/// let png = try pipeline.thumbnailPNG(of: sprite.image, size: 96, source: "crawl-blue-dragon")
/// ```
public struct ThemePipeline: Sendable {
  /// The options every stage reads.
  public var configuration: Configuration
  /// The Material blocks of the last source colours themed, shared by the copies of a pipeline
  /// (a run's jobs).
  let materials = RecentMaterials()

  /// Creates a pipeline with the given options.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Reads and analyses the PNG at `path` (a regular file: anything else is refused unread).
  ///
  /// - Throws: ``Error/readFailed(source:reason:)`` or ``Error/decodeFailed(source:_:)``.
  public func analyze(fileAt path: FilePath) throws(Error) -> AnalyzedSprite {
    let source = ThemeSource.file(path)
    let bytes = try read(path)
    let image = try decode(bytes, source: path.readable)
    let theme = self.theme(
      of: image,
      source: Theme.Source(
        name: source.name, path: source.path, sha256: SHA256Hex.of(bytes), width: image.width,
        height: image.height, opaquePixels: image.visiblePixelCount))
    return AnalyzedSprite(image: image, theme: theme)
  }

  /// Reads and decodes the PNG at `path` (a regular file) without analysing it.
  ///
  /// - Throws: ``Error/readFailed(source:reason:)`` or ``Error/decodeFailed(source:_:)``.
  public func decode(fileAt path: FilePath) throws(Error) -> RGBAImage {
    try decode(read(path), source: path.readable)
  }

  /// Decodes and analyses PNG bytes that came from `path` or `url` (for the theme's `source`);
  /// `sha256` is their digest when the caller has computed it already.
  ///
  /// - Throws: ``Error/decodeFailed(source:_:)``.
  public func analyze(
    bytes: [UInt8], name: String, path: String? = nil, url: String? = nil, id: Int? = nil,
    sha256: String? = nil
  ) throws(Error) -> AnalyzedSprite {
    let image = try decode(bytes, source: path ?? url ?? name)
    let source = Theme.Source(
      name: name, path: path, url: url, id: id, sha256: sha256 ?? SHA256Hex.of(bytes),
      width: image.width, height: image.height, opaquePixels: image.visiblePixelCount)
    return AnalyzedSprite(image: image, theme: theme(of: image, source: source))
  }

  /// The theme of an image already decoded.
  public func theme(of image: RGBAImage, source: Theme.Source) -> Theme {
    var clock = StageClock.off
    return theme(of: image, source: source, clock: &clock)
  }

  /// The theme of an image already decoded, each stage timed on `clock` (`sprite-theme bench`).
  public func theme(of image: RGBAImage, source: Theme.Source, clock: inout StageClock) -> Theme {
    let extent = configuration.extent
    let textMode = configuration.textMode
    let (average, seed, card) = clock.time(.average) {
      let seed = AreaAverage(of: image, over: .seed)
      return (
        Theme.Average(extent: extent, average: AreaAverage(of: image, over: extent)),
        Theme.Seed(average: seed), Theme.Card(image: image, seed: seed, textMode: textMode)
      )
    }
    // One pass over the colours serves both: K for the theme, 16 candidates for the swatches.
    // The outline ring is one more pass over the pixels; `dominant` is the body's colour.
    // Excluded colours are made transparent for all of it (the averages keep every pixel).
    let (palette, dominant, outline, candidates, swatches) = clock.time(.palette) {
      let colours = configuration.exclusion.masking(image)
      let (palette, candidates) = PaletteExtractor.paletteAndCandidates(
        of: colours, maxColors: configuration.paletteSize,
        candidateCount: Self.swatchCandidateCount)
      let ring = OutlineRing(of: colours)
      let outline = Outline(ring: ring, visibleWeight: palette.totalWeight)
      let dominant =
        outline.map { palette.bodyDominant(outside: ring, outline: $0.color) } ?? palette.dominant
      return (
        palette.entries.map(Theme.PaletteColor.init), dominant.map(Theme.PaletteColor.init),
        outline.map(Theme.OutlineColor.init), candidates,
        Theme.SwatchSet(Swatches(palette: candidates, textMode: textMode))
      )
    }
    // Material's source and accent come from the 16 candidates, so K does not change them.
    let (accent, material) = clock.time(.material) {
      let material = MaterialSource(palette: candidates)
      return (
        material?.accent.map(Theme.Accent.init),
        material.map {
          materials.material(
            source: $0.source,
            variant: $0.isGrey && configuration.monochromeForGreys
              ? .monochrome : configuration.variant,
            contrastLevel: configuration.contrastLevel, spec: configuration.spec)
        }
      )
    }
    return Theme(
      source: source, average: average, seed: seed,
      palette: palette, swatches: swatches, card: card,
      accent: accent, material: material, dominant: dominant, outline: outline)
  }

  /// Swatches are chosen from a palette of this many colours, Android's default, whatever `K` is.
  public static let swatchCandidateCount = 16

  /// A thumbnail of `image` whose longest side is `size`, encoded as PNG; `source` names it in errors.
  /// With `fit` ``Thumbnail/Fit/pad`` it is exactly `size` x `size`, the sprite centred on
  /// transparent pixels.
  ///
  /// The thumbnail obeys the decoder's size limits (``Configuration/limits``), so a size option
  /// cannot make a bigger image than decoding may.
  /// - Throws: ``Error/encodeFailed(source:reason:)``, also for a thumbnail over the limits.
  public func thumbnailPNG(
    of image: RGBAImage, size: Int, filter: Thumbnail.Filter? = nil,
    fit: Thumbnail.Fit = .contain, source: String
  ) throws(Error) -> [UInt8] {
    let thumbnail = Thumbnail(size: size, filter: filter, fit: fit)
    let output = thumbnail.outputSize(width: image.width, height: image.height)
    let limits = configuration.limits
    guard limits.allows(width: output.width, height: output.height) else {
      throw .encodeFailed(
        source: source,
        reason: "thumbnail size \(size) makes a \(output.width)x\(output.height) image, over the "
          + "limit of \(limits.maxSide) pixels per side and \(limits.maxPixels) pixels in total")
    }
    let scaled = thumbnail.apply(to: image)
    do {
      return try PNGEncoder.encode(scaled)
    } catch {
      throw .encodeFailed(source: source, reason: "\(error)")
    }
  }

  /// The bytes of the regular file at `path`, opened without blocking (``RegularFile``), so a
  /// FIFO or device is refused at once.
  ///
  /// - Throws: ``Error/readFailed(source:reason:)`` naming the path, its bytes escaped where
  ///   they are not UTF-8.
  func read(_ path: FilePath) throws(Error) -> [UInt8] {
    do {
      return try RegularFile.read(path)
    } catch {
      throw .readFailed(source: path.readable, reason: error.reason)
    }
  }

  func decode(_ bytes: [UInt8], source: String) throws(Error) -> RGBAImage {
    do {
      return try PNGDecoder(limits: configuration.limits).decode(bytes)
    } catch {
      throw .decodeFailed(source: source, error)
    }
  }

  /// The sprite name for a file path: its last component without the `.png` extension.
  public static func spriteName(forPath path: String) -> String {
    var path = path
    return path.withUTF8 { utf8 in
      // The last non-empty component (trailing slashes ignored); the whole path when none is.
      var end = utf8.count
      while end > 0, utf8[end - 1] == UInt8(ascii: "/") { end -= 1 }
      guard end > 0 else { return String(decoding: utf8, as: UTF8.self) }
      var start = end
      while start > 0, utf8[start - 1] != UInt8(ascii: "/") { start -= 1 }
      let file = UnsafeBufferPointer(rebasing: utf8[start..<end])
      let keep = BatchInput.hasPNGExtension(file) ? file.count - 4 : file.count
      return String(decoding: UnsafeBufferPointer(rebasing: file[0..<keep]), as: UTF8.self)
    }
  }
}

/// A decoded sprite and its theme.
public struct AnalyzedSprite: Sendable {
  /// The decoded pixels (8-bit straight RGBA).
  public var image: RGBAImage
  /// The theme document computed from them.
  public var theme: Theme
}
