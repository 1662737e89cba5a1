import SpriteCore
import SpriteTheme

/// Options shared by the commands that analyse sprites.
struct AnalysisOptions {
  /// The rows of this group's argument table (the decoding options' come last).
  enum Table {
    /// `--extent <extent>`.
    static let extent = ArgumentSpec.option(
      "extent", valueName: "extent",
      help: "Region for the headline average: centre, centre:F, seed, full, X,Y,W,H or ci:X,Y,W,H.",
      of: Extent.self, default: .centre)
    /// `--palette-size <k>`.
    static let paletteSize = ArgumentSpec.option(
      "palette-size", valueName: "k", help: "Number of palette colours, 1-64.", of: Int.self,
      default: 8)
    /// Every row, in help order.
    static let all = [extent, paletteSize] + DecodingOptions.Table.all
  }

  /// The region for the headline average.
  var extent: Extent
  /// The number of palette colours.
  var paletteSize: Int
  /// How PNG files are read.
  var decoding: DecodingOptions

  /// Reads the group's values; the palette size must be 1-64.
  init(parsed: ParsedArguments) throws(UsageError) {
    extent = try parsed.value(Table.extent)
    paletteSize = try parsed.value(Table.paletteSize)
    decoding = try DecodingOptions(parsed: parsed)
    guard (1...64).contains(paletteSize) else {
      throw UsageError("--palette-size must be between 1 and 64, not \(paletteSize).")
    }
  }

  /// The pipeline these options describe.
  var pipeline: ThemePipeline {
    ThemePipeline(
      configuration: .init(extent: extent, limits: decoding.limits, paletteSize: paletteSize))
  }
}
