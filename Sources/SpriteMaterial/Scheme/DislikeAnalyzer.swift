/// Material's correction of universally disliked colours: dark yellow-greens (bile) become
/// lighter (`typescript/dislike/dislike_analyzer.ts`, commit 6112292f).
///
/// Disliked: rounded hue 90-111, rounded chroma above 16 and rounded tone below 65 (rounding half
/// to even, as the golden generator does). Fixed by raising the tone to 70.
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
