import ArgumentParser
import SpriteMaterial

/// `--variant`, `--contrast` and `--spec`: the style of the Material 3 schemes a theme carries
/// (SPEC section 10), shared by `analyze`, `batch` and `fetch`.
struct MaterialOptions: ParsableArguments {
  /// The scheme style; nil when not given, so a grey sprite gets monochrome and others tonal spot.
  @Option(
    help: ArgumentHelp(
      "Style of the theme's Material 3 schemes (default: tonalSpot, monochrome for a sprite "
        + "without chromatic colour).", valueName: "variant"))
  var variant: MaterialVariant?

  /// The colour specification.
  @Option(help: ArgumentHelp("Material colour specification: 2021 or 2025.", valueName: "spec"))
  var spec: MaterialSpec = .default

  /// The contrast level.
  @Option(
    help: ArgumentHelp(
      "Contrast level of the Material schemes, -1 to 1: 0 standard, 0.5 medium, 1 high; "
        + "a reduced (negative) level is written --contrast=-0.5.", valueName: "level"))
  var contrast = ContrastLevel(0)

  /// The contrast level must be a number from -1 to 1.
  func validate() throws {
    guard contrast.value.isFinite, (-1...1).contains(contrast.value) else {
      throw ValidationError("--contrast must be between -1 and 1, not \(contrast.text).")
    }
  }
}

/// A `--contrast` value as given: any number parses, ``MaterialOptions/validate()`` checks the
/// range, so the error names the value and the range.
struct ContrastLevel: ExpressibleByArgument, Sendable {
  /// The level.
  var value: Double
  /// The level as it was written.
  var text: String

  /// A level from a number.
  init(_ value: Double) {
    self.value = value
    text = value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// Parses a decimal number.
  init?(argument: String) {
    guard let value = Double(argument) else { return nil }
    self.value = value
    text = argument
  }

  /// The default as help shows it: `0`, not `0.0`.
  var defaultValueDescription: String { text }
}

/// `--variant tonalSpot|vibrant|...`: parsed from and listed by the cases' raw values.
extension MaterialVariant: ExpressibleByArgument {}

/// `--spec 2021|2025`: parsed from and listed by the cases' raw values.
extension MaterialSpec: ExpressibleByArgument {}
