import Foundation
import SpriteTheme
import Testing
import _SpriteTestSupport

/// The README's library snippet (the `swift` block under "Using the library"), read from
/// README.md on every run: this test runs the same lines and checks that they print what the
/// README's comments say, so an edit to either side that makes them differ fails.
@Suite("README examples")
struct ReadmeExamplesTests {
  /// The lines of the first ```` ```swift ```` block after the heading `heading` in README.md.
  static func swiftBlock(after heading: String) throws -> [String] {
    let readme = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let section = try #require(lines.firstIndex(of: heading), "README.md has no '\(heading)'")
    let open = try #require(
      lines[section...].firstIndex(of: "```swift"), "no swift block under '\(heading)'")
    let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
    return Array(lines[(open + 1)..<close])
  }

  /// The lines between `// --- README ---` and `// --- end ---` in this file: the code the test
  /// runs, trimmed.
  static func testedLines() throws -> [String] {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let start = try #require(lines.firstIndex(of: "// --- README ---"))
    let end = try #require(lines[start...].firstIndex(of: "// --- end ---"))
    return Array(lines[(start + 1)..<end])
  }

  /// The string literal of `line` (the first `"..."` in it).
  static func literal(in line: String) throws -> String {
    let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
    try #require(parts.count >= 3, "no string literal in \(line)")
    return String(parts[1])
  }

  @Test("the ThemePipeline snippet in README.md runs as written and prints what it says")
  func pipelineSnippet() throws {
    let readme = try Self.swiftBlock(after: "## Using the library").filter { !$0.isEmpty }
    // The README's first two lines: the import (this file's), and the sprite to read, relative
    // to the checkout; the test reads it from there.
    try #require(readme.count > 2)
    #expect(readme[0] == "import SpriteTheme")
    try #require(readme[1].hasPrefix("let path: FilePath = \""))
    let path = FilePath(
      Fixtures.packageRoot.appendingPathComponent(try Self.literal(in: readme[1])).path)
    try #require(
      FileManager.default.fileExists(atPath: path.string), "the README's sprite: \(path)")
    // The file the README writes goes to the test's folder: its literal is `output` here.
    let written = try Self.literal(in: try #require(readme.last { $0.contains("writeAtomically") }))
    let directory = try TemporaryDirectory()
    let output = FilePath(directory.url.appendingPathComponent(written).path)
    let readmeCode = readme.dropFirst(2).map {
      $0.replacingOccurrences(of: "\"\(written)\"", with: "output")
    }
    #expect(Array(readmeCode) == (try Self.testedLines()), "README.md and this test differ")

    var printed = [String]()
    /// The snippet's `print`, recorded to compare with the README's comments.
    func print(_ item: Any) { printed.append("\(item)") }

    // --- README ---
    let pipeline = ThemePipeline(configuration: .init(extent: .centre))
    let sprite = try pipeline.analyze(fileAt: path)
    print(sprite.theme.average.hex ?? "transparent")  // #172f72
    print(sprite.theme.seed.premultiplied)  // SIMD4<Int>(1, 20, 57, 239)
    let json = ThemeEncoder.encode(sprite.theme)  // stable bytes, sorted keys
    let png = try pipeline.thumbnailPNG(of: sprite.image, size: 96, source: "blue-dragon")
    try FileIO.writeAtomically(png, to: output)
    // --- end ---

    // What each print line of the README says it prints, after its `//`.
    let claimed = readme.filter { $0.hasPrefix("print(") }.compactMap { line in
      line.range(of: "  // ").map { String(line[$0.upperBound...]) }
    }
    #expect(claimed.count == 2)
    #expect(printed == claimed)
    #expect(json.first == UInt8(ascii: "{"))
    #expect(try PNGDecoder().readHeader(FileIO.read(output)) == (96, 96))
  }
}
