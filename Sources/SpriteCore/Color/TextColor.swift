/// A text colour for a given background, with the contrast it achieves there.
///
/// The text colour has straight alpha. A front end may blend it over the opaque background
/// exactly (browsers, axe) or into 8-bit pixels, each channel rounded down (Android) or up or to
/// nearest (Chromium's rasteriser); ``contrast`` (WCAG 2) and ``apca`` (Lc) are measured for the
/// exact blend and every such composite (``Contrast/renderedComposites(_:over:)``) and report
/// the weakest, so the numbers hold whichever way the text is drawn (SPEC section 5).
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
  /// The text composited over the background with Android's truncating 8-bit blending
  /// (``Contrast/composite(_:over:)``); the exact blend lies at most one step above each channel.
  public var composited: RGBA8
  /// The WCAG 2 contrast ratio of the text over ``background``, 1 to 21: the lowest of the exact
  /// blend's and the 8-bit composites' (``Contrast/lowestRenderedRatio(text:on:)``).
  public var contrast: Double
  /// The APCA lightness contrast Lc of the text on ``background``: of the exact blend's and the
  /// 8-bit composites' Lc, the one closest to 0 (``Contrast/weakestRenderedAPCA(text:on:)``).
  public var apca: Double

  /// Measures `color` (straight alpha) written on `background` (alpha ignored, taken as opaque).
  public init(_ color: RGBA8, on background: RGBA8) {
    let opaqueBackground = RGBA8(r: background.r, g: background.g, b: background.b)
    self.color = color
    self.background = opaqueBackground
    self.composited = Contrast.composite(color, over: opaqueBackground)
    self.contrast = Contrast.lowestRenderedRatio(text: color, on: opaqueBackground)
    self.apca = Contrast.weakestRenderedAPCA(text: color, on: opaqueBackground)
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
  /// ratio however it is rendered (``Contrast/lowestRenderedRatio(text:on:)``), or `nil` when
  /// even the opaque foreground does not.
  ///
  /// Android's binary search (androidx `ColorUtils.calculateMinimumAlpha`): alpha in [0, 255],
  /// test the midpoint composited over the background, keep the half that straddles the
  /// threshold, stop when the bounds are 1 apart or after 11 tests; the upper bound, the
  /// smallest alpha known to pass, is returned. A test passes only if the ratio holds for the
  /// exact blend and every 8-bit composite (Android tests the truncating one alone). The returned
  /// alpha always passes: it is either 255 (checked first) or an alpha that was tested.
  ///
  /// - Parameters:
  ///   - foreground: The text colour; its own alpha is ignored.
  ///   - background: The background; its alpha is ignored (taken as opaque).
  ///   - minimumContrast: The WCAG ratio to reach, for example 4.5.
  /// - Returns: An alpha 0-255, or `nil` if the opaque foreground fails.
  /// - Complexity: O(1): at most 12 tests.
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
  /// For white or black text the lowest rendered contrast only grows with alpha (every channel,
  /// rounded either way, moves the same way), so the smallest passing alpha is one number
  /// and a search from any alpha below it finds it: ``TextColors`` starts the 4.5 search at the
  /// 3.0 answer. Other colours can move luminance both ways; give them 0, Android's start.
  static func minimumAlpha(
    foreground: RGBA8, background: RGBA8, minimumContrast: Double, failingAt failing: Int
  ) -> Int? {
    let opaqueBackground = RGBA8(r: background.r, g: background.g, b: background.b)
    let opaqueForeground = RGBA8(r: foreground.r, g: foreground.g, b: foreground.b)
    let backgroundLuminance = Contrast.relativeLuminance(opaqueBackground)
    func passes(_ alpha: Int) -> Bool {
      var candidate = opaqueForeground
      candidate.a = UInt8(alpha)
      return Contrast.lowestRenderedRatio(
        text: candidate, on: opaqueBackground, backgroundLuminance: backgroundLuminance)
        >= minimumContrast
    }
    guard passes(255) else { return nil }
    var failing = failing
    var passing = 255
    var tests = 0
    while tests <= maxSearchIterations && passing - failing > 1 {
      let alpha = (failing + passing) / 2
      if passes(alpha) {
        passing = alpha
      } else {
        failing = alpha
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

  /// Android's `MIN_ALPHA_SEARCH_MAX_ITERATIONS`; the loop runs while tests ≤ this, so 11 tests.
  private static let maxSearchIterations = 10
}
