import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("HCT and CAM16 against materialyoucolor 3.0.4")
struct HCTTests {
  static let records = MaterialGoldens.records("hct.txt")

  @Test("hue, chroma and tone of every golden colour agree to 1e-9")
  func matchesPython() {
    #expect(Self.records.count >= 300)
    var worst = 0.0
    for r in Self.records {
      let hct = HCT(MaterialGoldens.color(r[0]))
      let expected = (Double(r[1])!, Double(r[2])!, Double(r[3])!)
      let hueError = MaterialMath.differenceDegrees(hct.hue, expected.0)
      worst = max(worst, hueError, abs(hct.chroma - expected.1), abs(hct.tone - expected.2))
      if expected.1 < 1e-6 { continue }  // a grey's hue is arbitrary
      #expect(hueError < 1e-9, "hue of \(r[0])")
    }
    #expect(worst < 1e-9)
  }

  @Test("#1D5BEE is hue 273.80, chroma 72.54, tone 44.11 (ALGORITHMS.md section 5)")
  func verifiedSeed() {
    let hct = HCT(RGBA8(r: 0x1D, g: 0x5B, b: 0xEE))
    #expect(abs(hct.hue - 273.80) < 0.005)
    #expect(abs(hct.chroma - 72.54) < 0.005)
    #expect(abs(hct.tone - 44.11) < 0.005)
  }

  @Test("solving a colour's own hue, chroma and tone returns the colour", arguments: [0, 1, 2, 3])
  func roundTrip(part: Int) {
    var failures: [String] = []
    // Every 5th value per channel, split into four parts for parallel runs.
    for r in stride(from: part * 5, through: 255, by: 20) {
      for g in stride(from: 0, through: 255, by: 5) {
        for b in stride(from: 0, through: 255, by: 5) {
          let color = RGBA8(r: UInt8(r), g: UInt8(g), b: UInt8(b))
          let hct = HCT(color)
          let solved = HCT.solve(hue: hct.hue, chroma: hct.chroma, tone: hct.tone)
          if solved != color { failures.append("\(color.hex) -> \(solved.hex)") }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
  }

  @Test("a chroma beyond the gamut keeps hue and tone and gives the most chroma available")
  func outOfGamut() {
    let hct = HCT(hue: 120, chroma: 200, tone: 50)
    #expect(abs(hct.tone - 50) < 0.5)
    #expect(MaterialMath.differenceDegrees(hct.hue, 120) < 2)
    #expect(hct.chroma < 200)
    let lessChroma = HCT(hue: 120, chroma: hct.chroma - 10, tone: 50)
    #expect(lessChroma.chroma < hct.chroma)
  }

  @Test("zero chroma and the tone extremes give greys, black and white")
  func greys() {
    #expect(HCT.solve(hue: 10, chroma: 0, tone: 0) == RGBA8(r: 0, g: 0, b: 0))
    #expect(HCT.solve(hue: 10, chroma: 50, tone: 100) == RGBA8(r: 255, g: 255, b: 255))
    let grey = HCT.solve(hue: 200, chroma: 0, tone: 50)
    #expect(grey.r == grey.g && grey.g == grey.b)
  }
}
