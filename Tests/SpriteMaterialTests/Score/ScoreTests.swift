import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("Score ranks source colours as materialyoucolor 3.0.4 does")
struct ScoreTests {
  /// `RRGGBB:weight ... -> RRGGBB ...` lines of `score.txt`.
  static let cases: [(populations: [(color: RGBA8, population: Double)], expected: [String])] =
    MaterialGoldens.records("score.txt").map { record in
      let arrow = record.firstIndex(of: "->")!
      let populations = record[..<arrow].map { item in
        let parts = item.split(separator: ":")
        return (color: MaterialGoldens.color(parts[0]), population: Double(parts[1])!)
      }
      return (populations, record[(arrow + 1)...].map(String.init))
    }

  @Test("the ranking of every synthetic population equals the Python package's")
  func matchesPython() {
    #expect(Self.cases.count >= 6)
    for c in Self.cases {
      let ranked = Score.rank(c.populations).map(MaterialGoldens.hex)
      #expect(ranked == c.expected, "populations \(c.populations.map { $0.color.hex })")
    }
  }

  @Test("the ranking of a palette uses alpha-weighted weights and equals the list's ranking")
  func paletteRanking() {
    for c in Self.cases {
      let palette = Palette(weights: c.populations.map { ($0.color, Int($0.population) * 255) })
      #expect(Score.rank(palette).map(MaterialGoldens.hex) == c.expected)
    }
  }

  @Test("greys alone give no candidates: there is no stock-blue fallback")
  func noFallback() {
    let greys: [(color: RGBA8, population: Double)] = [
      (RGBA8(r: 128, g: 128, b: 128), 10), (RGBA8(r: 0, g: 0, b: 0), 5),
      (RGBA8(r: 255, g: 255, b: 255), 3),
    ]
    #expect(Score.rank(greys).isEmpty)
    #expect(Score.rank([]).isEmpty)
  }

  @Test("a colour whose hue family holds at most 1% of the sprite is not a candidate")
  func excitedProportionCutoff() {
    let colors: [(color: RGBA8, population: Double)] = [
      (RGBA8(r: 0, g: 0, b: 0), 990), (RGBA8(r: 255, g: 0, b: 0), 10),
    ]
    #expect(Score.rank(colors).isEmpty)
    let more: [(color: RGBA8, population: Double)] = [
      (RGBA8(r: 0, g: 0, b: 0), 989), (RGBA8(r: 255, g: 0, b: 0), 11),
    ]
    #expect(Score.rank(more) == [RGBA8(r: 255, g: 0, b: 0)])
  }
}
