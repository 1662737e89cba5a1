import ArgumentParser
import SpriteCore
import SpriteTheme

/// `sprite-theme thumbnail FILE --size N -o OUT.png`: one thumbnail.
struct ThumbnailCommand: AsyncParsableCommand {
  /// `thumbnail`'s name and help texts.
  static let configuration = CommandConfiguration(
    commandName: "thumbnail",
    abstract: "Write one thumbnail of a sprite as PNG.",
    discussion: """
      The longest side becomes --size pixels and the aspect ratio is kept. By default a larger \
      sprite is shrunk with an area filter over premultiplied linear light (no dark fringes next \
      to transparency) and a smaller one is enlarged by the largest whole factor that fits, with \
      nearest neighbour, so pixel art stays crisp. With --fit pad the file is exactly --size \
      pixels square, the scaled sprite centred on transparent pixels. The file is written \
      atomically.
      """)

  /// The PNG file to scale.
  @Argument(help: "The PNG file to scale.", completion: .file(extensions: ["png"]))
  var file: PathArgument

  /// The thumbnail's longest side in pixels.
  @Option(help: ArgumentHelp("Longest side of the thumbnail in pixels (1-16384).", valueName: "n"))
  var size: Int

  /// The resampling filter, or `nil` to choose automatically.
  @Option(help: ArgumentHelp("Resampling filter; automatic when left out.", valueName: "filter"))
  var filter: Thumbnail.Filter?

  /// The scaled sprite alone, or a `size` x `size` square around it.
  @Option(
    help: ArgumentHelp(
      "contain: the longest side is --size, aspect kept; pad: exactly --size x --size, the "
        + "sprite centred on transparent pixels (an odd leftover pixel goes right and bottom).",
      valueName: "fit"))
  var fit: Thumbnail.Fit = .contain

  /// Where to write the PNG.
  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp("Where to write the PNG.", valueName: "out.png"),
    completion: .file(extensions: ["png"]))
  var output: PathArgument

  /// The decoding limits.
  @OptionGroup var decoding: DecodingOptions

  /// The size must be 1-16384.
  func validate() throws {
    guard (1...16384).contains(size) else {
      throw ValidationError("--size must be between 1 and 16384, not \(size).")
    }
  }

  /// Writes the thumbnail; exit 1 when the sprite cannot be read, 3 when the output fails.
  func run() async throws {
    do {
      let pipeline = ThemePipeline(configuration: .init(limits: decoding.limits))
      let image = try pipeline.decode(fileAt: file.path)
      let png = try pipeline.thumbnailPNG(
        of: image, size: size, filter: filter, fit: fit, source: file.description)
      do {
        try FileIO.writeAtomically(png, to: output.path)
      } catch {
        throw ThemePipeline.Error.writeFailed(
          path: output.description, reason: error.reason, outOfSpace: error.isOutOfSpace)
      }
    } catch let error as ThemePipeline.Error {
      throw Diagnostics.report(error)
    }
  }
}
