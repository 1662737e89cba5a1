import SystemPackage

/// The work for one sprite in a ``ThemeEngine`` run: analyse its bytes, then write its
/// thumbnails and its theme.
enum SpriteJob {
  /// What a run shares with every job.
  struct Context: Sendable {
    /// The output directory, prepared.
    let output: ThemeOutput
    /// The run's options.
    let options: ThemeEngine.Options
    /// The decoded pixels the run's jobs may hold at once.
    let memory: MemoryBudget
  }

  /// What became of one input.
  enum Result: Sendable {
    /// Analysed and written.
    case written(BatchIndex.Entry)
    /// Its files were up to date and kept.
    case upToDate(BatchIndex.Entry)
    /// It failed; the others go on.
    case failed(BatchIndex.Failure)
    /// A file could not be written: the run stops.
    case fatal(ThemeEngine.Fatal)
  }

  /// Processes `input` and writes its files.
  static func run(_ input: SpriteInput, in context: Context) async -> Result {
    if let failure = input.failure { return .failed(failure) }
    guard let bytes = input.bytes else {
      return .failed(failure(input, stage: "read", message: "no bytes were given"))
    }
    let options = context.options
    let source = input.source
    // The image's and thumbnails' share of the budget, from the header, before decoding.
    let share = await context.memory.acquire(pixelBytes(of: bytes, in: context))
    defer { context.memory.release(share) }
    let sprite: AnalyzedSprite
    let thumbnails: [(file: String, png: [UInt8])]
    do throws(ThemePipeline.Error) {
      sprite = try options.pipeline.analyze(
        bytes: bytes, name: source.name, path: source.path, url: source.url, id: source.id)
      thumbnails = try encodeThumbnails(
        of: sprite, name: input.name, source: source.description, in: context)
    } catch {
      return .failed(failure(input, stage: error.stage, message: error.reason))
    }
    var theme = sprite.theme
    theme.thumbnails = thumbnailRecords(of: sprite.image, name: input.name, in: context)
    do throws(ThemeEngine.Fatal) {
      for thumbnail in thumbnails {
        try context.output.write(thumbnail.png, to: context.output.thumbs.appending(thumbnail.file))
      }
      let file = input.name + ".json"
      try context.output.write(ThemeEncoder.encode(theme), to: context.output.themes.appending(file))
      return .written(
        BatchIndex.Entry(
          name: input.name, source: source.description, theme: "themes/" + file,
          average: theme.average.hex, dominant: theme.dominant?.hex))
    } catch {
      return .fatal(error)
    }
  }

  /// The bytes the decoded image of `png` and its thumbnails take (width x height x 4 each),
  /// from its header; 0 when the header is bad or over the limits, which the decoder refuses
  /// before taking any memory.
  static func pixelBytes(of png: [UInt8], in context: Context) -> Int {
    let limits = context.options.pipeline.configuration.limits
    guard let (width, height) = try? PNGDecoder().readHeader(png), width > 0, height > 0,
      limits.allows(width: width, height: height)
    else { return 0 }
    var pixels = width * height
    for size in context.options.thumbnailSizes {
      let output = Thumbnail(size: size).outputSize(width: width, height: height)
      if limits.allows(width: output.width, height: output.height) {
        pixels += output.width * output.height
      }
    }
    return pixels * 4
  }

  /// The failure record of `input`.
  private static func failure(
    _ input: SpriteInput, stage: String, message: String
  ) -> BatchIndex.Failure {
    BatchIndex.Failure(source: input.source.description, stage: stage, message: message)
  }

  /// The thumbnails of `sprite` as PNG files, named `<name>-<size>.png`.
  private static func encodeThumbnails(
    of sprite: AnalyzedSprite, name: String, source: String, in context: Context
  ) throws(ThemePipeline.Error) -> [(file: String, png: [UInt8])] {
    var files = [(file: String, png: [UInt8])]()
    for size in context.options.thumbnailSizes {
      let png = try context.options.pipeline.thumbnailPNG(
        of: sprite.image, size: size, source: source)
      files.append(("\(name)-\(size).png", png))
    }
    return files
  }

  /// The theme's records of the thumbnails: path, size and the filter that made each.
  private static func thumbnailRecords(
    of image: RGBAImage, name: String, in context: Context
  ) -> [Theme.ThumbnailFile] {
    context.options.thumbnailSizes.map { size in
      let thumbnail = Thumbnail(size: size)
      let dimensions = thumbnail.outputSize(width: image.width, height: image.height)
      return Theme.ThumbnailFile(
        path: "thumbs/\(name)-\(size).png", width: dimensions.width, height: dimensions.height,
        filter: thumbnail.resolvedFilter(width: image.width, height: image.height).rawValue)
    }
  }
}
