import ArgumentParser
import SpriteReport
import SystemPackage

/// `sprite-theme report DIR`: the visual report of a `batch` or `fetch` output directory.
struct Report: ParsableCommand {
  /// `report`'s name and help texts.
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Write an HTML report of an output directory: every sprite's card and colours.",
    discussion: """
      Reads DIR/index.json and the theme files it lists and writes DIR/report/index.html with \
      report.css, report.js and data.js: a static page that opens from file:// with no server \
      and no network. Each sprite shows its thumbnail (or source PNG) on its card colour with \
      the card text, the palette with populations, the six swatches with title and body text \
      and their contrast, the source and accent colours and the light or dark Material scheme. \
      Search by name or path, filter by hue, sort by name, hue or lightness, click a colour to \
      copy its hex, switch the page between light and dark (remembered). Only the cards on \
      screen are drawn, so 10,000 sprites stay responsive. Pictures are linked by relative \
      paths inside DIR (move the folder as a whole), or put in the page with --embed-images.

      Exit codes: 0 every sprite shown, 1 a theme file could not be read (it is listed on the \
      page; the others are shown), 2 DIR is not an output directory (no index.json or \
      themes/), 3 the report cannot be written.
      """)

  /// The output directory of `batch` or `fetch`.
  @Argument(
    help: ArgumentHelp("An output directory of batch or fetch.", valueName: "dir"),
    completion: .directory)
  var directory: PathArgument

  /// Put the pictures in the page as `data:` URIs.
  @Flag(help: ReportStep.embedImagesHelp)
  var embedImages = false

  /// Whether to leave out the summary line.
  @Flag(name: .shortAndLong, help: "Print nothing but errors.")
  var quiet = false

  /// Writes the report; exit 1 when a theme failed, 2 for a folder that is not an output
  /// directory, 3 when the report cannot be written.
  func run() throws {
    if try ReportStep.run(directory: directory.path, quiet: quiet, embedImages: embedImages) {
      throw ExitCode.inputFailed
    }
  }
}

/// The report step `report` and `batch --report` share.
enum ReportStep {
  /// `--embed-images`' help.
  static let embedImagesHelp = ArgumentHelp(
    "Put the pictures in the page as data: URIs, so report/index.html works on its own "
      + "(pictures outside the output directory are shown only then).")

  /// Writes the report of `directory`, prints each unreadable theme on one line and, unless
  /// quiet, where the page is; returns whether a theme could not be read.
  ///
  /// - Throws: a ``ValidationError`` (exit 2) when `directory` is not an output directory,
  ///   ``ExitCode/fatal`` when a file cannot be written (reported first).
  static func run(directory: FilePath, quiet: Bool, embedImages: Bool = false) throws -> Bool {
    let outcome: ReportWriter.Outcome
    do {
      outcome = try ReportWriter.write(directory: directory, embedImages: embedImages)
    } catch {
      if case .notAnOutputDirectory = error { throw ValidationError(error.description) }
      Diagnostics.error(error.description)
      throw ExitCode.fatal
    }
    for failure in outcome.unreadable { Diagnostics.error(failure.description) }
    if !quiet {
      Diagnostics.write(
        "Report of \(counted(outcome.sprites, "sprite")) written to \(outcome.page)"
          + (outcome.unreadable.isEmpty
            ? "."
            : ", \(outcome.unreadable.count) theme\(outcome.unreadable.count == 1 ? "" : "s") "
              + "unreadable."))
    }
    return !outcome.unreadable.isEmpty
  }
}
