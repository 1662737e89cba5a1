import Foundation
import SpriteReport
import SystemPackage
import Testing
import _SpriteTestSupport

/// `ReportWriter`: the files it writes, what the data file says, and its errors.
@Suite("Report writer")
struct ReportWriterTests {
  /// The data file's JSON object (after `window.SPRITE_REPORT = ` and before `;`).
  static func data(in directory: URL) throws -> [String: Any] {
    let text = try String(
      contentsOf: directory.appendingPathComponent("report/data.js"), encoding: .utf8)
    let prefix = "window.SPRITE_REPORT = "
    #expect(text.hasPrefix(prefix) && text.hasSuffix(";\n"))
    let json = text.dropFirst(prefix.count).dropLast(2)
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// The theme file of `name`, read with `JSONSerialization`.
  static func theme(_ name: String, in directory: URL) throws -> [String: Any] {
    try JSONSerialization.jsonObject(
      with: Data(contentsOf: directory.appendingPathComponent("themes/\(name).json")))
      as! [String: Any]
  }

  @Test("four files; every sprite's colours and schemes as its theme says; pictures that resolve")
  func dataMatchesThemes() throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url)
    let outcome = try ReportWriter.write(directory: FilePath(fixture.url.path))
    #expect(outcome.sprites == 51 && outcome.unreadable.isEmpty && outcome.runFailures.isEmpty)
    let files = try FileManager.default.contentsOfDirectory(
      atPath: fixture.url.appendingPathComponent("report").path)
    #expect(files.sorted() == ["data.js", "index.html", "report.css", "report.js"])

