/// The stages of the pipeline, in the order a sprite passes them, as `sprite-theme bench` times
/// them (SPEC section 13).
public enum PipelineStage: String, CaseIterable, Sendable {
  /// The file's bytes, and their SHA-256 (the theme's `source.sha256`).
  case read
  /// PNG to 8-bit straight RGBA.
  case decode
  /// The area averages (the headline extent and the seed) and the card with its text colour.
  case average
  /// The palette, the dominant colour and the six swatches with their text colours.
  case palette
  /// Material's source and accent colours and the light and dark schemes.
  case material
  /// The theme file's bytes, and the thumbnails as PNG.
  case encode
  /// The theme file and the thumbnails written to disk.
  case write

  /// What the stage covers, for a table's first column.
  public var title: String {
    switch self {
    case .palette: "palette and swatches"
    default: rawValue
    }
  }
}

/// Time spent per ``PipelineStage`` by one worker; ``off`` runs the stages without timing them.
public struct StageClock: Sendable {
  /// Seconds per stage, indexed by the stage's position in ``PipelineStage/allCases``.
  public private(set) var seconds: [Double]
  /// False for ``off``.
  private let isOn: Bool

  /// A clock that times every stage.
  public init() {
    seconds = Array(repeating: 0, count: PipelineStage.allCases.count)
    isOn = true
  }

  private init(off: Void) {
    seconds = []
    isOn = false
  }

  /// A clock that only runs the stages (the pipeline's ordinary use).
  public static let off = StageClock(off: ())

  /// The seconds of one stage.
  public subscript(stage: PipelineStage) -> Double {
    isOn ? seconds[Self.position(of: stage)] : 0
  }

  /// The seconds of all stages together.
  public var total: Double { seconds.reduce(0, +) }

  /// Runs `body` and adds its time to `stage`.
  public mutating func time<T, E: Error>(
    _ stage: PipelineStage, _ body: () throws(E) -> T
  ) throws(E) -> T {
    guard isOn else { return try body() }
    let start = ContinuousClock.now
    defer { seconds[Self.position(of: stage)] += Self.seconds(start.duration(to: .now)) }
    return try body()
  }

  /// Adds the times of `other` to these.
  public mutating func add(_ other: StageClock) {
    guard isOn, other.isOn else { return }
    for i in seconds.indices { seconds[i] += other.seconds[i] }
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    let (whole, fraction) = duration.components
    return Double(whole) + Double(fraction) / 1e18
  }

  private static func position(of stage: PipelineStage) -> Int {
    PipelineStage.allCases.firstIndex(of: stage)!
  }
}
