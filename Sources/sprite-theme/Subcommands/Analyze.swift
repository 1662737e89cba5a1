import SpriteCore
import SpriteTheme

/// `sprite-theme analyze FILE`: one sprite's colours as a readable summary or theme JSON.
struct Analyze: Subcommand {
  /// The rows of `analyze`'s argument table.
  enum Table {
    /// `<file>`.
    static let file = ArgumentSpec.positional("file", help: "The PNG file to analyse.")
    /// `--json`.
    static let json = ArgumentSpec.flag("json", help: "Print the theme document as JSON.")
    /// Every row, in help and usage order.
    static let all = [file, json] + AnalysisOptions.Table.all
  }

  /// The word that selects `analyze`.
  static let name = "analyze"

  /// `analyze`'s name, help texts and arguments.
  static let spec = CommandSpec(
    name: name, parentPath: SpriteThemeCommand.name,
    abstract: "Analyse one sprite: its colours as a summary, or the theme JSON.",
    discussion: """
      Prints the area-average colour over the chosen extent (linear light and encoded sRGB) and \
      over the original app's Core Image seed extent, the palette (most populous first), the six \
      named swatches with title and body text colours that meet WCAG contrast, and the card. On \
      a terminal each colour is shown as a swatch. With --json prints the theme document instead.
      """,
    arguments: Table.all)

  /// The PNG file to analyse.
  var file: String
  /// Print the theme document rather than the summary.
  var json: Bool
  /// The extent, palette size and decoding limits.
  var analysis: AnalysisOptions

  /// Reads the file, `--json` and the analysis options.
  init(parsed: ParsedArguments) throws(UsageError) {
    file = try parsed.value(Table.file)
    json = parsed.flag(Table.json)
    analysis = try AnalysisOptions(parsed: parsed)
  }

  /// Prints the summary or the theme JSON; exit 1 when the sprite cannot be analysed.
  func run() throws {
    let sprite: AnalyzedSprite
    do {
      sprite = try analysis.pipeline.analyze(fileAt: file)
    } catch {
      throw Diagnostics.report(error)
    }
    if json {
      StandardStream.writeOutput(ThemeEncoder.encode(sprite.theme))
    } else {
      print(Summary(theme: sprite.theme, colour: Diagnostics.standardOutputIsColourTerminal).text)
    }
  }
}
