import Foundation
import SpriteTheme
import Testing
import _SpriteTestSupport

@testable import sprite_theme

/// `analyze`'s readable summary.
@Suite("analyze's summary")
struct SummaryTests {
  /// The theme of every sample under `configuration`.
  static func themes(_ configuration: ThemePipeline.Configuration) -> [Theme] {
    let pipeline = ThemePipeline(configuration: configuration)
    return Fixtures.sampleSpriteFiles().compactMap {
      try? pipeline.analyze(fileAt: FilePath($0.path)).theme
    }
  }

  /// Every sample's theme with the default options, analysed once for all the tests.
  static let plainThemes = themes(.init())

  /// Every sample's theme with a long extent and 64 palette colours: long lines to wrap.
  static let wideThemes = themes(
    .init(extent: .coreImage(x: 1.5, y: 2.25, width: 20.125, height: 30.5), paletteSize: 64))

  /// The columns `line` takes on a terminal: its characters less the colour escape codes.
  static func columns(_ line: String) -> Int {
    line.replacing(/\u{1B}\[[0-9;]*m/, with: "").count
  }

  @Test(
    "every sample's summary fits 80 columns, with and without swatches, and shows the dominant colour",
    arguments: [false, true])
  func fitsEightyColumns(colour: Bool) throws {
    #expect(Self.plainThemes.count == Fixtures.sampleSpriteFiles().count)
    #expect(Self.wideThemes.count == Self.plainThemes.count)
    for theme in Self.plainThemes + Self.wideThemes {
      let lines = Summary(theme: theme, colour: colour).lines
      for line in lines {
        #expect(Self.columns(line) <= 80, "\(theme.source.name): \(Self.columns(line)): \(line)")
      }
      let dominant = try #require(lines.first { $0.hasPrefix("  dominant ") })
      #expect(dominant.contains(try #require(theme.dominant?.hex)), "\(dominant)")
      // Every palette colour is still listed, each once.
      let text = lines.joined(separator: "\n")
      for colour in theme.palette { #expect(text.contains("\(colour.hex) "), "\(colour.hex)") }
      #expect(text.contains("\u{1B}[48;2;") == colour)
    }
  }

  @Test("a swatch takes four columns, and its colour is the hex beside it")
  func swatches() throws {
    let theme = try #require(Self.plainThemes.first { $0.dominant != nil })
    let lines = Summary(theme: theme, colour: true).lines
    let dominant = try #require(lines.first { $0.hasPrefix("  dominant ") })
    let hex = try #require(theme.dominant?.hex)
    let value = try #require(Int(hex.dropFirst(), radix: 16))
    let paint = "\u{1B}[48;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)m  \u{1B}[0m  "
    #expect(dominant.contains(paint + hex))
    let plain = Summary(theme: theme, colour: false).lines
    let plainDominant = try #require(plain.first { $0.hasPrefix("  dominant ") })
    #expect(Self.columns(dominant) == plainDominant.count + 4)
  }

  @Test("a long path keeps its end, and the size goes to a line of its own")
  func longPath() throws {
    var theme = try #require(Self.plainThemes.first)
    let path = String(repeating: "deep/", count: 30) + "sprite.png"
    theme.source.path = path
    let lines = Summary(theme: theme, colour: false).lines
    #expect(lines[0].count == 80 && lines[0].hasPrefix("…") && path.hasSuffix(lines[0].dropFirst()))
    #expect(lines[1].hasPrefix("  \(theme.source.width) x \(theme.source.height) px"))
  }

  @Test("wrapping fills each line to 80 columns and indents the lines after the first")
  func wrapping() {
    let cells = (0..<30).map { Summary.Cell("item\($0)") }
    let lines = Summary.wrap(Summary.Cell("  label  "), cells, separator: "  ", indent: 9)
    #expect(lines.count > 1)
    for (number, line) in lines.enumerated() {
      #expect(line.count <= 80)
      if number > 0 { #expect(line.hasPrefix(String(repeating: " ", count: 9) + "item")) }
      // The next item would not have fitted.
      if number < lines.count - 1 {
        let next = lines[number + 1].split(separator: " ").first!
        #expect(line.count + 2 + next.count > 80)
      }
    }
    #expect(lines.joined().split(separator: " ").filter { $0.hasPrefix("item") }.count == 30)
  }

  @Test(
    "the accent and the Material source show beside the variant, contrast and primaries",
    arguments: [false, true])
  func materialRows(colour: Bool) throws {
    var withoutAccent = 0
    for theme in Self.plainThemes {
      let lines = Summary(theme: theme, colour: colour).lines
      let plain = lines.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
      let material = try #require(theme.material, "\(theme.source.name)")
      let accent = try #require(plain.first { $0.hasPrefix("  accent ") }, "\(theme.source.name)")
      if let hex = theme.accent?.hex {
        #expect(accent.contains(hex))
      } else {
        #expect(accent.contains("none") && accent.contains("no chromatic colour"))
        withoutAccent += 1
      }
      let row = try #require(plain.firstIndex { $0.hasPrefix("  material ") })
      #expect(
        plain[row].contains(material.source)
          && plain[row].contains("\(material.variant), contrast 0"))
      #expect(["tonalSpot", "monochrome"].contains(material.variant))
      #expect(plain[row + 1].contains(material.schemes.light["primary"]!))
      #expect(plain[row + 1].contains("primary (light)"))
      #expect(plain[row + 2].contains(material.schemes.dark["primary"]!))
    }
    #expect(withoutAccent > 0 && withoutAccent < Self.plainThemes.count)
  }
}
