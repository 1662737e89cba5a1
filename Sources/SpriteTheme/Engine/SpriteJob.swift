import SpriteFiles
import SystemPackage

/// The work for one sprite in a ``ThemeEngine`` run: analyse its bytes and make its files
/// (``analyse(_:in:)``, on a CPU worker), then write them (``write(_:record:in:)``, in the
/// run's ``WriteStage``).
enum SpriteJob {
  /// What a run shares with every job.
  struct Context: Sendable {
    /// The output directory, prepared.
    let output: ThemeOutput
    /// The run's options.
    let options: ThemeEngine.Options
    /// The decoded pixels the run's jobs may hold at once.
    let memory: MemoryBudget
    /// What earlier runs wrote, and where this run's records go.
    let records: RunRecords
    /// What the files depend on besides the sprite (the program, the pipeline's configuration
    /// and the thumbnail sizes and fit), hashed as the first field of every key; nil when the
    /// program cannot be identified (nothing is kept).
    let fingerprint: FieldDigest?
    /// Called by each job once it holds its share of ``memory``, before decoding (tests count
    /// the jobs there and hold them); nil in real runs.
    let holdingMemory: (@Sendable () async -> Void)?

    /// The context of a run with `options` into `output`.
    init(
      output: ThemeOutput, options: ThemeEngine.Options, memory: MemoryBudget, records: RunRecords,
      holdingMemory: (@Sendable () async -> Void)? = nil
    ) {
      self.output = output
      self.options = options
      self.memory = memory
      self.records = records
      self.holdingMemory = holdingMemory
      fingerprint = ProgramIdentity.digest.map { program in
        var digest = FieldDigest()
        digest.add("spritetheme-record/3 \(program) \(options.fileOptions)")
        return digest
      }
    }

    /// The key of a sprite from `source` whose bytes have the digest `sha256`.
    func key(for source: ThemeSource, sha256: String) -> String? {
      guard var digest = fingerprint else { return nil }
      // The fields name, "path P", "url U", "id N" ("-" for each missing one) and the digest.
      digest.add(source.name)
      if let path = source.path { digest.add(label: "path ", path) } else { digest.add("-") }
      if let url = source.url { digest.add(label: "url ", url) } else { digest.add("-") }
      if let id = source.id { digest.add(label: "id ", String(id)) } else { digest.add("-") }
      digest.add(sha256)
      return digest.hex
    }

    /// The paths of the thumbnails of the sprite `name`, in size order.
    func thumbnailFiles(of name: String) -> [FilePath] {
      options.thumbnailSizes.map { output.thumbs.appending("\(name)-\($0).png") }
    }

    /// True when the files of `record` are on disk as they were written.
    func filesMatch(_ record: RunRecord) -> Bool {
      guard let theme = try? RegularFile.read(output.themes.appending(record.name + ".json")),
        SHA256Hex.of(theme) == record.theme
      else { return false }
      var thumbnails = [[UInt8]]()
      for file in thumbnailFiles(of: record.name) {
        guard let bytes = try? RegularFile.read(file) else { return false }
        thumbnails.append(bytes)
      }
      return RunRecord.digest(of: thumbnails) == record.thumbnails
    }
  }

  /// A file a job's analysis made, for the write stage.
  struct FileWrite: Sendable {
    /// Where it goes.
    let path: FilePath
    /// Its bytes.
    let bytes: [UInt8]
  }

  /// What the analysis of one input hands the write stage.
  enum Result: Sendable {
    /// Analysed: its files, thumbnails before the theme, and its record (nil when nothing is
    /// kept), to write in that order.
    case analysed(BatchIndex.Entry, files: [FileWrite], record: RunRecord?)
    /// Its files were up to date and are kept.
    case upToDate(BatchIndex.Entry, RunRecord)
    /// It failed; the others go on.
    case failed(BatchIndex.Failure)
  }

