import SpriteCore
import SpriteFiles
import SystemPackage

/// One worker of a ``PipelineBench``: runs sprites through the stages as `batch` does, on its
/// own ``StageClock``, and keeps each run's time.
struct BenchWorker: Sendable {
  /// The bench's options.
  let options: PipelineBench.Options
  /// Where the theme files and thumbnails are written.
  let scratch: ScratchFolder
  /// Time per stage over this worker's runs.
  private(set) var clock = StageClock()
  /// Seconds of each run that completed.
  private(set) var perSprite: [Double] = []
  /// Files that could not be read, decoded or encoded (listed once, from the first round).
  private(set) var failures: [(file: Int, failure: BatchIndex.Failure)] = []
  /// Why a file could not be written, which stops the bench.
  private(set) var writeFailure: String?

  /// A worker with `options`, writing into `scratch`.
  init(options: PipelineBench.Options, scratch: ScratchFolder) {
    self.options = options
    self.scratch = scratch
  }

  /// Times one run of `file` (the `index`-th input) through `pipeline`; failures are recorded
  /// in the `firstRound`.
  mutating func time(_ file: BatchInput, index: Int, firstRound: Bool, pipeline: ThemePipeline) {
    guard writeFailure == nil else { return }
    let source = ThemeSource.file(file.path)
    let before = clock.total
    func fail(_ stage: String, _ reason: String) {
      guard firstRound else { return }
      failures.append(
        (index, BatchIndex.Failure(source: source.description, stage: stage, message: reason)))
    }
    let read: (bytes: [UInt8], sha256: String)
    do {
      read = try clock.time(.read) { () throws(RegularFile.Failure) in
        if let refusal = file.refusal { throw RegularFile.Failure(reason: refusal) }
        let bytes = try RegularFile.read(file.path)
        return (bytes, SHA256Hex.of(bytes))
      }
    } catch {
      return fail("read", error.reason)
    }
    let image: RGBAImage
    do {
      image = try clock.time(.decode) { () throws(ThemePipeline.Error) in
        try pipeline.decode(read.bytes, source: source.description)
      }
    } catch {
      return fail(error.stage, error.reason)
    }
    let themeSource = clock.time(.average) {
      Theme.Source(
        name: source.name, path: source.path, sha256: read.sha256, width: image.width,
        height: image.height, opaquePixels: image.visiblePixelCount)
    }
    let theme = pipeline.theme(of: image, source: themeSource, clock: &clock)
    let files: [(name: String, bytes: [UInt8])]
    do {
      files = try clock.time(.encode) { () throws(ThemePipeline.Error) in
        let encoded = try pipeline.encodeFiles(
          of: image, theme: theme, name: file.name, thumbnailSizes: options.thumbnailSizes,
          fit: options.thumbnailFit, source: source.description)
        return zip(options.thumbnailSizes, encoded.thumbnails).map {
          ("\(file.name)-\($0).png", $1)
        }
          + [("\(file.name).json", encoded.json)]
      }
    } catch {
      return fail(error.stage, error.reason)
    }
    do {
      try clock.time(.write) { () throws(Errno) in
        for written in files {
          try AtomicFile.write(written.bytes, to: scratch.path.appending(written.name))
        }
      }
    } catch {
      writeFailure = "\(scratch.path): cannot write: \(error)"
      return
    }
    perSprite.append(clock.total - before)
  }
}
