import Foundation
import SpriteExport
import SystemPackage
import Testing
import _SpriteTestSupport

@Suite("The exporter: deterministic bytes, failures per file, folders of themes")
struct ExporterTests {
  /// Every file under `folder` with its bytes, by relative path.
  static func snapshot(_ folder: URL) throws -> [String: Data] {
    var files = [String: Data]()
    let enumerator = FileManager.default.enumerator(atPath: folder.path)!
    while let path = enumerator.nextObject() as? String {
      let url = folder.appendingPathComponent(path)
      if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }

  @Test("the same themes in any order, or as a folder, give byte-identical files")
  func deterministic() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let scratch = try TemporaryDirectory()
    let (themes, failures) = ThemeExporter.load(
      ThemeExporter.themeFiles(in: [FilePath(catalogue.themes.path)]).reversed())
    #expect(failures.isEmpty && themes.count == catalogue.themeFiles.count)
    try ThemeExporter.write(themes, formats: ExportFormat.allCases, to: FilePath(scratch.url.path))
    let again = try Self.snapshot(scratch.url)
    #expect(again == (try Self.snapshot(catalogue.root)))
    // No temporary file left behind.
    #expect(!again.keys.contains { $0.split(separator: "/").last!.hasPrefix(".") })
  }

  @Test("an unreadable or invalid file fails alone, named; the others are exported")
  func failuresPerFile() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let scratch = try TemporaryDirectory()
    let broken = scratch.url.appendingPathComponent("broken.json")
    try Data("{\"schema\": ".utf8).write(to: broken)
    let missing = scratch.url.appendingPathComponent("missing.json").path
    let paths = [broken.path, catalogue.themeFiles[0].path, missing]
    let (themes, failures) = ThemeExporter.load(paths.map { FilePath($0) })
    #expect(themes.count == 1)
    #expect(failures.map(\.path) == [broken.path, missing])
    #expect(failures[0].description == "\(broken.path): invalid theme: not valid JSON")
    #expect(failures[1].description == "\(missing): cannot read: no such file")
  }

  @Test("a folder with themes/ inside (an output directory) exports its themes")
  func outputDirectory() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let parent = catalogue.themes.deletingLastPathComponent().path
    #expect(
      ThemeExporter.themeFiles(in: [FilePath(parent)])
        == catalogue.themeFiles.map { FilePath($0.path) })
  }

  @Test("a re-run leaves files with the right bytes alone and rewrites changed ones")
  func rerun() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let scratch = try TemporaryDirectory()
    let (themes, _) = ThemeExporter.load(catalogue.themeFiles.prefix(3).map { FilePath($0.path) })
    try ThemeExporter.write(themes, formats: [.css, .scss], to: FilePath(scratch.url.path))
    let css = scratch.url.appendingPathComponent("css/sprites.css")
    let scss = scratch.url.appendingPathComponent("scss/_sprites.scss")
    let expected = try Data(contentsOf: scss)
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: css.path)
    try Data("changed".utf8).write(to: scss)
    try ThemeExporter.write(themes, formats: [.css, .scss], to: FilePath(scratch.url.path))
    let attributes = try FileManager.default.attributesOfItem(atPath: css.path)
    #expect(attributes[.modificationDate] as? Date == old)
    #expect(try Data(contentsOf: scss) == expected)
  }

  @Test("a file that cannot be written is a write failure naming it")
  func writeFailure() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let scratch = try TemporaryDirectory()
    let blocker = scratch.url.appendingPathComponent("css")
    try Data().write(to: blocker)  // a file where the css folder should go
    let (themes, _) = ThemeExporter.load(catalogue.themeFiles.prefix(2).map { FilePath($0.path) })
    #expect {
      try ThemeExporter.write(themes, formats: [.css], to: FilePath(scratch.url.path))
    } throws: { error in
      "\(error)".contains(blocker.path)
    }
  }
}

@Suite("README: the front-end examples name what the exports write")
struct ReadmeExportExamplesTests {
  @Test("every name in the CSS, Android, SwiftUI and iOS examples exists in an export of a theme")
  func readmeNames() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let readme = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    // The README's sprite, exported from its sample theme with the Material block added.
    let scratch = try TemporaryDirectory()
    let source = catalogue.themes.appendingPathComponent("crawl-blue-dragon.json")
    let (themes, _) = ThemeExporter.load([FilePath(source.path)])
    try ThemeExporter.write(
      themes, formats: [.css, .android, .swiftui, .ios], to: FilePath(scratch.url.path))
    func text(_ path: String) throws -> String {
      try String(contentsOf: scratch.url.appendingPathComponent(path), encoding: .utf8)
    }
    let css = try text("css/sprites.css")
    for name in [
      "sprite-crawl-blue-dragon", "--sprite-card", "--sprite-card-text",
      "--md-sys-color-primary", "--md-sys-color-on-primary",
    ] {
      #expect(readme.contains(name) && css.contains(name), "\(name)")
    }
    let android = try text("android/values/colors.xml")
    for name in [
      "crawl_blue_dragon_card", "crawl_blue_dragon_card_text",
      "crawl_blue_dragon_primary", "crawl_blue_dragon_on_primary",
    ] {
      #expect(readme.contains("@color/\(name)\"") && android.contains("name=\"\(name)\""))
    }
    let swift = try text("swiftui/SpriteColorData.swift")
    #expect(readme.contains("SpriteTheme.named(\"crawl-blue-dragon\")"))
    #expect(swift.contains("\"crawl-blue-dragon\",\n"))
    #expect(readme.contains("Color(\"CrawlBlueDragon/Primary\")"))
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent(
          "ios/Sprites.xcassets/CrawlBlueDragon/Primary.colorset/Contents.json"
        ).path))
  }
}
