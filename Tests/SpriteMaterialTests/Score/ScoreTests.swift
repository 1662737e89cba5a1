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

  /// MCU's loop as written: every whole difference from 90 down to 15.
  static func rankEveryDifference(_ sorted: [Score.Candidate], desired: Int) -> [RGBA8] {
    var chosen: [HCT] = []
    for minimumDifference in stride(from: 90, through: 15, by: -1) {
      chosen.removeAll()
      for candidate in sorted {
        let duplicateHue = chosen.contains {
          MaterialMath.differenceDegrees(candidate.hct.hue, $0.hue) < Double(minimumDifference)
        }
        if !duplicateHue { chosen.append(candidate.hct) }
        if chosen.count >= desired { break }
      }
      if chosen.count >= desired { break }
    }
    return chosen.map(\.color)
  }

  @Test("trying only the differences where a pair of hues changes ranks as MCU's loop does")
  func rankSkipsDifferencesThatChangeNothing() {
    var checked = 0
    var step = 0.0
    func next() -> Double {
      step += 0.618_033_988_749_894_9
      return step.truncatingRemainder(dividingBy: 1)
    }
    for count in 0...16 {
      for spreadDegrees in [4.0, 20, 45, 100, 200, 360] {
        for _ in 0..<40 {
          let base = next() * 360
          let candidates = (0..<count).map { _ in
            let hue = base + next() * spreadDegrees
            let hct = HCT(hue: hue, chroma: 20 + next() * 60, tone: 30 + next() * 40)
            return Score.Candidate(hct: hct, excitedProportion: 0.5, score: 1)
          }
          for desired in [0, 1, 2, 4, 6] {
            #expect(
              Score.rank(candidates: candidates, desired: desired)
                == Self.rankEveryDifference(candidates, desired: desired),
              "hues \(candidates.map(\.hct.hue)) desired \(desired)")
            checked += 1
          }
        }
      }
    }
    #expect(checked == 17 * 6 * 40 * 5)
  }
}