    let data = try Self.data(in: fixture.url)
    let roles = try #require(data["roles"] as? [String])
    #expect(roles.count == 49 && Set(roles).count == 49)
    let sprites = try #require(data["sprites"] as? [[String: Any]])
    #expect(sprites.map { $0["name"] as? String } == fixture.names)
    let reportFolder = fixture.url.appendingPathComponent("report/")
    var withMaterial = 0
    for sprite in sprites {
      let name = try #require(sprite["name"] as? String)
      let theme = try Self.theme(name, in: fixture.url)
      let card = theme["card"] as? [String: Any]
      #expect(sprite["card"] as? String == card?["background"] as? String, "\(name)")
      #expect(sprite["cardText"] as? String == (card?["text"] as? [String: Any])?["hex"] as? String)
      let palette = try #require(sprite["palette"] as? [[Any]])
      let themePalette = try #require(theme["palette"] as? [[String: Any]])
      #expect(palette.map { $0[0] as? String } == themePalette.map { $0["hex"] as? String })
      let swatches = try #require(sprite["swatches"] as? [[String: Any]])
      let themeSwatches = try #require(theme["swatches"] as? [String: Any])
      for swatch in swatches {
        let key = try #require(swatch["name"] as? String)
        #expect(
          swatch["hex"] as? String == (themeSwatches[key] as? [String: Any])?["hex"] as? String)
      }
      if let material = theme["material"] as? [String: Any] {
        withMaterial += 1
        let schemes = try #require(material["schemes"] as? [String: [String: String]])
        for mode in ["light", "dark"] {
          let packed = try #require(sprite[mode] as? String)
          #expect(packed.count == 49 * 6)
          for (i, role) in roles.enumerated() {
            let start = packed.index(packed.startIndex, offsetBy: i * 6)
            let hex = "#" + packed[start..<packed.index(start, offsetBy: 6)]
            #expect(hex == schemes[mode]?[role]?.lowercased(), "\(name) \(mode) \(role)")
          }
        }
      }
      #expect(sprite["path"] as? String == (theme["source"] as? [String: Any])?["path"] as? String)
      // A thumbnail's URL resolves from the page's folder to a file inside the output folder;
      // the sample PNGs outside it are not linked.
      guard (theme["thumbnails"] as? [Any])?.isEmpty == false else {
        #expect(sprite["image"] == nil, "\(name) links a picture outside the folder")
        continue
      }
      let image = try #require(sprite["image"] as? String, "\(name) has a picture")
      #expect(image.hasPrefix("../thumbs/"))
      let resolved = try #require(URL(string: image, relativeTo: reportFolder)).standardizedFileURL
      #expect(FileManager.default.fileExists(atPath: resolved.path), "\(image)")
    }
    #expect(withMaterial > 40)
  }

  @Test("the same themes give byte-identical files, and no temporary file is left")
  func deterministic() throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, count: 20)
    let folder = fixture.url.appendingPathComponent("report")
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path))
    let first = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path + "/"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count == 4, "\(names)")
    #expect(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) } == first)
  }

  @Test("an unreadable theme and a failed input are listed; the other sprites are shown")
  func unreadableTheme() throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, count: 5, broken: true)
    let outcome = try ReportWriter.write(directory: FilePath(fixture.url.path))
    #expect(outcome.sprites == 5)
    #expect(outcome.unreadable.count == 1)
    let failure = try #require(outcome.unreadable.first)
    #expect(failure.source == "themes/zz-broken.json")
    #expect(failure.description.hasPrefix("themes/zz-broken.json: not a theme file"))
    #expect(!failure.description.contains("\n"))
    #expect(outcome.runFailures.map(\.description) == ["sprites/<bad>.png: decode: not a PNG file"])
    let failures = try #require(try Self.data(in: fixture.url)["failures"] as? [[String: String]])
    #expect(failures.map { $0["source"] } == ["themes/zz-broken.json", "sprites/<bad>.png"])
  }

  @Test("a theme path outside themes/ is refused, not read")
  func themePathEscaping() throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, count: 2)
    let indexURL = fixture.url.appendingPathComponent("index.json")
    var index = try JSONSerialization.jsonObject(with: Data(contentsOf: indexURL)) as! [String: Any]
    var entries = index["entries"] as! [[String: Any]]
    try FileManager.default.copyItem(
      at: fixture.url.appendingPathComponent("themes/\(fixture.names[0]).json"),
      to: directory.url.appendingPathComponent("outside.json"))
    entries[1]["theme"] = "themes/../../outside.json"
    index["entries"] = entries
    try JSONSerialization.data(withJSONObject: index).write(to: indexURL)
    let outcome = try ReportWriter.write(directory: FilePath(fixture.url.path))
    #expect(outcome.sprites == 1)
    #expect(
      outcome.unreadable.map(\.description) == ["themes/../../outside.json: not a file in themes/"])
  }

  @Test("a folder without index.json or themes/ is not an output directory, named in one line")
  func notAnOutputDirectory() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.url.appendingPathComponent("missing").path
    #expect(throws: ReportError.notAnOutputDirectory(path: missing, reason: "no such folder")) {
      try ReportWriter.write(directory: FilePath(missing))
    }
    #expect(
      throws: ReportError.notAnOutputDirectory(
        path: directory.url.path, reason: "no readable index.json")
    ) {
      try ReportWriter.write(directory: FilePath(directory.url.path))
    }
    try Data("{\"entries\": 3}".utf8).write(to: directory.url.appendingPathComponent("index.json"))
    do {
      _ = try ReportWriter.write(directory: FilePath(directory.url.path))
      Issue.record("a bad index was accepted")
    } catch {
      #expect(error.description.hasPrefix("\(directory.url.path): not an output directory"))
      #expect(error.description.contains("index.json is not an index: entries"))
    }
    let fixture = try ReportFixtures.write(into: directory.url, count: 1)
    try FileManager.default.removeItem(at: fixture.url.appendingPathComponent("themes"))
    #expect(
      throws: ReportError.notAnOutputDirectory(
        path: directory.url.path, reason: "no themes/ folder")
    ) {
      try ReportWriter.write(directory: FilePath(directory.url.path))
    }
  }

  @Test("the page escapes the folder's name; the data file keeps any name as JSON text")
  func escaping() throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("a <b> & \"c\" 'd'")
    let fixture = try ReportFixtures.write(into: out, count: 1)
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path))
    let page = try String(
      contentsOf: out.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(page.contains("Sprite report: a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;</title>"))
    #expect(!page.contains("<b>"))
    #expect(try Self.data(in: out)["title"] as? String == "a <b> & \"c\" 'd'")
  }

  @Test(
    "a source path with spaces, # and ? inside the folder becomes a percent-encoded relative URL")
  func sourceURLs() throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(
      into: directory.url.appendingPathComponent("out"), count: 2)
    let odd = fixture.url.appendingPathComponent("my sprites/a#b?c%d é.png")
    try FileManager.default.createDirectory(
      at: odd.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Fixtures.sampleSpriteFiles()[1], to: odd)
    let themeURL = fixture.url.appendingPathComponent("themes/\(fixture.names[1]).json")
    var theme = try JSONSerialization.jsonObject(with: Data(contentsOf: themeURL)) as! [String: Any]
    var source = theme["source"] as! [String: Any]
    source["path"] = odd.path
    theme["source"] = source
    theme["thumbnails"] = []
    try JSONSerialization.data(withJSONObject: theme).write(to: themeURL)
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path))
    let sprites = try #require(try Self.data(in: fixture.url)["sprites"] as? [[String: Any]])
    let image = try #require(sprites[1]["image"] as? String)
    #expect(image == "../my%20sprites/a%23b%3Fc%25d%20%C3%A9.png")
    let resolved = URL(string: image, relativeTo: fixture.url.appendingPathComponent("report/"))
    #expect(resolved?.standardizedFileURL.path == odd.path)
  }

  @Test("a source outside the folder is not linked; with embedImages it is a data: URI")
  func outsideSources() throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(into: directory.url, count: 2)
    // Sprite 0 has a thumbnail inside the folder, sprite 1 only its sample PNG outside it.
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path))
    var sprites = try #require(try Self.data(in: fixture.url)["sprites"] as? [[String: Any]])
    #expect(sprites[0]["image"] as? String == "../thumbs/\(fixture.names[0])-32.png")
    #expect(sprites[1]["image"] == nil && sprites[1]["path"] as? String != nil)

    _ = try ReportWriter.write(directory: FilePath(fixture.url.path), embedImages: true)
    sprites = try #require(try Self.data(in: fixture.url)["sprites"] as? [[String: Any]])
    for (sprite, png) in zip(sprites, Fixtures.sampleSpriteFiles().prefix(2)) {
      let image = try #require(sprite["image"] as? String)
      let prefix = "data:image/png;base64,"
      #expect(image.hasPrefix(prefix))
      #expect(
        Data(base64Encoded: String(image.dropFirst(prefix.count))) == (try Data(contentsOf: png)))
    }
    let page = try String(
      contentsOf: fixture.url.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(page.contains("<style>") && page.contains("window.SPRITE_REPORT = "))
    #expect(!page.contains("src=\"data.js\"") && !page.contains("href=\"report.css\""))
  }

  @Test("with embedImages a source path holding </script> cannot close the page's script")
  func inlineDataIsEscaped() throws {
    let directory = try TemporaryDirectory()
    let fixture = try ReportFixtures.write(
      into: directory.url.appendingPathComponent("out"), count: 2)
    // The folder `a<` and the file `script>b.png`: the path reads `.../a</script>b.png`.
    let odd = directory.url.appendingPathComponent("a<").appendingPathComponent("script>b.png")
    try FileManager.default.createDirectory(
      at: odd.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Fixtures.sampleSpriteFiles()[1], to: odd)
    let themeURL = fixture.url.appendingPathComponent("themes/\(fixture.names[1]).json")
    var theme = try JSONSerialization.jsonObject(with: Data(contentsOf: themeURL)) as! [String: Any]
    var source = theme["source"] as! [String: Any]
    source["path"] = odd.path
    theme["source"] = source
    try JSONSerialization.data(withJSONObject: theme).write(to: themeURL)
    _ = try ReportWriter.write(directory: FilePath(fixture.url.path), embedImages: true)
    let page = try String(
      contentsOf: fixture.url.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(odd.path.contains("</script>"))
    #expect(!page.contains("a</script>b") && page.contains("a\\u003c/script>b.png"))
    #expect(try Self.data(in: fixture.url)["sprites"].map { "\($0)" }?.contains(odd.path) == true)
  }
}
