import ArgumentParser
import SpriteTheme

/// Options for reading PNG files, shared by every command that decodes sprites.
struct DecodingOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Refuse images with more pixels than this.", valueName: "n"))
  var maxPixels: Int = PNGDecoder.Limits().maxPixels

  func validate() throws {
    guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive.") }
  }

  /// The decoder limits these options describe.
  var limits: PNGDecoder.Limits {
    PNGDecoder.Limits(maxPixels: maxPixels)
  }
}

/// Options shared by the commands that analyse sprites.
struct AnalysisOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Region for the headline average: centre, centre:F, seed, full, X,Y,W,H or ci:X,Y,W,H.",
      valueName: "extent"))
  var extent: Extent = .centre

  @Option(help: ArgumentHelp("Number of palette colours, 1-64.", valueName: "k"))
  var paletteSize: Int = 8

  @OptionGroup var decoding: DecodingOptions

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

extension Extent: ExpressibleByArgument {
  /// Parses `centre`, `centre:F`, `seed`, `full`, `X,Y,W,H` or `ci:X,Y,W,H`.
  public init?(argument: String) {
    self.init(parsing: argument)
  }

  /// The canonical spelling, shown as the default in help.
  public var defaultValueDescription: String { name }
}
