/// The CIEDE2000 colour difference ΔE₀₀ between two CIELAB colours (kL = kC = kH = 1).
///
/// A difference of about 1 is just noticeable side by side; 2-3 is clearly visible. The
/// function is symmetric and zero for identical colours.
///
/// ```swift
/// let dE = CIEDE2000.difference(CIELab(RGBA8(r: 255, g: 0, b: 0)), CIELab(RGBA8(r: 250, g: 0, b: 0)))
/// ```
///
/// Source: G. Sharma, W. Wu and E. N. Dalal, "The CIEDE2000 Color-Difference Formula:
/// Implementation Notes, Supplementary Test Data, and Mathematical Observations",
/// Color Research and Application 30(1), 21-30 (2005), equations 1-22; written from the
/// equations, checked against all 34 pairs of its Table 1.
public enum CIEDE2000 {
  /// 25⁷, the constant in G and R_C.
  private static let pow25To7: Double = 6_103_515_625

  /// Hue differences within this many degrees of ±180° count as exactly 180° (no wrap).
  ///
  /// Eqs 10 and 14 are discontinuous at |h′₁ − h′₂| = 180°. Table 1 pairs 10 and 14 lie exactly
  /// on it (hues 180° apart in exact arithmetic, the "no wrap" side), and `atan2` rounding would
  /// otherwise decide their branch differently on different C libraries.
  private static let hueTolerance = 1e-9

  /// Returns ΔE₀₀ between two CIELAB colours, with kL = kC = kH = 1.
  ///
  /// - Parameters:
  ///   - lhs: The first colour.
  ///   - rhs: The second colour.
  /// - Returns: The difference, 0 for identical colours; the same for either argument order.
  /// - Complexity: O(1).
  public static func difference(_ lhs: CIELab, _ rhs: CIELab) -> Double {
    // Step 1 (eqs 2-7): C'ᵢ and h'ᵢ from a* rescaled by 1 + G.
    let c1 = (lhs.a * lhs.a + lhs.b * lhs.b).squareRoot()
    let c2 = (rhs.a * rhs.a + rhs.b * rhs.b).squareRoot()
    let cMean7 = pow7((c1 + c2) / 2)
    let g = 0.5 * (1 - (cMean7 / (cMean7 + pow25To7)).squareRoot())
    let a1p = (1 + g) * lhs.a
    let a2p = (1 + g) * rhs.a
    let c1p = (a1p * a1p + lhs.b * lhs.b).squareRoot()
    let c2p = (a2p * a2p + rhs.b * rhs.b).squareRoot()
    let h1p = hueDegrees(b: lhs.b, aPrime: a1p)
    let h2p = hueDegrees(b: rhs.b, aPrime: a2p)

    // Step 2 (eqs 8-12): ΔL', ΔC', ΔH'.
    let deltaLp = rhs.l - lhs.l
    let deltaCp = c2p - c1p
    let chromaProduct = c1p * c2p
    var deltahp = 0.0
    if chromaProduct != 0 {
      deltahp = h2p - h1p
      if deltahp > 180 + hueTolerance {
        deltahp -= 360
      } else if deltahp < -180 - hueTolerance {
        deltahp += 360
      }
    }
    let deltaHp = 2 * chromaProduct.squareRoot() * sin(radians(deltahp / 2))

    // Step 3 (eqs 13-22): the weighting functions and the rotation term.
    let lpMean = (lhs.l + rhs.l) / 2
    let cpMean = (c1p + c2p) / 2
    var hpMean = h1p + h2p
    if chromaProduct != 0 {
      if abs(h1p - h2p) <= 180 + hueTolerance {
        hpMean /= 2
      } else if hpMean < 360 {
        hpMean = (hpMean + 360) / 2
      } else {
        hpMean = (hpMean - 360) / 2
      }
    }
    let t =
      1 - 0.17 * cos(radians(hpMean - 30)) + 0.24 * cos(radians(2 * hpMean))
      + 0.32 * cos(radians(3 * hpMean + 6)) - 0.20 * cos(radians(4 * hpMean - 63))
    let lOffset = (lpMean - 50) * (lpMean - 50)
    let sL = 1 + 0.015 * lOffset / (20 + lOffset).squareRoot()
    let sC = 1 + 0.045 * cpMean
    let sH = 1 + 0.015 * cpMean * t
    let hueAngle = (hpMean - 275) / 25
    let deltaTheta = 30 * exp(-hueAngle * hueAngle)
    let cpMean7 = pow7(cpMean)
    let rC = 2 * (cpMean7 / (cpMean7 + pow25To7)).squareRoot()
    let rT = -sin(radians(2 * deltaTheta)) * rC

    let lTerm = deltaLp / sL
    let cTerm = deltaCp / sC
    let hTerm = deltaHp / sH
    let sum = lTerm * lTerm + cTerm * cTerm + hTerm * hTerm + rT * cTerm * hTerm
    return max(sum, 0).squareRoot()
  }

  /// Returns ΔE₀₀ between two 8-bit sRGB colours (alpha ignored), through ``CIELab``.
  public static func difference(_ lhs: RGBA8, _ rhs: RGBA8) -> Double {
    difference(CIELab(lhs), CIELab(rhs))
  }

  /// h' in degrees [0, 360), 0 when both b and a' are 0 (eq. 5).
  private static func hueDegrees(b: Double, aPrime: Double) -> Double {
    if b == 0 && aPrime == 0 { return 0 }
    let h = atan2(b, aPrime) * 180 / Double.pi
    return h < 0 ? h + 360 : h
  }

  private static func radians(_ degrees: Double) -> Double {
    degrees * Double.pi / 180
  }

  private static func pow7(_ x: Double) -> Double {
    let x2 = x * x
    return x2 * x2 * x2 * x
  }
}
