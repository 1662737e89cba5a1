/// A text colour for a given background, with the contrast it achieves there.
///
/// The text colour has straight alpha; ``contrast`` (WCAG 2) and ``apca`` (Lc) are measured with
/// the text composited over the opaque background (``Contrast/composite(_:over:)``), which is
/// the colour a reader actually sees.
///
/// ```swift
/// let text = TextColor.cardText(on: RGBA8(r: 0, g: 0, b: 0))
/// print(text.hex, text.contrast)  // "#ffffff75" (white at alpha 117), 4.56
/// ```
public struct TextColor: Hashable, Sendable {
  /// The text colour, 8-bit sRGB with straight alpha.
  public var color: RGBA8
  /// The opaque background the text sits on.
  public var background: RGBA8
  /// The text composited over the background: the opaque colour on screen.
  public var composited: RGBA8
  /// The WCAG 2 contrast ratio of ``composited`` against ``background``, 1 to 21.
  public var contrast: Double
  /// The APCA lightness contrast Lc of ``composited`` (as text) on ``background``.
  public var apca: Double

  /// Measures `color` (straight alpha) written on `background` (alpha ignored, taken as opaque).
  public init(_ color: RGBA8, on background: RGBA8) {
    let opaqueBackground = RGBA8(r: background.r, g: background.g, b: background.b)
    let composited = Contrast.composite(color, over: opaqueBackground)
    self.color = color
    self.background = opaqueBackground
    self.composited = composited
    self.contrast = Contrast.contrastRatio(composited, opaqueBackground)
    self.apca = Contrast.apcaContrast(text: composited, background: opaqueBackground)
  }

  /// The colour as `#rrggbb` when opaque, `#rrggbbaa` otherwise (SPEC section 6).
  public var hex: String {
    color.a == 255 ? color.hex : color.hexWithAlpha
  }

  /// Opaque white text.
  public static let white = RGBA8(r: 255, g: 255, b: 255)

  /// Opaque black text.
  public static let black = RGBA8(r: 0, g: 0, b: 0)

  /// Returns the smallest alpha at which `foreground` over `background` still reaches a WCAG
  /// ratio, or `nil` when even the opaque foreground does not.
  ///
  /// Android's binary search (androidx `ColorUtils.calculateMinimumAlpha`): alpha in [0, 255],
  /// test the midpoint composited over the background, keep the half that straddles the
  /// threshold, stop when the bounds are 1 apart or after 11 tests; the upper bound, the
  /// smallest alpha known to pass, is returned. The returned alpha always passes: it is either
  /// 255 (checked first) or an alpha that was tested.
  ///
  /// - Parameters:
  ///   - foreground: The text colour; its own alpha is ignored.
  ///   - background: The background; its alpha is ignored (taken as opaque).
  ///   - minimumContrast: The WCAG ratio to reach, for example 4.5.
  /// - Returns: An alpha 0-255, or `nil` if the opaque foreground fails.
  /// - Complexity: O(1): at most 12 contrast evaluations.
  public static func minimumAlpha(
    foreground: RGBA8, background: RGBA8, minimumContrast: Double
  ) -> Int? {
    minimumAlpha(
      foreground: foreground, background: background, minimumContrast: minimumContrast,
      failingAt: 0)
  }

  /// ``minimumAlpha(foreground:background:minimumContrast:)``, searching above `failing`, an
  /// alpha known to fail.
  ///
  /// For white or black text the composited contrast only grows with alpha (every channel moves
  /// the same way), so the smallest passing alpha is one number and a search from any alpha
  /// below it finds it: ``TextColors`` starts the 4.5 search at the 3.0 answer. Other colours can
  /// move luminance both ways; give them 0, Android's start.
  static func minimumAlpha(
    foreground: RGBA8, background: RGBA8, minimumContrast: Double, failingAt failing: Int
  ) -> Int? {
    let opaqueBackground = RGBA8(r: background.r, g: background.g, b: background.b)
    let opaqueForeground = RGBA8(r: foreground.r, g: foreground.g, b: foreground.b)
    let backgroundLuminance = Contrast.relativeLuminance(opaqueBackground)
    func ratio(_ shown: RGBA8) -> Double {
      Contrast.contrastRatio(luminance: Contrast.relativeLuminance(shown), backgroundLuminance)
    }
    guard ratio(opaqueForeground) >= minimumContrast else { return nil }
    var failing = failing
    var passing = 255
    var tests = 0
    while tests <= maxSearchIterations && passing - failing > 1 {
      let alpha = (failing + passing) / 2
      var candidate = opaqueForeground
      candidate.a = UInt8(alpha)
      if ratio(Contrast.composite(candidate, over: opaqueBackground)) < minimumContrast {
        failing = alpha
      } else {
        passing = alpha
      }
      tests += 1
    }
    return passing
  }

  /// Returns `foreground` at its smallest passing alpha on `background`, or `nil` if it cannot
  /// reach `minimumContrast` even when opaque.
  public static func withMinimumAlpha(
    _ foreground: RGBA8, on background: RGBA8, minimumContrast: Double
  ) -> TextColor? {
    withMinimumAlpha(foreground, on: background, minimumContrast: minimumContrast, failingAt: 0)
  }

  /// ``withMinimumAlpha(_:on:minimumContrast:)`` searching above `failing` (see
  /// ``minimumAlpha(foreground:background:minimumContrast:failingAt:)``).
  static func withMinimumAlpha(
    _ foreground: RGBA8, on background: RGBA8, minimumContrast: Double, failingAt failing: Int
  ) -> TextColor? {
    guard
      let alpha = minimumAlpha(
        foreground: foreground, background: background, minimumContrast: minimumContrast,
        failingAt: failing)
    else { return nil }
    var color = foreground
    color.a = UInt8(alpha)
    return TextColor(color, on: background)
  }

  /// Returns white text at its smallest passing alpha if white can reach `minimumContrast`,
  /// else black at its smallest passing alpha, else `nil` (only for ratios above about 4.58).
  public static func readable(on background: RGBA8, minimumContrast: Double) -> TextColor? {
    withMinimumAlpha(white, on: background, minimumContrast: minimumContrast)
      ?? withMinimumAlpha(black, on: background, minimumContrast: minimumContrast)
  }

  /// Returns the text colour for a card background: white, else black, at the smallest alpha
  /// that reaches WCAG 4.5 (the body-text rule of ``TextColors``).
  ///
  /// Never fails: on any opaque background white or black reaches at least 4.58, the value
  /// where both give the same ratio (relative luminance 0.1791).
  public static func cardText(on background: RGBA8) -> TextColor {
    readable(on: background, minimumContrast: TextColors.minimumBodyContrast)
      ?? TextColor(black, on: background)
  }

  /// Android's `MIN_ALPHA_SEARCH_MAX_ITERATIONS`; the loop runs while tests ≤ this, so 11 tests.
  private static let maxSearchIterations = 10
}
