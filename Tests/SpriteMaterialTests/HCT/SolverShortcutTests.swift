import SpriteCore
import Testing

@testable import SpriteMaterial

/// The solver's shortcuts give MCU's formulas bit for bit: the critical planes' table against
/// `pow`, and the whole solver against ``ReferenceHCTSolver``.
@Suite("HCT solver shortcuts are exact")
struct SolverShortcutTests {
  /// Linear values around every critical plane: a few ulps either side, and either side of the
  /// table's margin.
  static let nearPlanes: [Double] = CriticalPlanes.planes.flatMap { plane in
    var values = [plane]
    var below = plane
    var above = plane
    for _ in 0..<4 {
      below = below.nextDown
      above = above.nextUp
      values += [below, above]
    }
    for factor in [1 - 1e-6, 1, 1 + 1e-6, 10] {
      let offset = plane * CriticalPlanes.margin * factor
      values += [plane - offset, plane + offset]
    }
    return values
  }

  /// `count` values in -1...101 spread evenly without a pattern (a Weyl sequence).
  static func spread(_ count: Int, seed: Double = 0) -> [Double] {
    (0..<count).map { i in
      let fraction = (seed + Double(i) * 0.618_033_988_749_894_9).truncatingRemainder(dividingBy: 1)
      return -1 + 102 * fraction
    }
  }

  @Test("an 8-bit value counted among the planes is the formula's, near every plane too")
  func delinearizedByCount() {
    var failures: [String] = []
    var trusted = 0
    let values =
      Self.nearPlanes + Self.spread(200_000) + [
        0, -0.0, -1e-300, 1e-300, 100, 100.01, 1e6, .infinity,
      ]
    for value in values {
      let formula = MaterialColorSpace.delinearizedByFormula(value)
      if MaterialColorSpace.delinearized(value) != formula { failures.append("\(value)") }
      if let count = CriticalPlanes.count(atOrBelow: value) {
        trusted += 1
        if count != Int(formula) { failures.append("count \(count) at \(value)") }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
    #expect(trusted > 200_000)
    #expect(CriticalPlanes.count(atOrBelow: .nan) == nil)
  }

  @Test("the planes around a component are MCU's floor and ceiling of its encoding - 0.5")
  func planeIndices() {
    var failures: [String] = []
    for value in Self.nearPlanes + Self.spread(100_000, seed: 0.25) where value >= 0 && value <= 100
    {
      guard let count = CriticalPlanes.count(atOrBelow: value) else { continue }
      let scaled = ReferenceHCTSolver.trueDelinearized(value) - 0.5
      if Double(count - 1) != scaled.rounded(.down) || Double(count) != scaled.rounded(.up) {
        failures.append("\(value): \(count)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
  }

  @Test("the solver gives the reference solver's colour", arguments: [0, 1, 2, 3])
  func solverMatchesReference(part: Int) {
    var failures: [String] = []
    let chromas: [Double] = [0, 0.00005, 0.5, 2, 4, 6, 8, 12, 16, 24, 32, 36, 48, 64, 84, 120, 200]
    // Every integer tone (the schemes' usual ones) and fractional tones, over many hues.
    var tones = (0...100).map(Double.init)
    tones += Self.spread(60, seed: 0.5 + Double(part) / 8).map { $0 * 100 / 102 + 100 / 102 }
    for hue in stride(from: Double(part) * 1.9, to: 360, by: 7.6) {
      let prepared = HCTSolver.PreparedHue(degrees: hue)
      for chroma in chromas {
        for tone in tones {
          let expected = ReferenceHCTSolver.solve(hue: hue, chroma: chroma, tone: tone)
          if HCTSolver.solve(hue: hue, chroma: chroma, tone: tone) != expected
            || HCTSolver.solve(hue: prepared, chroma: chroma, tone: tone) != expected
          {
            failures.append("h \(hue) c \(chroma) t \(tone)")
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
  }

  @Test("the solver gives the reference solver's colour for hues, chromas and tones at random")
  func solverMatchesReferenceSpread() {
    let hues = Self.spread(40_000, seed: 0.1)
    let chromas = Self.spread(40_000, seed: 0.2)
    let tones = Self.spread(40_000, seed: 0.3)
    var failures: [String] = []
    for i in hues.indices {
      let hue = (hues[i] + 1) * 360 / 102
      let chroma = (chromas[i] + 1) * 150 / 102
      let tone = tones[i]
      if HCTSolver.solve(hue: hue, chroma: chroma, tone: tone)
        != ReferenceHCTSolver.solve(hue: hue, chroma: chroma, tone: tone)
      {
        failures.append("h \(hue) c \(chroma) t \(tone)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
  }
}
