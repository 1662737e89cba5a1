/// The out-of-gamut half of the HCT solver (`typescript/hct/hct_solver.ts`, commit 6112292f):
/// find the segment of the sRGB cube's edge at a luminance that straddles the hue, then bisect it
/// on the critical planes (where an 8-bit channel value changes).
extension HCTSolver {
  /// The points where the plane of luminance `y` cuts the edges of the RGB cube (0-100), with
  /// their CAM16 hues in radians: the same for every hue at one tone, so computed once per tone.
  struct GamutEdges {
    let y: Double
    let vertices: [(point: Vector, hue: Double)]

    init(y: Double) {
      self.y = y
      vertices = (0..<12).compactMap { n in nthVertex(y: y, n).map { ($0, hue(of: $0)) } }
    }

    /// The edges at a tone whose luminance is `y`: from a table for the integer tones 0-100
    /// (the tones schemes mostly ask for, solved once per process), computed otherwise.
    static func of(tone: Double, y: Double) -> GamutEdges {
      if tone >= 0, tone <= 100, tone == tone.rounded(.down) { return integerTones[Int(tone)] }
      return GamutEdges(y: y)
    }

    /// The edges of tones 0...100, each at the luminance ``solve(hue:chroma:tone:edges:)``
    /// computes for it.
    private static let integerTones = (0...100).map {
      GamutEdges(y: MaterialColorSpace.y(fromLstar: Double($0)))
    }
  }

  /// The most chromatic colour of a hue (radians) on the gamut's surface at luminance y.
  static func bisectToLimit(_ edges: GamutEdges, targetHue: Double) -> Vector {
    var (left, leftHue, right) = bisectToSegment(edges, targetHue: targetHue)
    for axis in 0..<3 where component(left, axis) != component(right, axis) {
      var lPlane: Double
      var rPlane: Double
      if component(left, axis) < component(right, axis) {
        lPlane = planeAtOrBelow(component(left, axis))
        rPlane = planeAtOrAbove(component(right, axis))
      } else {
        lPlane = planeAtOrAbove(component(left, axis))
        rPlane = planeAtOrBelow(component(right, axis))
      }
      for _ in 0..<8 {
        if abs(rPlane - lPlane) <= 1 { break }
        let mPlane = ((lPlane + rPlane) / 2.0).rounded(.down)
        let coordinate = CriticalPlanes.planes[Int(mPlane)]
        let mid = setCoordinate(left, coordinate, right, axis)
        let midHue = hue(of: mid)
        if areInCyclicOrder(leftHue, targetHue, midHue) {
          right = mid
          rPlane = mPlane
        } else {
          left = mid
          leftHue = midHue
          lPlane = mPlane
        }
      }
    }
    return ((left.0 + right.0) / 2, (left.1 + right.1) / 2, (left.2 + right.2) / 2)
  }

  /// The two cube-edge points whose hues enclose the target hue, and the left one's hue.
  private static func bisectToSegment(_ edges: GamutEdges, targetHue: Double)
    -> (left: Vector, leftHue: Double, right: Vector)
  {
    var left: Vector = (-1, -1, -1)
    var right = left
    var leftHue = 0.0
    var rightHue = 0.0
    var initialized = false
    var uncut = true
    for (mid, midHue) in edges.vertices {
      if !initialized {
        left = mid
        right = mid
        leftHue = midHue
        rightHue = midHue
        initialized = true
        continue
      }
      if uncut || areInCyclicOrder(leftHue, midHue, rightHue) {
        uncut = false
        if areInCyclicOrder(leftHue, targetHue, midHue) {
          right = mid
          rightHue = midHue
        } else {
          left = mid
          leftHue = midHue
        }
      }
    }
    return (left, leftHue, right)
  }

  /// The n-th of the 12 edges of the RGB cube cut at luminance y, or nil outside the cube.
  private static func nthVertex(y: Double, _ n: Int) -> Vector? {
    let (kR, kG, kB) = yFromLinRGB
    let coordA = n % 4 <= 1 ? 0.0 : 100.0
    let coordB = n % 2 == 0 ? 0.0 : 100.0
    func bounded(_ x: Double) -> Bool { 0.0 <= x && x <= 100.0 }
    if n < 4 {
      let r = (y - coordA * kG - coordB * kB) / kR
      return bounded(r) ? (r, coordA, coordB) : nil
    } else if n < 8 {
      let g = (y - coordB * kR - coordA * kB) / kG
      return bounded(g) ? (coordB, g, coordA) : nil
    } else {
      let b = (y - coordA * kR - coordB * kG) / kB
      return bounded(b) ? (coordA, coordB, b) : nil
    }
  }

  /// The CAM16 hue (radians) of linear RGB 0-100.
  private static func hue(of linear: Vector) -> Double {
    let scaled = multiply(linear, scaledDiscountFromLinRGB)
    let rA = chromaticAdaptation(scaled.0)
    let gA = chromaticAdaptation(scaled.1)
    let bA = chromaticAdaptation(scaled.2)
    let a = (11.0 * rA + -12.0 * gA + bA) / 11.0
    let b = (rA + gA - 2.0 * bA) / 9.0
    return MaterialMath.atan2(b, a)
  }

  private static func chromaticAdaptation(_ component: Double) -> Double {
    let af = MaterialMath.pow(abs(component), 0.42)
    return MaterialMath.signum(component) * 400.0 * af / (af + 27.13)
  }

  private static func sanitizeRadians(_ angle: Double) -> Double {
    let period = Double.pi * 2
    var r = MaterialMath.fmod(angle + Double.pi * 8, period)
    if r < 0 { r += period }
    return r
  }

  private static func areInCyclicOrder(_ a: Double, _ b: Double, _ c: Double) -> Bool {
    sanitizeRadians(b - a) < sanitizeRadians(c - a)
  }

  /// MCU's `floor(trueDelinearized(c) - 0.5)`: the index of the critical plane at or below a
  /// linear component, one less than the planes' count (see ``CriticalPlanes``).
  private static func planeAtOrBelow(_ component: Double) -> Double {
    if let count = CriticalPlanes.count(atOrBelow: component) { return Double(count - 1) }
    return (trueDelinearized(component) - 0.5).rounded(.down)
  }

  /// MCU's `ceil(trueDelinearized(c) - 0.5)`: the index of the critical plane at or above a
  /// linear component, the planes' count when the component is on none of them.
  private static func planeAtOrAbove(_ component: Double) -> Double {
    if let count = CriticalPlanes.count(atOrBelow: component) { return Double(count) }
    return (trueDelinearized(component) - 0.5).rounded(.up)
  }

  private static func trueDelinearized(_ component: Double) -> Double {
    let normalized = component / 100.0
    let v =
      normalized <= 0.0031308
      ? normalized * 12.92 : 1.055 * MaterialMath.pow(normalized, 1.0 / 2.4) - 0.055
    return v * 255.0
  }

  private static func component(_ v: Vector, _ axis: Int) -> Double {
    axis == 0 ? v.0 : (axis == 1 ? v.1 : v.2)
  }

  private static func setCoordinate(
    _ source: Vector, _ coordinate: Double, _ target: Vector, _ axis: Int
  ) -> Vector {
    let t =
      (coordinate - component(source, axis)) / (component(target, axis) - component(source, axis))
    return (
      source.0 + (target.0 - source.0) * t, source.1 + (target.1 - source.1) * t,
      source.2 + (target.2 - source.2) * t
    )
  }
}
