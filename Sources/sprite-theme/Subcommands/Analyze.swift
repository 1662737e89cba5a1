import ArgumentParser
import SpriteCore
import SpriteTheme

/// `sprite-theme analyze FILE`: one sprite's colours as a readable summary or theme JSON.
struct Analyze: AsyncParsableCommand {
  /// `analyze`'s name and help texts.
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Analyse one sprite: its colours as a summary, or the theme JSON.",
    discussion: """
      Prints the area-average colour over the chosen extent (linear light and encoded sRGB) and \
      over the original app's Core Image seed extent, the palette (most populous first), the six \
      named swatches with title and body text colours that meet WCAG contrast, the card, the \
      accent (the most characteristic chromatic colour) and the source colour of the Material 3 \
      schemes with their primary colours (see --variant, --contrast and the scheme command). On \
      a terminal each colour is shown as a swatch. With --json prints the theme document instead.
      """)

  /// The PNG file to analyse.
  @Argument(help: "The PNG file to analyse.")
  var file: PathArgument

  /// Print the theme document rather than the summary.
  @Flag(help: "Print the theme document as JSON.")
  var json = false

  /// The extent, palette size and decoding limits.
  @OptionGroup var analysis: AnalysisOptions

  /// Prints the summary or the theme JSON; exit 1 when the sprite cannot be analysed.
  func run() async throws {
    let sprite: AnalyzedSprite
    do {
      sprite = try analysis.pipeline.analyze(fileAt: file.path)
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
