import SpriteCore
import SpriteTheme

/// `sprite-theme thumbnail FILE --size N -o OUT.png`: one thumbnail.
struct ThumbnailCommand: Subcommand {
  /// The rows of `thumbnail`'s argument table.
  enum Table {
    /// `<file>`.
    static let file = ArgumentSpec.positional("file", help: "The PNG file to scale.")
    /// `--size <n>`.
    static let size = ArgumentSpec.option(
      "size", valueName: "n", help: "Longest side of the thumbnail in pixels (1-16384).",
      of: Int.self, required: true)
    /// `--filter <filter>`.
    static let filter = ArgumentSpec.option(
      "filter", valueName: "filter", help: "Resampling filter; automatic when left out.",
      of: Thumbnail.Filter.self)
    /// `-o, --output <out.png>`.
    static let output = ArgumentSpec.option(
      "output", short: "o", valueName: "out.png", help: "Where to write the PNG.", of: String.self,
      required: true)
    /// Every row, in help and usage order.
    static let all = [file, size, filter, output] + DecodingOptions.Table.all
  }

  /// The word that selects `thumbnail`.
  static let name = "thumbnail"

  /// `thumbnail`'s name, help texts and arguments.
  static let spec = CommandSpec(
    name: name, parentPath: SpriteThemeCommand.name,
    abstract: "Write one thumbnail of a sprite as PNG.",
    discussion: """
      The longest side becomes --size pixels and the aspect ratio is kept. By default a larger \
      sprite is shrunk with an area filter over premultiplied linear light (no dark fringes next \
      to transparency) and a smaller one is enlarged by the largest whole factor that fits, with \
      nearest neighbour, so pixel art stays crisp. The file is written atomically.
      """,
    arguments: Table.all)

  /// The PNG file to scale.
  var file: String
  /// The thumbnail's longest side in pixels.
  var size: Int
  /// The resampling filter, or `nil` to choose automatically.
  var filter: Thumbnail.Filter?
  /// Where to write the PNG.
  var output: String
  /// The decoding limits.
  var decoding: DecodingOptions

  /// Reads the arguments; the size must be 1-16384.
  init(parsed: ParsedArguments) throws(UsageError) {
    file = try parsed.value(Table.file)
    size = try parsed.value(Table.size)
    filter = try parsed.optional(Table.filter)
    output = try parsed.value(Table.output)
    decoding = try DecodingOptions(parsed: parsed)
    guard (1...16384).contains(size) else {
      throw UsageError("--size must be between 1 and 16384, not \(size).")
    }
  }

  /// Writes the thumbnail; exit 1 when the sprite cannot be read, 3 when the output fails.
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
