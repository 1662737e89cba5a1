import ArgumentParser
import SpriteCore
import SpriteTheme

/// `--extent`, `--palette-size` and `--max-pixels`: options shared by the commands that analyse
/// sprites.
struct AnalysisOptions: ParsableArguments {
  /// The region for the headline average.
  @Option(
    help: ArgumentHelp(
      "Region for the headline average: centre, centre:F, seed, full, X,Y,W,H or ci:X,Y,W,H.",
      valueName: "extent"))
  var extent: Extent = .centre

  /// The number of palette colours.
  @Option(help: ArgumentHelp("Number of palette colours, 1-64.", valueName: "k"))
  var paletteSize = 8

  /// How PNG files are read.
  @OptionGroup var decoding: DecodingOptions

  /// The palette size must be 1-64.
  func validate() throws {
    guard (1...64).contains(paletteSize) else {
      throw ValidationError("--palette-size must be between 1 and 64, not \(paletteSize).")
    }
  }

  /// The pipeline these options describe.
  var pipeline: ThemePipeline {
    ThemePipeline(
      configuration: .init(extent: extent, limits: decoding.limits, paletteSize: paletteSize))
  }
}

/// `--max-pixels`: how PNG files are read, shared by every command that decodes sprites.
struct DecodingOptions: ParsableArguments {
  /// The most pixels an image may have.
  @Option(help: ArgumentHelp("Refuse images with more pixels than this.", valueName: "n"))
  var maxPixels = PNGDecoder.Limits().maxPixels

  /// `--max-pixels` must be positive.
  func validate() throws {
    guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive.") }
  }

  /// The decoder limits these options describe.
  var limits: PNGDecoder.Limits {
    PNGDecoder.Limits(maxPixels: maxPixels)
  }
}

extension Extent: ExpressibleByArgument {
  /// Parses `centre`, `centre:F`, `seed`, `full`, `X,Y,W,H` or `ci:X,Y,W,H`.
  public init?(argument: String) {
    self.init(parsing: argument)
  }

  /// The canonical spelling, shown as the default in help.
  public var defaultValueDescription: String { name }
}

/// `--filter area|nearest|lanczos3`: parsed from and listed by the cases' raw values.
extension Thumbnail.Filter: ExpressibleByArgument {}
