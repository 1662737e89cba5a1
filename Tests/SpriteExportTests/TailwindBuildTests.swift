import Foundation
import SpriteCore
import SpriteExport
import SystemPackage
import Testing
import _SpriteTestSupport

@Suite("The Tailwind export through Tailwind's own CLI", .externalTools)
struct TailwindBuildTests {
  @Test(
    "a page using two colours of one sprite of 2,000 builds to a few KB, dark values included")
  func purgedBuild() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let (samples, failures) = ThemeExporter.load(catalogue.themeFiles.map { FilePath($0.path) })
    try #require(failures.isEmpty)
    let used = try #require(samples.first { $0.name == "crawl-blue-dragon" })
    let others = samples.filter { $0.material != nil && $0.name != used.name }
    // 2,000 sprites: the used one and copies of the others under names of their own.
    var themes = [used]
    for i in 1..<2000 {
      var copy = others[i % others.count]
      copy.name = "copy\(i)"
      themes.append(copy)
    }
    let folder = try TemporaryDirectory()
    try ThemeExporter.write(themes, formats: [.tailwind], to: FilePath(folder.url.path))
    let site = folder.url.appendingPathComponent("tailwind")
    let export = site.appendingPathComponent("sprites.tailwind.css")
    let inputSize = try #require(
      try FileManager.default.attributesOfItem(atPath: export.path)[.size] as? Int)
    try """
    <!doctype html>
    <div class="bg-crawl-blue-dragon-primary text-crawl-blue-dragon-on-primary">Dragon</div>
    """.write(to: site.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
    try """
    @import "tailwindcss" source(none);
    @source "./page.html";
    @import "./sprites.tailwind.css";
    """.write(to: site.appendingPathComponent("input.css"), atomically: true, encoding: .utf8)
    let output = site.appendingPathComponent("output.css")
    let tailwind = try await PythonTools.tool("tailwindcss")
    let result = try await ToolRun.run(
      tailwind,
      ["-i", site.appendingPathComponent("input.css").path, "-o", output.path, "--cwd", site.path])
    try #require(result.status == 0, "\(result.stderr.suffix(3000))")
    let css = try String(contentsOf: output, encoding: .utf8)
    let material = try #require(used.material)
    for role in ["primary", "onPrimary"] {
      let light = try #require(material.light.first { $0.key == role }).color
      let dark = try #require(material.dark.first { $0.key == role }).color
      let name = role == "primary" ? "primary" : "on-primary"
      #expect(
        css.contains(
          "--color-crawl-blue-dragon-\(name): light-dark(\(light.cssHex), \(dark.cssHex));"),
        "\(role)")
    }
    #expect(css.contains("color-scheme: dark"))
    #expect(!css.contains("copy"), "an unused sprite's colour was kept")
    #expect(inputSize > 1_000_000, "the export should be a catalogue's: \(inputSize) bytes")
    // Tailwind's own base styles are about 5 KB; a leak of unused colours is megabytes.
    #expect(css.utf8.count < 12_000, "\(css.utf8.count) bytes")
  }
}
