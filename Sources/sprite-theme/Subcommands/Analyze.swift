import ArgumentParser
import SpriteCore
import SpriteFetch
import SpriteTheme
import SpriteThemeStream

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

      An http(s) URL is downloaded first, with fetch's limits and retries (no cache).
      """)

  /// The PNG file (or http(s) URL) to analyse.
  @Argument(
    help: "The PNG file or http(s) URL to analyse.", completion: .file(extensions: ["png"]))
  var file: PathArgument

  /// Print the theme document rather than the summary.
  @Flag(help: "Print the theme document as JSON.")
  var json = false

  /// The extent, palette size and decoding limits.
  @OptionGroup var analysis: AnalysisOptions

  /// Prints the summary or the theme JSON; exit 1 when the sprite cannot be analysed.
  func run() async throws {
    let sprite: AnalyzedSprite
    do throws(ThemePipeline.Error) {
      if StreamInput.isURL(file.bytes) {
        sprite = try analysis.pipeline.analyze(download: try await download())
      } else {
        sprite = try analysis.pipeline.analyze(fileAt: file.path)
      }
    } catch {
      throw Diagnostics.report(error)
    }
    if json {
      StandardStream.writeOutput(ThemeEncoder.encode(sprite.theme))
    } else {
      print(Summary(theme: sprite.theme, colour: Diagnostics.standardOutputIsColourTerminal).text)
    }
  }

  /// The PNG at the URL `file`, downloaded as `batch --jsonl` downloads one, with its name.
  ///
  /// - Throws: ``ThemePipeline/Error/readFailed(source:reason:)`` naming the URL and why.
  private func download() async throws(ThemePipeline.Error) -> Download {
    switch StreamInput.parse(file.bytes) {
    case .url(let url, let name, _):
      let loader = CurlDataLoader(configuration: NetworkOptions.defaults.curlConfiguration)
      do {
        let response = try await loader.load(
          FetchRequest(url: url, expecting: .png, origin: .user))
        return Download(bytes: response.body, name: name, url: url.absoluteString)
      } catch {
        throw .readFailed(source: url.absoluteString, reason: String(describing: error))
      }
    case .failed(let given, _, let message):
      throw .readFailed(source: given, reason: message)
    case .file:
      throw .readFailed(source: file.description, reason: "not a URL")
    }
  }

  /// A downloaded sprite's bytes, name and URL.
  struct Download {
    /// The PNG's bytes.
    var bytes: [UInt8]
    /// The theme's `source.name`.
    var name: String
    /// The URL.
    var url: String
  }
}

extension ThemePipeline {
  /// The analysis of a downloaded sprite, its theme's `source` naming the URL.
  fileprivate func analyze(download: Analyze.Download) throws(ThemePipeline.Error) -> AnalyzedSprite
  {
    try analyze(bytes: download.bytes, name: download.name, url: download.url)
  }
}
