import SpriteCore
import Testing

/// One row of Sharma, Wu and Dalal's Table 1: two CIELAB colours and their ΔE₀₀.
struct SharmaPair: Sendable, CustomTestStringConvertible {
  let number: Int
  let first: (l: Double, a: Double, b: Double)
  let second: (l: Double, a: Double, b: Double)
  let expected: Double

  var testDescription: String { "pair \(number)" }
  var lhs: CIELab { CIELab(l: first.l, a: first.a, b: first.b) }
  var rhs: CIELab { CIELab(l: second.l, a: second.a, b: second.b) }
}

/// Table 1 of G. Sharma, W. Wu and E. N. Dalal, "The CIEDE2000 Color-Difference Formula:
/// Implementation Notes, Supplementary Test Data, and Mathematical Observations", Color Research
/// and Application 30(1), 21-30 (2005); also published with the paper's data at
/// http://www2.ece.rochester.edu/~gsharma/ciede2000/. Published reference data, four decimals.
let sharmaTable1: [SharmaPair] = [
  SharmaPair(number: 1, first: (50, 2.6772, -79.7751), second: (50, 0, -82.7485), expected: 2.0425),
  SharmaPair(number: 2, first: (50, 3.1571, -77.2803), second: (50, 0, -82.7485), expected: 2.8615),
  SharmaPair(number: 3, first: (50, 2.8361, -74.0200), second: (50, 0, -82.7485), expected: 3.4412),
  SharmaPair(
    number: 4, first: (50, -1.3802, -84.2814), second: (50, 0, -82.7485), expected: 1.0000),
  SharmaPair(
    number: 5, first: (50, -1.1848, -84.8006), second: (50, 0, -82.7485), expected: 1.0000),
  SharmaPair(
    number: 6, first: (50, -0.9009, -85.5211), second: (50, 0, -82.7485), expected: 1.0000),
  SharmaPair(number: 7, first: (50, 0, 0), second: (50, -1, 2), expected: 2.3669),
  SharmaPair(number: 8, first: (50, -1, 2), second: (50, 0, 0), expected: 2.3669),
  SharmaPair(
    number: 9, first: (50, 2.4900, -0.0010), second: (50, -2.4900, 0.0009), expected: 7.1792),
  SharmaPair(
    number: 10, first: (50, 2.4900, -0.0010), second: (50, -2.4900, 0.0010), expected: 7.1792),
  SharmaPair(
    number: 11, first: (50, 2.4900, -0.0010), second: (50, -2.4900, 0.0011), expected: 7.2195),
  SharmaPair(
    number: 12, first: (50, 2.4900, -0.0010), second: (50, -2.4900, 0.0012), expected: 7.2195),
  SharmaPair(
    number: 13, first: (50, -0.0010, 2.4900), second: (50, 0.0009, -2.4900), expected: 4.8045),
  SharmaPair(
    number: 14, first: (50, -0.0010, 2.4900), second: (50, 0.0010, -2.4900), expected: 4.8045),
  SharmaPair(
    number: 15, first: (50, -0.0010, 2.4900), second: (50, 0.0011, -2.4900), expected: 4.7461),
  SharmaPair(number: 16, first: (50, 2.5, 0), second: (50, 0, -2.5), expected: 4.3065),
  SharmaPair(number: 17, first: (50, 2.5, 0), second: (73, 25, -18), expected: 27.1492),
  SharmaPair(number: 18, first: (50, 2.5, 0), second: (61, -5, 29), expected: 22.8977),
  SharmaPair(number: 19, first: (50, 2.5, 0), second: (56, -27, -3), expected: 31.9030),
  SharmaPair(number: 20, first: (50, 2.5, 0), second: (58, 24, 15), expected: 19.4535),
  SharmaPair(number: 21, first: (50, 2.5, 0), second: (50, 3.1736, 0.5854), expected: 1.0000),
  SharmaPair(number: 22, first: (50, 2.5, 0), second: (50, 3.2972, 0), expected: 1.0000),
  SharmaPair(number: 23, first: (50, 2.5, 0), second: (50, 1.8634, 0.5757), expected: 1.0000),
  SharmaPair(number: 24, first: (50, 2.5, 0), second: (50, 3.2592, 0.3350), expected: 1.0000),
  SharmaPair(
    number: 25, first: (60.2574, -34.0099, 36.2677), second: (60.4626, -34.1751, 39.4387),
    expected: 1.2644),
  SharmaPair(
    number: 26, first: (63.0109, -31.0961, -5.8663), second: (62.8187, -29.7946, -4.0864),
    expected: 1.2630),
  SharmaPair(
    number: 27, first: (61.2901, 3.7196, -5.3901), second: (61.4292, 2.2480, -4.9620),
    expected: 1.8731),
  SharmaPair(
    number: 28, first: (35.0831, -44.1164, 3.7933), second: (35.0232, -40.0716, 1.5901),
    expected: 1.8645),
  SharmaPair(
    number: 29, first: (22.7233, 20.0904, -46.6940), second: (23.0331, 14.9730, -42.5619),
    expected: 2.0373),
  SharmaPair(
    number: 30, first: (36.4612, 47.8580, 18.3852), second: (36.2715, 50.5065, 21.2231),
    expected: 1.4146),
  SharmaPair(
    number: 31, first: (90.8027, -2.0831, 1.4410), second: (91.1528, -1.6435, 0.0447),
    expected: 1.4441),
  SharmaPair(
    number: 32, first: (90.9257, -0.5406, -0.9208), second: (88.6381, -0.8985, -0.7239),
    expected: 1.5381),
  SharmaPair(
    number: 33, first: (6.7747, -0.2908, -2.4247), second: (5.8714, -0.0985, -2.2286),
    expected: 0.6377),
  SharmaPair(
    number: 34, first: (2.0776, 0.0795, -1.1350), second: (0.9033, -0.0636, -0.5514),
    expected: 0.9082),
]

