import ArgumentParser
import SpriteCore
import SpriteMaterial
import SpriteTheme

/// `sprite-theme scheme --source HEX`: the Material 3 schemes of one colour, as a table or in the
/// layout of a Material Theme Builder export (SPEC section 10).
struct SchemeCommand: AsyncParsableCommand {
  /// `scheme`'s name and help texts.
  static let configuration = CommandConfiguration(
    commandName: "scheme",
    abstract: "Print the Material 3 colour schemes of a source colour.",
    discussion: """
      Builds the six schemes a Material Theme Builder export holds from one source colour: light \
      and dark at standard (0), medium (0.5) and high (1) contrast, each with its 49 roles \
      (primary, onPrimary, primaryContainer, ..., surfaceContainerHighest), as \
      material-color-utilities defines them (colour spec 2021, or 2025 with --spec 2025, which \
      adds primaryDim, secondaryDim, tertiaryDim and errorDim), plus the tonal palettes \
      (primary, secondary, tertiary, neutral, neutral-variant, error at the export's 18 tones \
      from 0 to 100).

      Without --json prints a table, light roles then dark ones, with a swatch beside each colour \
      on a terminal. With --json prints the export's layout (material-theme.json): \
      {"description", "seed", "coreColors": {"primary"}, "extendedColors": [], "variant", \
      "spec", "schemes": {"light", "light-medium-contrast", "light-high-contrast", "dark", \
      "dark-medium-contrast", "dark-high-contrast"}, "palettes"}, colours as #RRGGBB.

      A theme file's "material" block holds the light and dark schemes of the sprite's own source \
      colour; this command shows the schemes of any colour, such as that source:

        sprite-theme scheme --source '#1D5BEE' --variant vibrant
        sprite-theme scheme --source "$(jq -r .material.source themes/bat.json)" --json
      """)

  /// The source colour, as given.
  @Option(
    help: ArgumentHelp("The source (seed) colour: #RRGGBB or RRGGBB.", valueName: "hex"))
  var source: String

  /// The scheme style.
  @Option(help: ArgumentHelp("Style of the schemes.", valueName: "variant"))
  var variant: MaterialVariant = .default

  /// The colour specification.
  @Option(help: ArgumentHelp("Material colour specification: 2021 or 2025.", valueName: "spec"))
  var spec: MaterialSpec = .default

  /// Print the export's JSON rather than the table.
  @Flag(help: "Print the schemes as a Theme Builder export's JSON.")
  var json = false

  /// The source must be six hex digits, with or without `#`.
  func validate() throws {
    guard Self.color(source) != nil else {
      throw ValidationError("--source must be a colour as #RRGGBB or RRGGBB, not '\(source)'.")
    }
  }

  /// Prints the table or the JSON.
  func run() async throws {
    guard let color = Self.color(source) else { throw ValidationError("bad --source") }
    let export = ThemeBuilderExport(source: color, variant: variant, spec: spec)
    if json {
      StandardStream.writeOutput(ThemeEncoder.encode(export))
    } else {
      print(SchemeTable(export: export, colour: Diagnostics.standardOutputIsColourTerminal).text)
    }
  }

  /// The opaque colour of `#RRGGBB` or `RRGGBB` (either case); nil for anything else.
  static func color(_ text: String) -> RGBA8? {
    let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
    guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16)
    else { return nil }
    return RGBA8(
      r: UInt8(truncatingIfNeeded: value >> 16), g: UInt8(truncatingIfNeeded: value >> 8),
      b: UInt8(truncatingIfNeeded: value))
  }
}
