import ArgumentParser
import SpriteMaterial

/// `--variant` and `--contrast`: the style of the Material 3 schemes a theme carries (SPEC
/// section 10), shared by `analyze`, `batch` and `fetch`.
struct MaterialOptions: ParsableArguments {
  /// The scheme style.
  @Option(
    help: ArgumentHelp(
      "Style of the theme's Material 3 schemes: \(MaterialOptions.variantList).",
      valueName: "variant"))
  var variant: MaterialVariant = .default

  /// The contrast level.
  @Option(
    help: ArgumentHelp(
      "Contrast level of the Material schemes, -1 to 1: 0 standard, 0.5 medium, 1 high, "
        + "below 0 reduced.", valueName: "level"))
  var contrast = 0.0

  /// The contrast level must be a number from -1 to 1.
  func validate() throws {
    try Self.validate(contrast: contrast)
  }

  /// Refuses a contrast level outside -1...1 (or not a number) with a usage error.
  static func validate(contrast: Double) throws {
    guard contrast.isFinite, (-1...1).contains(contrast) else {
      throw ValidationError("--contrast must be between -1 and 1, not \(contrast).")
    }
  }

  /// The variants' names, as `--variant` takes them.
  static var variantList: String {
    MaterialVariant.allCases.map(\.rawValue).joined(separator: ", ")
  }
}

/// `--variant tonalSpot|vibrant|...`: parsed from and listed by the cases' raw values.
extension MaterialVariant: ExpressibleByArgument {}
