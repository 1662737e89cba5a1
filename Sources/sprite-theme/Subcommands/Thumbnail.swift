import ArgumentParser
import SpriteCore
import SpriteTheme

/// `sprite-theme thumbnail FILE --size N -o OUT.png`: one thumbnail.
struct ThumbnailCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "thumbnail",
    abstract: "Write one thumbnail of a sprite as PNG.",
    discussion: """
      The longest side becomes --size pixels and the aspect ratio is kept. By default a larger \
      sprite is shrunk with an area filter over premultiplied linear light (no dark fringes next \
      to transparency) and a smaller one is enlarged by the largest whole factor that fits, with \
      nearest neighbour, so pixel art stays crisp. The file is written atomically.
      """)

  @Argument(help: ArgumentHelp("The PNG file to scale.", valueName: "file"))
  var file: String

  @Option(help: ArgumentHelp("Longest side of the thumbnail in pixels (1-16384).", valueName: "n"))
  var size: Int

  @Option(help: ArgumentHelp("Resampling filter; automatic when left out.", valueName: "filter"))
  var filter: Thumbnail.Filter?

  @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
    "Where to write the PNG.", valueName: "out.png"))
  var output: String

  @OptionGroup var decoding: DecodingOptions

  func validate() throws {
    guard (1...16384).contains(size) else {
      throw ValidationError("--size must be between 1 and 16384, not \(size).")
    }
  }

  func run() throws {
    do {
      let pipeline = ThemePipeline(configuration: .init(limits: decoding.limits))
      let image = try pipeline.decode(fileAt: file)
      let png = try pipeline.thumbnailPNG(of: image, size: size, filter: filter, source: file)
      do {
        try FileIO.writeAtomically(png, to: output)
      } catch {
        throw ThemePipeline.Error.writeFailed(
          path: output, reason: error.reason, outOfSpace: error.isOutOfSpace)
      }
    } catch let error as ThemePipeline.Error {
      throw Diagnostics.report(error)
    }
  }
}

extension Thumbnail.Filter: ExpressibleByArgument {}
