import SpriteCore
import SpriteFiles
import SpritePNG
import Synchronization
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times the theme pipeline stage by stage on a user's own sprites (`sprite-theme bench`, SPEC
/// section 13).
///
/// Every file is read, decoded, analysed, encoded and written as `batch` does it, by `jobs`
/// workers, `repeats` times over; each worker keeps a ``StageClock``. Then, on one core, every
/// file that decoded is decoded once more per repeat by libpng's own row reads: the floor that
/// decoding compares with. Files go to a private temporary folder that is removed at the end, so
/// nothing is left behind but the report.
///
/// ```swift
/// let bench = PipelineBench(options: .init(pipeline: ThemePipeline(), jobs: 2, repeats: 3))
/// let report = try await bench.run(BatchInput.collect(["samples/sprites"])) { _, _ in }
/// print(report.spritesPerSecond)
/// ```
public struct PipelineBench: Sendable {
  /// What to time.
  public struct Options: Sendable {
    /// The pipeline and its configuration.
    public var pipeline: ThemePipeline
    /// Workers at once, at least 1.
    public var jobs: Int
    /// How many times every file is timed, at least 1.
    public var repeats: Int
    /// Thumbnail sizes encoded and written with each theme, as `batch --thumbnails`.
    public var thumbnailSizes: [Int]
    /// How each thumbnail fills its size.
    public var thumbnailFit: Thumbnail.Fit

    /// Options for `jobs` workers over `repeats` rounds.
    public init(
      pipeline: ThemePipeline, jobs: Int, repeats: Int = 1, thumbnailSizes: [Int] = [],
      thumbnailFit: Thumbnail.Fit = .contain
    ) {
      self.pipeline = pipeline
      self.jobs = max(1, jobs)
      self.repeats = max(1, repeats)
      self.thumbnailSizes = thumbnailSizes
      self.thumbnailFit = thumbnailFit
    }
  }

  /// Why a bench could not run at all: its scratch folder could not be made or written.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// What failed, e.g. "/tmp/sprite-theme-bench.X/a.json: cannot write: No space left".
    public var description: String
  }

  /// The options.
  public let options: Options

  /// A bench with `options`.
  public init(options: Options) {
    self.options = options
  }

  /// Times `files`; `progress(done, total)` follows the sprite runs (files x repeats).
  ///
  /// - Throws: ``Failure`` when the scratch folder cannot be made or a file cannot be written
  ///   there; a file that cannot be read or decoded is listed in the report instead.
  public func run(
    _ files: [BatchInput], progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) async throws(Failure) -> BenchReport {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let total = files.count * options.repeats
    let queue = BenchQueue()
    let pipelines = Self.roundPipelines(options.pipeline, repeats: options.repeats)
    let start = ContinuousClock.now
    let workers = await withTaskGroup(of: BenchWorker.self) { group in
      for _ in 0..<min(options.jobs, max(total, 1)) {
        group.addTask {
          var worker = BenchWorker(options: options, scratch: scratch)
          while !Task.isCancelled {
            let run = queue.next.add(1, ordering: .relaxed).oldValue
            guard run < total else { break }
            let index = run % files.count
            worker.time(
              files[index], index: index, firstRound: run < files.count,
              pipeline: pipelines[run / files.count])
            progress(queue.done.add(1, ordering: .relaxed).newValue, total)
          }
          return worker
        }
      }
      return await group.reduce(into: [BenchWorker]()) { $0.append($1) }
    }
    let seconds = StageClock.seconds(start.duration(to: .now))
    if let failure = workers.lazy.compactMap(\.writeFailure).first {
      throw Failure(description: failure)
    }
    var stages = StageClock()
    var perSprite = [Double]()
    var failures = [(file: Int, failure: BatchIndex.Failure)]()
    for worker in workers {
      stages.add(worker.clock)
      perSprite += worker.perSprite
      failures += worker.failures
    }
    let failed = Set(failures.map(\.file))
    let floor = decodeFloor(of: files.indices.filter { !failed.contains($0) }.map { files[$0] })
    return BenchReport(
      files: files.count, repeats: options.repeats, jobs: options.jobs, seconds: seconds,
      stages: stages, perSprite: perSprite, decodeFloor: floor,
      failures: failures.sorted { $0.file < $1.file }.map(\.failure))
  }

  /// One pipeline per round, each with `pipeline`'s configuration and its own memory of recent
  /// Material schemes: a round stands for one `batch` of the files, so a repeat must not find
  /// its sprites' schemes remembered from the round before.
  static func roundPipelines(_ pipeline: ThemePipeline, repeats: Int) -> [ThemePipeline] {
    (0..<repeats).map { _ in ThemePipeline(configuration: pipeline.configuration) }
  }

  /// libpng's row reads of `files`, `repeats` times each, on this one task: seconds and count.
  private func decodeFloor(of files: [BatchInput]) -> (seconds: Double, sprites: Int) {
    let decoder = PNGDecoder(limits: options.pipeline.configuration.limits)
    var seconds = 0.0
    var sprites = 0
    for _ in 0..<options.repeats {
      for file in files where !Task.isCancelled {
        guard let bytes = try? RegularFile.read(file.path) else { continue }
        let start = ContinuousClock.now
        guard (try? decoder.decode(bytes, path: .libpngRows)) != nil else { continue }
        seconds += StageClock.seconds(start.duration(to: .now))
        sprites += 1
      }
    }
    return (seconds, sprites)
  }
}

/// The next sprite run to take, and how many are done, shared by a bench's workers.
private final class BenchQueue: Sendable {
  /// The index of the next run (file index + round x files).
  let next = Atomic<Int>(0)
  /// Runs finished.
  let done = Atomic<Int>(0)
}

/// The private folder a bench writes its files into, removed with everything in it at the end.
struct ScratchFolder: Sendable {
  /// Where it is.
  let path: FilePath

  /// Makes a new folder under `$TMPDIR` (or `/tmp`) that only this process writes to.
  init() throws(PipelineBench.Failure) {
    let base = FilePath(getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
    let template = base.appending("sprite-theme-bench.XXXXXX").string
    var bytes = Array(template.utf8CString)
    guard let made = bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw PipelineBench.Failure(
        description: "\(template): cannot make a scratch folder: \(Errno(rawValue: errno))")
    }
    path = FilePath(platformString: made)
  }

  /// Removes the files written here, then the folder.
  func remove() {
    for entry in (try? DirectoryListing.entries(of: path)) ?? [] {
      _ = path.appending(entry.name).withPlatformString { unlink($0) }
    }
    _ = path.withPlatformString { rmdir($0) }
  }
}
