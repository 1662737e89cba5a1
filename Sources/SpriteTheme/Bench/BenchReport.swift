/// What a ``PipelineBench`` measured.
public struct BenchReport: Sendable {
  /// The input files.
  public var files: Int
  /// How many times each file was timed.
  public var repeats: Int
  /// Workers at once.
  public var jobs: Int
  /// Wall-clock seconds of the timed runs (not of the decode floor).
  public var seconds: Double
  /// Seconds per stage, summed over all workers.
  public var stages: StageClock
  /// Seconds of each completed run, sorted.
  public var perSprite: [Double]
  /// libpng's row reads of the same files on one core: seconds and decoded count.
  public var decodeFloor: (seconds: Double, sprites: Int)
  /// The files that could not be read, decoded or encoded, in input order.
  public var failures: [BatchIndex.Failure]

  /// A report of these measurements.
  public init(
    files: Int, repeats: Int, jobs: Int, seconds: Double, stages: StageClock,
    perSprite: [Double], decodeFloor: (seconds: Double, sprites: Int),
    failures: [BatchIndex.Failure]
  ) {
    self.files = files
    self.repeats = repeats
    self.jobs = jobs
    self.seconds = seconds
    self.stages = stages
    self.perSprite = perSprite.sorted()
    self.decodeFloor = decodeFloor
    self.failures = failures
  }

  /// Completed runs (files x repeats, failures left out).
  public var sprites: Int { perSprite.count }

  /// Completed runs per wall-clock second, on all jobs.
  public var spritesPerSecond: Double { seconds > 0 ? Double(sprites) / seconds : 0 }

  /// Completed runs per second of one job.
  public var spritesPerSecondPerCore: Double { spritesPerSecond / Double(jobs) }

  /// The run time below which `fraction` (0-1) of the runs fall (nearest rank); 0 with no run.
  public func perSprite(percentile fraction: Double) -> Double {
    guard !perSprite.isEmpty else { return 0 }
    let rank = Int((fraction * Double(perSprite.count)).rounded(.up))
    return perSprite[min(max(rank, 1), perSprite.count) - 1]
  }

  /// Seconds of libpng's row reads per decoded sprite; 0 when none decoded.
  public var decodeFloorPerSprite: Double {
    decodeFloor.sprites > 0 ? decodeFloor.seconds / Double(decodeFloor.sprites) : 0
  }
}
