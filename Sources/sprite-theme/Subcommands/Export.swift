import ArgumentParser
import SpriteExport
import SpriteFiles
import SystemPackage

/// `sprite-theme export THEME.json... --format LIST -o DIR`: front-end files from theme files.
struct Export: ParsableCommand {
  /// `export`'s name and help texts.
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write front-end colour files (CSS, Android, iOS, ...) from theme files.",
    discussion: """
      Reads theme files (SPEC section 6; folders give their *.json files, or those of their \
      themes/ folder, so an output directory of batch or fetch works as it is) and writes each \
      format to DIR/<format>/, one set for the whole catalogue and, for dtcg, one file per \
      sprite. A sprite is named after its theme file; names are spelled in each platform's \
      convention, made unique within a file (2, 3, ... appended, in name order) and never a keyword.

      Formats: dtcg (Design Tokens 2025.10: <name>.tokens.json, sprites.tokens.json), css \
      (sprites.css: .sprite-<name> { --sprite-card; --md-sys-color-<role> }, dark roles under \
      prefers-color-scheme: dark and under .dark or [data-theme=dark] (--css-dark), high \
      contrast under prefers-contrast: more), tailwind (sprites.tailwind.css, v4 @theme; roles \
      as light-dark() pairs, so a build keeps only the colours a page uses), ts (sprites.ts and \
      sprites.json: spriteThemes by name), scss (_sprites.scss), android (values/colors.xml and \
      values-night/colors.xml, #AARRGGBB; themes.xml with a Material 3 style SpriteTheme.<Name> \
      per sprite), ios (Sprites.xcassets: a namespace folder per sprite, \
      Color("<Name>/<Colour>"), dark appearances), swiftui (SpriteColors.swift and \
      SpriteColorData.swift: SpriteTheme.named(name)), compose (SpriteColors.kt and \
      SpriteColorData.kt: SpriteColors.named(name), SpriteTheme(name) { }), flutter \
      (sprite_colors.dart and sprite_color_data.dart: SpriteTheme.named(name)), or all. The code \
      formats (ts, swiftui, compose, flutter) look sprites up by name at run time and add medium \
      and high contrast schemes made from the theme's source colour and variant.

      Colours are the theme's exactly: card, card text, average, dominant, accent, the six \
      swatches with their title and body text, and the light and dark Material 3 roles when \
      the theme has them. Files are written atomically; the same themes give the same bytes.

      Exit codes: 0 every theme exported, 1 a theme file could not be read (the others are \
      exported), 2 usage error (an unknown format), 3 the output cannot be written.
      """)

  /// The theme files and folders to read.
  @Argument(
    help: ArgumentHelp("Theme files, or folders of them.", valueName: "theme.json"),
    completion: .file(extensions: ["json"]))
  var inputs: [PathArgument]

  /// The formats to write.
  @Option(
    name: .customLong("format"), help: ExportFormats.help, completion: ExportFormats.completion,
    transform: ExportFormats.parse)
  var formats: [ExportFormat]

  /// Where the format folders go.
  @Option(
    name: [.customShort("o"), .customLong("out")],
    help: ArgumentHelp(
      "The output directory; each format goes to DIR/<format>/.", valueName: "dir"),
    completion: .directory)
  var outputDirectory: PathArgument

  /// What else turns the CSS export's dark roles on.
  @Option(
    name: .customLong("css-dark"),
    help: ArgumentHelp(
      "css: besides prefers-color-scheme, the dark roles apply inside an element with class "
        + "dark (class, the default) or with data-theme=\"dark\" (attribute).",
      valueName: "class|attribute"))
  var cssDark: ExportOptions.CSSDarkSwitch = .class

  /// Add high-contrast appearances to the asset catalog.
  @Flag(
    help: """
      ios: give every Material colour set high-contrast light and dark appearances, made from       the theme's source colour and variant at contrast level 1.
      """)
  var highContrast = false

  /// Whether to draw the progress line.
  @OptionGroup var progressOptions: ProgressOptions

  /// Writes the formats; exit 1 when a theme failed, 3 when the output failed.
  func run() throws {
    let failed = try ExportFormats.run(
      themeFiles: ThemeExporter.themeFiles(in: inputs.map(\.path)), formats: formats,
      to: outputDirectory.path, options: ExportOptions(cssDark: cssDark),
      highContrast: highContrast, progress: progressOptions)
    if failed { throw ExitCode.inputFailed }
  }
}

/// `class` or `attribute`: parsed from and listed by the cases' raw values.
extension ExportOptions.CSSDarkSwitch: ExpressibleByArgument {}

/// `--format` / `--export` lists, and the export step `export` and `batch --export` share.
enum ExportFormats {
  /// The option's help.
  static let help = ArgumentHelp(
    "Comma-separated formats: \(ExportFormat.names), or all.", valueName: "list")

  /// What shells offer after `--format` and `--export`: each format's name, and `all`.
  static let completion = CompletionKind.list(ExportFormat.allCases.map(\.rawValue) + ["all"])

  /// Parses a list; an unknown name is a usage error (exit 2) naming it.
  static func parse(_ text: String) throws -> [ExportFormat] {
    do {
      return try ExportFormat.parseList(text)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// Reads `themeFiles`, reports each failure on one line, writes `formats` under `directory`;
  /// returns whether a theme failed.
  ///
  /// - Throws: ``ExitCode/fatal`` when a file cannot be written (reported first).
  static func run(
    themeFiles: [FilePath], formats: [ExportFormat], to directory: FilePath,
    options exportOptions: ExportOptions = ExportOptions(), highContrast: Bool = false,
    progress options: ProgressOptions
  ) throws -> Bool {
    let quiet = options.quiet
    let reporter = ProgressReporter(options)
    var (themes, failures) = ThemeExporter.load(themeFiles)
    if highContrast {
      for i in themes.indices { themes[i].material = themes[i].material?.withHighContrast() }
    }
    for failure in failures { Diagnostics.error(failure.description) }
    // Nothing readable: leave an earlier export as it is rather than empty it.
    if themes.isEmpty && !failures.isEmpty { return true }
    let count: Int
    do {
      count = try ThemeExporter.write(
        themes, formats: formats, to: directory, options: exportOptions
      ) {
        format, done, total in
        reporter.update(files: done, total: total, of: format.rawValue)
      }
      reporter.finish()
    } catch {
      reporter.finish()
      Diagnostics.error(error.description)
      throw ExitCode.fatal
    }
    if !quiet {
      Diagnostics.write(
        "\(count) \(count == 1 ? "file" : "files") "
          + "(\(formats.map(\.rawValue).joined(separator: ", "))) written to \(directory.readable) "
          + "from \(counted(themes.count, "theme")), \(failures.count) failed.")
    }
    return !failures.isEmpty
  }
}
