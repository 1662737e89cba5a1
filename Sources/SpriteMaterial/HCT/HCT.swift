import SpriteCore

/// A colour as hue, chroma and tone: material-color-utilities' HCT (`typescript/hct/hct.ts`,
/// commit 6112292f).
///
/// Hue and chroma are CAM16's in ``ViewingConditions/standard``; tone is CIELAB L* (0-100), so a
/// tone difference of 40 guarantees a WCAG contrast of at least 3.0 and 50 at least 4.5.
/// Every HCT value holds the sRGB colour it stands for.
public struct HCT: Hashable, Sendable {
  /// CAM16 hue angle in degrees, [0, 360).
  public let hue: Double
  /// CAM16 chroma: 0 for greys, above 100 for the most saturated sRGB colours.
  public let chroma: Double
  /// CIELAB L*, 0 (black) to 100 (white).
  public let tone: Double
  /// The opaque sRGB colour.
  public let color: RGBA8

  /// The HCT coordinates of an sRGB colour (alpha ignored).
  public init(_ color: RGBA8) {
    let opaque = RGBA8(r: color.r, g: color.g, b: color.b)
    let xyz = MaterialColorSpace.xyz(opaque)
    let cam = CAM16.hueAndChroma(x: xyz.x, y: xyz.y, z: xyz.z, in: .standard)
    self.hue = cam.hue
    self.chroma = cam.chroma
    self.tone = MaterialColorSpace.lstar(fromY: xyz.y)
    self.color = opaque
  }

  /// The sRGB colour nearest to a hue, chroma and tone: the exact hue and tone with the requested
  /// chroma, or the most chroma available in sRGB at that hue and tone.
  public init(hue: Double, chroma: Double, tone: Double) {
    self.init(HCTSolver.solve(hue: hue, chroma: chroma, tone: tone))
  }

  /// The sRGB colour of a hue, chroma and tone without computing the result's own HCT.
  public static func solve(hue: Double, chroma: Double, tone: Double) -> RGBA8 {
    HCTSolver.solve(hue: hue, chroma: chroma, tone: tone)
  }

  /// True for hues 250-270 (MCU's `isBlue`).
  public static func isBlue(_ hue: Double) -> Bool { hue >= 250 && hue < 270 }
  /// True for hues 105-125 (MCU's `isYellow`).
  public static func isYellow(_ hue: Double) -> Bool { hue >= 105 && hue < 125 }
  /// True for hues 170-207 (MCU's `isCyan`).
  public static func isCyan(_ hue: Double) -> Bool { hue >= 170 && hue < 207 }
}

/// Material's correction of universally disliked colours: dark yellow-greens (bile) become
/// lighter (`typescript/dislike/dislike_analyzer.ts`, commit 6112292f).
///
/// Disliked: rounded hue 90-111, rounded chroma above 16 and rounded tone below 65. Fixed by
/// raising the tone to 70.
enum DislikeAnalyzer {
  /// True for a dark yellow-green.
  static func isDisliked(_ hct: HCT) -> Bool {
    let hue = MaterialMath.round(hct.hue)
    return hue >= 90.0 && hue <= 111.0 && MaterialMath.round(hct.chroma) > 16.0
      && MaterialMath.round(hct.tone) < 65.0
  }

  /// The colour, or at tone 70 when it is disliked.
  static func fixIfDisliked(_ hct: HCT) -> HCT {
    isDisliked(hct) ? HCT(hue: hct.hue, chroma: hct.chroma, tone: 70.0) : hct
  }
}
