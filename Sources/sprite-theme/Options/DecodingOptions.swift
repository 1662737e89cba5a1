import SpriteTheme

/// Options for reading PNG files, shared by every command that decodes sprites.
struct DecodingOptions {
  /// The rows of this group's argument table.
  enum Table {
    /// `--max-pixels <n>`.
    static let maxPixels = ArgumentSpec.option(
      "max-pixels", valueName: "n", help: "Refuse images with more pixels than this.",
      of: Int.self, default: PNGDecoder.Limits().maxPixels)
    /// Every row, in help order.
    static let all = [maxPixels]
  }

  /// The most pixels an image may have.
  var maxPixels: Int

  /// Reads the group's values; `--max-pixels` must be positive.
  init(parsed: ParsedArguments) throws(UsageError) {
    maxPixels = try parsed.value(Table.maxPixels)
    guard maxPixels > 0 else { throw UsageError("--max-pixels must be positive.") }
  }

  /// The decoder limits these options describe.
  var limits: PNGDecoder.Limits {
    PNGDecoder.Limits(maxPixels: maxPixels)
  }
}
