import ArgumentParser
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SpriteCore
import SpriteTheme

/// `sprite-theme analyze FILE`: one sprite's colours as a readable summary or theme JSON.
struct Analyze: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Analyse one sprite: its colours as a summary, or the theme JSON.",
    discussion: """
      Prints the area-average colour over the chosen extent (linear light and encoded sRGB) and \
      over the original app's Core Image seed extent, the palette (most populous first), the six \
      named swatches with title and body text colours that meet WCAG contrast, and the card. On \
      a terminal each colour is shown as a swatch. With --json prints the theme document instead.
      """)

  @Argument(help: ArgumentHelp("The PNG file to analyse.", valueName: "file"))
  var file: String

  @Flag(help: "Print the theme document as JSON.")
  var json = false

  @OptionGroup var analysis: AnalysisOptions

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
