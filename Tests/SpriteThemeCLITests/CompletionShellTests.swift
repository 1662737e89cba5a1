import ArgumentParser
import Foundation
import SpriteMaterial
import Testing
import _SpriteTestSupport

@testable import sprite_theme

/// The completion scripts of `--generate-completion-script`, loaded into real bash (with
/// Debian's bash-completion), zsh and fish and asked what they offer (`Scripts/complete.sh`,
/// which installs a missing shell with apt-get): option values, and files and folders of a
/// scratch folder for inputs and `--out`/`-o`.
@Suite("Completions in bash, zsh and fish", .serialized, .externalTools)
struct CompletionShellTests {
  /// The driver script.
  static let driver = Fixtures.packageRoot.appendingPathComponent(
    "Tests/SpriteThemeCLITests/Scripts/complete.sh")

  /// A shell with the program's completion script, in a scratch folder holding `a.png`,
  /// `b.json`, `notes.txt` and the folders `sprites/` and `out-dir/`.
  struct Session {
    /// `bash`, `zsh` or `fish`.
    var shell: String
    /// The scratch folder (removed with the value).
    var folder: TemporaryDirectory
    /// The completion script's file, in `folder`.
    var script: URL

    /// Writes the script and the scratch files.
    init(_ shell: String) async throws {
      self.shell = shell
      folder = try TemporaryDirectory()
      let generated = try await BuiltBinary.run(["--generate-completion-script", shell])
      #expect(generated.status == 0, "\(generated.stderr)")
      script = folder.url.appendingPathComponent(".completion.\(shell)")
      try Data(generated.stdout.utf8).write(to: script)
      for file in ["a.png", "b.json", "notes.txt"] {
        try Data().write(to: folder.url.appendingPathComponent(file))
      }
      for sub in ["sprites", "out-dir"] {
        try FileManager.default.createDirectory(
          at: folder.url.appendingPathComponent(sub), withIntermediateDirectories: true)
      }
    }

    /// What the shell offers after `line` (typed up to the cursor), a trailing `/` removed.
    func offers(_ line: String) async throws -> Set<String> {
      let run = try await ChildProcess.run(
        URL(fileURLWithPath: "/bin/bash"),
        [CompletionShellTests.driver.path, shell, script.path, folder.url.path, line])
      #expect(run.status == 0, "\(shell) \(line): \(run.stderr)")
      return Set(
        run.stdout.split(separator: "\n").map {
          String($0.hasSuffix("/") ? $0.dropLast() : $0)
        })
    }
  }

  @Test(
    "option values: --format, --export, --variant, --text, --filter, --spec when there",
    arguments: ["bash", "zsh", "fish"])
  func values(shell: String) async throws {
    let session = try await Session(shell)
    // Every offered format parses, and together they name every format `all` stands for.
    for line in ["sprite-theme export --format ", "sprite-theme batch --export "] {
      let formats = try await session.offers(line)
      #expect(formats.contains("all"), "\(shell) \(line): \(formats.sorted())")
      let parsed = Set(try formats.flatMap { try ExportFormats.parse($0).map(\.rawValue) })
      #expect(
        parsed == Set(try ExportFormats.parse("all").map(\.rawValue)),
        "\(shell) \(line): \(formats.sorted())")
    }
    let variants = try await session.offers("sprite-theme batch --variant ")
    #expect(variants == Set(MaterialVariant.allValueStrings), "\(shell): \(variants.sorted())")
    #expect(variants.contains("fruitSalad") && variants.contains("tonalSpot"))
    let texts = try await session.offers("sprite-theme analyze --text ")
    #expect(texts == Set(TextStyle.allValueStrings) && texts.count == 2, "\(shell): \(texts)")
    let filters = try await session.offers("sprite-theme thumbnail a.png --filter ")
    #expect(filters.contains("lanczos3") && filters.contains("nearest"), "\(shell): \(filters)")
    // --spec comes with Material spec 2025 (issue 33 item 6); checked once the option exists.
    let schemeHelp = try await BuiltBinary.run(["scheme", "--help"])
    if schemeHelp.stdout.contains("--spec") {
      let specs = try await session.offers("sprite-theme scheme --spec ")
      #expect(specs.isSuperset(of: ["2021", "2025"]), "\(shell): \(specs.sorted())")
    }
  }

  @Test(
    "files and folders: PNG inputs, theme files, --out and -o folders",
    arguments: ["bash", "zsh", "fish"])
  func paths(shell: String) async throws {
    let session = try await Session(shell)
    let pngInputs = try await session.offers("sprite-theme batch ")
    #expect(pngInputs.isSuperset(of: ["a.png", "sprites"]), "\(shell): \(pngInputs.sorted())")
    #expect(!pngInputs.contains("notes.txt"), "\(shell): \(pngInputs.sorted())")
    let themes = try await session.offers("sprite-theme export ")
    #expect(themes.isSuperset(of: ["b.json", "sprites"]), "\(shell): \(themes.sorted())")
    #expect(!themes.contains("a.png"), "\(shell): \(themes.sorted())")
    for line in [
      "sprite-theme batch a.png --out ", "sprite-theme export b.json -o ",
      "sprite-theme fetch --out ", "sprite-theme report ",
    ] {
      let folders = try await session.offers(line)
      #expect(folders.isSuperset(of: ["out-dir", "sprites"]), "\(shell) \(line): \(folders)")
      #expect(!folders.contains("a.png"), "\(shell) \(line): \(folders.sorted())")
    }
    let partial = try await session.offers("sprite-theme batch --out ou")
    #expect(partial == ["out-dir"], "\(shell): \(partial.sorted())")
    let urls = try await session.offers("sprite-theme fetch --urls ")
    #expect(urls.isSuperset(of: ["notes.txt", "sprites"]), "\(shell): \(urls.sorted())")
  }
}