@Suite("CIEDE2000")
struct CIEDE2000Tests {
  @Test("the table has all 34 pairs of Sharma, Wu and Dalal's Table 1")
  func tableIsComplete() {
    #expect(sharmaTable1.count == 34)
    #expect(sharmaTable1.map(\.number) == Array(1...34))
  }

  @Test("reproduces Sharma, Wu and Dalal (2005) Table 1 to four decimals", arguments: sharmaTable1)
  func sharmaTable(pair: SharmaPair) {
    let dE = CIEDE2000.difference(pair.lhs, pair.rhs)
    // The table is rounded to 4 decimals: the exact value must round to it.
    #expect(abs(dE - pair.expected) < 0.00005, "ΔE00 = \(dE), expected \(pair.expected)")
  }

  @Test("is symmetric", arguments: sharmaTable1)
  func symmetric(pair: SharmaPair) {
    #expect(CIEDE2000.difference(pair.lhs, pair.rhs) == CIEDE2000.difference(pair.rhs, pair.lhs))
  }

  @Test("is zero for identical colours")
  func identity() {
    for pair in sharmaTable1 {
      #expect(CIEDE2000.difference(pair.lhs, pair.lhs) == 0)
      #expect(CIEDE2000.difference(pair.rhs, pair.rhs) == 0)
    }
    var random = SeededRandomForColor(seed: 7)
    for _ in 0..<1000 {
      let c = random.color()
      #expect(CIEDE2000.difference(c, c) == 0)
    }
  }

  @Test("is symmetric, finite and non-negative for random 8-bit colours")
  func randomColours() {
    var random = SeededRandomForColor(seed: 2005)
    for _ in 0..<5000 {
      let x = random.color()
      let y = random.color()
      let forward = CIEDE2000.difference(x, y)
      let backward = CIEDE2000.difference(y, x)
      #expect(forward.isFinite && forward >= 0)
      #expect(forward == backward, "\(x) \(y)")
      if x != y { #expect(forward > 0, "\(x) \(y)") }
    }
  }

  @Test("white to black is 100 and the Lab-level and RGB-level entry points agree")
  func blackWhite() {
    // Lindbloom's Y row sums to 1.0000001, so white's L* is 100.000003.
    let white = RGBA8(r: 255, g: 255, b: 255)
    let black = RGBA8(r: 0, g: 0, b: 0)
    #expect(abs(CIEDE2000.difference(white, black) - 100) < 1e-5)
    #expect(CIEDE2000.difference(white, black) == CIELab(white).difference(to: CIELab(black)))
  }
}