  /// Analyses `input` (or finds its files up to date) and makes its files, holding its share of
  /// the pixel budget while its pixels are in memory; writes nothing.
  static func analyse(_ input: SpriteInput, in context: Context) async -> Result {
    if let failure = input.failure { return .failed(failure) }
    guard let bytes = input.bytes else {
      return .failed(failure(input, stage: "read", message: "no bytes were given"))
    }
    let options = context.options
    let source = input.source
    let sha256 = SHA256Hex.of(bytes)
    let key = context.key(for: source, sha256: sha256)
    if !options.force, let key, let record = context.records.previous[input.name],
      record.key == key, context.filesMatch(record)
    {
      return .upToDate(entry(input, colors: record.colors), record)
    }
    // The sprite's share of the budget, from the header, before decoding; more than all of it
    // is refused rather than run past --max-memory.
    let needed = memoryBytes(of: bytes, in: context)
    if let refusal = context.memory.refusal(needing: needed) {
      return .failed(failure(input, stage: "decode", message: refusal))
    }
    let share = await context.memory.acquire(needed)
    defer { context.memory.release(share) }
    if let holdingMemory = context.holdingMemory { await holdingMemory() }
    let encoded: ThemePipeline.EncodedFiles
    do throws(ThemePipeline.Error) {
      let sprite = try options.pipeline.analyze(
        bytes: bytes, name: source.name, path: source.path, url: source.url, id: source.id,
        sha256: sha256)
      encoded = try options.pipeline.encodeFiles(
        of: sprite.image, theme: sprite.theme, name: input.name,
        thumbnailSizes: options.thumbnailSizes, fit: options.thumbnailFit,
        source: source.description)
    } catch {
      return .failed(failure(input, stage: error.stage, message: error.reason))
    }
    let colors = BatchIndex.EntryColors(theme: encoded.theme)
    let record = key.map { key in
      RunRecord(
        name: input.name, key: key, theme: SHA256Hex.of(encoded.json),
        thumbnails: RunRecord.digest(of: encoded.thumbnails), colors: colors)
    }
    var files = zip(context.thumbnailFiles(of: input.name), encoded.thumbnails).map(FileWrite.init)
    files.append(
      FileWrite(path: context.output.themes.appending(input.name + ".json"), bytes: encoded.json))
    return .analysed(entry(input, colors: colors), files: files, record: record)
  }

  /// Writes `files` in order, each atomically, then appends `record` (so a record never names a
  /// file that is not whole on disk).
  ///
  /// - Throws: ``ThemeEngine/Fatal`` for the first file or record that cannot be written.
  static func write(
    _ files: [FileWrite], record: RunRecord?, in context: Context
  ) throws(ThemeEngine.Fatal) {
    for file in files { try context.output.write(file.bytes, to: file.path) }
    if let record { try context.records.append(record) }
  }

  /// The bytes analysing `png` and making its thumbnails hold at once, from its header: the
  /// file, the decoder's working memory and the decoded pixels (width x height x 4), the colour
  /// count's scratch, and each thumbnail (a padded one counts its square and the scaled image
  /// inside it); 0 when the header is bad or over the limits, which the decoder refuses before
  /// taking any memory.
  static func memoryBytes(of png: [UInt8], in context: Context) -> Int {
    memoryBytes(
      of: png, pipeline: context.options.pipeline, thumbnailSizes: context.options.thumbnailSizes,
      fit: context.options.thumbnailFit)
  }

  /// ``memoryBytes(of:in:)`` for a run through `pipeline` with these thumbnails (none for JSON
  /// lines).
  static func memoryBytes(
    of png: [UInt8], pipeline: ThemePipeline, thumbnailSizes: [Int], fit: Thumbnail.Fit
  ) -> Int {
    let limits = pipeline.configuration.limits
    guard let (width, height) = try? PNGDecoder().readHeader(png), width > 0, height > 0,
      limits.allows(width: width, height: height)
    else { return 0 }
    var pixels = width * height
    for size in thumbnailSizes {
      let thumbnail = Thumbnail(size: size, fit: fit)
      let output = thumbnail.outputSize(width: width, height: height)
      let scaled = thumbnail.scaledSize(width: width, height: height)
      if limits.allows(width: output.width, height: output.height) {
        pixels += output.width * output.height
        if scaled != output { pixels += scaled.width * scaled.height }
      }
    }
    // Excluding colours copies the image, with a verdict per distinct colour.
    let masking =
      pipeline.configuration.exclusion.isEmpty
      ? 0 : width * height * 4 + 48 * min(width * height, 1 << 24)
    return png.count + pixels * 4 + masking
      + PNGDecoder.workingBytes(width: width, height: height, fileSize: png.count)
      + PaletteExtractor.scratchBytes(pixelCount: width * height)
  }

  /// The index entry of `input`, written with these colours.
  private static func entry(
    _ input: SpriteInput, colors: BatchIndex.EntryColors
  ) -> BatchIndex.Entry {
    BatchIndex.Entry(
      name: input.name, source: input.source.description, theme: "themes/\(input.name).json",
      colors: colors)
  }

  /// The failure record of `input`.
  private static func failure(
    _ input: SpriteInput, stage: String, message: String
  ) -> BatchIndex.Failure {
    BatchIndex.Failure(source: input.source.description, stage: stage, message: message)
  }
}
