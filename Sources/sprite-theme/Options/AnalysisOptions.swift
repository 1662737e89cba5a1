import ArgumentParser
import SpriteCore
import SpriteMaterial
import SpriteTheme

/// `--extent`, `--palette-size`, `--text`, `--variant`, `--contrast` and `--max-pixels`: options
/// shared by the commands that analyse sprites.
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

  /// How the swatches' and the card's text colours are chosen.
  @Option(
    help: ArgumentHelp(
      "Text colours on the swatches and the card: minimum (white or black at the least alpha "
        + "that reaches the contrast ratio) or opaque (at full strength).", valueName: "text"))
  var text: TextStyle = .minimum

  /// Colours left out of the palette and what is chosen from it.
  @Option(
    name: .customLong("exclude-color"),
    help: ArgumentHelp(
      "Colours to leave out of the palette, dominant, swatches, accent and Material source "
        + "(key colours such as a transparency magenta): HEX[~DELTA][,...], DELTA a CIEDE2000 "
        + "radius 0-100 (default 2).", valueName: "colors"))
  var excludeColor: String?

  /// The style of the theme's Material schemes.
  @OptionGroup var material: MaterialOptions

  /// How PNG files are read.
  @OptionGroup var decoding: DecodingOptions

  /// The palette size must be 1-64, and `--exclude-color` colours with radii in range.
  func validate() throws {
    guard (1...64).contains(paletteSize) else {
      throw ValidationError("--palette-size must be between 1 and 64, not \(paletteSize).")
    }
    _ = try exclusion
  }

  /// The colours `--exclude-color` names; none without it.
  var exclusion: ColorExclusion {
    get throws {
      guard let excludeColor else { return ColorExclusion() }
      do {
        return try ColorExclusion(parsing: excludeColor)
      } catch {
        throw ValidationError("--exclude-color \(error.description).")
      }
    }
  }

  /// The pipeline these options describe.
  var pipeline: ThemePipeline {
    ThemePipeline(
      configuration: .init(
        extent: extent, limits: decoding.limits, paletteSize: paletteSize, textMode: text.mode,
        variant: material.variant, contrastLevel: material.contrast.value, spec: material.spec,
        exclusion: (try? exclusion) ?? ColorExclusion()))
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

/// `--text minimum|opaque`: the text colours' style.
enum TextStyle: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// Translucent white or black, as quiet as it can be while readable (Android Palette's).
  case minimum
  /// Opaque white or black, the strongest text there is.
  case opaque

  /// The pipeline's mode for this style.
  var mode: TextColor.Mode {
    switch self {
    case .minimum: .minimumAlpha
    case .opaque: .opaque
    }
  }
}

/// `--filter area|nearest|lanczos3`: parsed from and listed by the cases' raw values.
extension Thumbnail.Filter: ExpressibleByArgument {}
