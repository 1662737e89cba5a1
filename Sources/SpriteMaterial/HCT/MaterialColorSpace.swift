import SpriteCore

/// sRGB, XYZ and CIELAB conversions exactly as material-color-utilities does them
/// (`typescript/utils/color_utils.ts`, commit 6112292f): linear channels scaled 0-100, the
/// 0.040449936 decoding threshold, its own RGB-to-XYZ matrix and D65 white point.
enum MaterialColorSpace {
  /// MCU's sRGB-to-XYZ matrix (rows X, Y, Z).
  static let srgbToXYZ: HCTSolver.Matrix = (
    (0.41233895, 0.35762064, 0.18051042),
    (0.2126, 0.7152, 0.0722),
    (0.01932141, 0.11916382, 0.95034478)
  )

  /// MCU's XYZ-to-sRGB matrix (rows R, G, B).
  static let xyzToSRGB: HCTSolver.Matrix = (
    (3.2413774792388685, -1.5376652402851851, -0.49885366846268053),
    (-0.9691452513005321, 1.8758853451067872, 0.04156585616912061),
    (0.05562093689691305, -0.20395524564742123, 1.0571799111220335)
  )

  /// The D65 white point in XYZ, Y = 100.
  static let whitePoint: (x: Double, y: Double, z: Double) = (95.047, 100.0, 108.883)

  /// Linear light 0-100 for each 8-bit channel value.
  static let linearTable: [Double] = (0...255).map { linearized($0) }

  /// Linear light 0-100 of an 8-bit channel value.
  static func linearized(_ component: Int) -> Double {
    let normalized = Double(component) / 255.0
    return normalized <= 0.040449936
      ? normalized / 12.92 * 100.0
      : MaterialMath.pow((normalized + 0.055) / 1.055, 2.4) * 100.0
  }

  /// The 8-bit channel value of linear light 0-100, rounded and clamped to 0-255: counted among
  /// the ``CriticalPlanes``, or by ``delinearizedByFormula(_:)`` next to one.
  @inline(__always)
  static func delinearized(_ component: Double) -> UInt8 {
    if let count = CriticalPlanes.count(atOrBelow: component) { return UInt8(count) }
    return delinearizedByFormula(component)
  }

  /// MCU's `delinearized`: the sRGB encoding of linear light 0-100 through `pow`, rounded and
  /// clamped to 0-255.
  static func delinearizedByFormula(_ component: Double) -> UInt8 {
    let normalized = component / 100.0
    let v =
      normalized <= 0.0031308
      ? normalized * 12.92 : 1.055 * MaterialMath.pow(normalized, 1.0 / 2.4) - 0.055
    let rounded = MaterialMath.round(v * 255.0)
    return UInt8(rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded))
  }

  /// The colour of three linear channels 0-100.
  static func color(linear r: Double, _ g: Double, _ b: Double) -> RGBA8 {
    RGBA8(r: delinearized(r), g: delinearized(g), b: delinearized(b))
  }

  /// The colour of an XYZ triple (Y 0-100).
  static func color(x: Double, y: Double, z: Double) -> RGBA8 {
    let l = HCTSolver.multiply((x, y, z), xyzToSRGB)
    return color(linear: l.0, l.1, l.2)
  }

  /// The XYZ triple of a colour (Y 0-100).
  static func xyz(_ color: RGBA8) -> (x: Double, y: Double, z: Double) {
    let linear = (
      linearTable[Int(color.r)], linearTable[Int(color.g)], linearTable[Int(color.b)]
    )
    let v = HCTSolver.multiply(linear, srgbToXYZ)
    return (v.0, v.1, v.2)
  }

  /// CIELAB (D65) of a colour, as MCU's `labFromArgb`.
  static func lab(_ color: RGBA8) -> (l: Double, a: Double, b: Double) {
    let (x, y, z) = xyz(color)
    let fx = labF(x / whitePoint.x)
    let fy = labF(y / whitePoint.y)
    let fz = labF(z / whitePoint.z)
    return (116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz))
  }

  /// L* (the HCT tone) of a colour.
  static func lstar(_ color: RGBA8) -> Double {
    116.0 * labF(xyz(color).y / 100.0) - 16.0
  }

  /// Relative luminance Y (0-100) of an L*.
  static func y(fromLstar lstar: Double) -> Double {
    100.0 * labInvF((lstar + 16.0) / 116.0)
  }

  /// L* of a relative luminance Y (0-100).
  static func lstar(fromY y: Double) -> Double {
    labF(y / 100.0) * 116.0 - 16.0
  }

  /// The grey of an L*.
  static func grey(lstar: Double) -> RGBA8 {
    let c = delinearized(y(fromLstar: lstar))
    return RGBA8(r: c, g: c, b: c)
  }

  static func labF(_ t: Double) -> Double {
    let e = 216.0 / 24389.0
    let kappa = 24389.0 / 27.0
    return t > e ? MaterialMath.pow(t, 1.0 / 3.0) : (kappa * t + 16) / 116
  }

  static func labInvF(_ ft: Double) -> Double {
    let e = 216.0 / 24389.0
    let kappa = 24389.0 / 27.0
    let ft3 = ft * ft * ft
    return ft3 > e ? ft3 : (116 * ft - 16) / kappa
  }
}
