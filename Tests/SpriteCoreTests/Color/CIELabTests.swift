import SpriteCore
import Testing

@Suite("CIELab")
struct CIELabTests {
  private func expectLab(
    _ color: RGBA8, _ l: Double, _ a: Double, _ b: Double, tolerance: Double = 0.005,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lab = CIELab(color)
    #expect(abs(lab.l - l) < tolerance, "L* \(lab.l)", sourceLocation: sourceLocation)
    #expect(abs(lab.a - a) < tolerance, "a* \(lab.a)", sourceLocation: sourceLocation)
    #expect(abs(lab.b - b) < tolerance, "b* \(lab.b)", sourceLocation: sourceLocation)
  }

  @Test("sRGB red is (53.24, 80.09, 67.20) (ALGORITHMS §7)")
  func red() {
    expectLab(RGBA8(r: 255, g: 0, b: 0), 53.24, 80.09, 67.20)
  }

  @Test("white is (100, 0, 0) and black (0, 0, 0)")
  func whiteAndBlack() {
    expectLab(RGBA8(r: 255, g: 255, b: 255), 100, 0, 0, tolerance: 1e-4)
    expectLab(RGBA8(r: 0, g: 0, b: 0), 0, 0, 0, tolerance: 1e-12)
  }

  @Test("primaries and mid grey match Lindbloom's calculator (D65, sRGB)")
  func primaries() {
    // B. Lindbloom's CIE colour calculator, sRGB companding, reference white D65.
    expectLab(RGBA8(r: 0, g: 255, b: 0), 87.7347, -86.1827, 83.1793)
    expectLab(RGBA8(r: 0, g: 0, b: 255), 32.2970, 79.1875, -107.8602)
    expectLab(RGBA8(r: 128, g: 128, b: 128), 53.5850, 0, 0, tolerance: 0.01)
  }

  @Test("greys have a* = b* = 0")
  func greysAreNeutral() {
    for v in 0...255 {
      let lab = CIELab(RGBA8(r: UInt8(v), g: UInt8(v), b: UInt8(v)))
      #expect(abs(lab.a) < 1e-4 && abs(lab.b) < 1e-4, "grey \(v): \(lab)")
    }
  }

  @Test("Lab → XYZ inverts XYZ → Lab for random colours")
  func roundTrip() {
    var random = SeededRandomForColor(seed: 15)
    for _ in 0..<2000 {
      let c = random.color()
      let xyz = CIELab.xyz(
        linearRed: SRGB.linear(c.r), green: SRGB.linear(c.g), blue: SRGB.linear(c.b))
      let back = CIELab(c).xyz
      #expect(abs(back.x - xyz.x) < 1e-12 && abs(back.y - xyz.y) < 1e-12)
      #expect(abs(back.z - xyz.z) < 1e-12)
    }
  }

  @Test("L* is 903.3·Y below the ε threshold and continuous across it")
  func linearSegment() {
    let y = 0.005
    let lab = CIELab(x: y * CIELab.whitePoint.x, y: y, z: y * CIELab.whitePoint.z)
    #expect(abs(lab.l - CIELab.kappa * y) < 1e-9)
    let below = CIELab(x: 0, y: CIELab.epsilon, z: 0).l
    let above = CIELab(x: 0, y: CIELab.epsilon.nextUp, z: 0).l
    #expect(abs(below - 8) < 1e-9 && abs(above - below) < 1e-9)
  }

  @Test("LCh: grey has chroma 0 and hue 0; red's hue is about 40°")
  func lch() {
    #expect(CIELab(RGBA8(r: 50, g: 50, b: 50)).lch.c < 1e-4)
    let red = CIELab(RGBA8(r: 255, g: 0, b: 0)).lch
    #expect(abs(red.c - 104.55) < 0.01)
    #expect(abs(red.h - 40.0) < 0.05)
  }
}
