/// A text colour for a given background, with the contrast it achieves there.
///
/// The text colour has straight alpha. A front end may blend it over the opaque background
/// exactly (browsers, axe) or with Android's truncating 8-bit arithmetic (``Contrast/Blending``);
/// ``contrast`` (WCAG 2) and ``apca`` (Lc) are measured under both and report the lower, so the
/// numbers hold whichever way the text is drawn.
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
  /// The WCAG 2 contrast ratio of the text over ``background``, 1 to 21: the lower of the ratios
  /// under exact and under truncating blending.
  public var contrast: Double
  /// The APCA lightness contrast Lc of the text on ``background``: of the Lc under exact and
  /// under truncating blending, the one closer to 0.
  public var apca: Double

  /// Measures `color` (straight alpha) written on `background` (alpha ignored, taken as opaque).
  public init(_ color: RGBA8, on background: RGBA8) {
    let opaqueBackground = RGBA8(r: background.r, g: background.g, b: background.b)
    let (truncated, ceiling) = Contrast.compositeBounds(color, over: opaqueBackground)
    self.color = color
    self.background = opaqueBackground
    self.composited = truncated
    // The exact blend lies between `truncated` and `ceiling`. When that whole span is on one
    // side of the background, the end nearer the background contrasts less in both measures:
    // the truncated one for text lighter than the background, the exact one for darker text.
    // Only a span across the background needs both (and the `pow`s of the exact blend).
    let luminance = Contrast.relativeLuminance(opaqueBackground)
    let truncatedRatio = Contrast.contrastRatio(truncated, opaqueBackground)
    if Contrast.relativeLuminance(truncated) >= luminance {
      self.contrast = truncatedRatio
    } else {
      self.contrast = min(
        truncatedRatio,
        Contrast.contrastRatio(text: color, on: opaqueBackground, blending: .exact))
    }
    let y = Contrast.apcaLuminance(opaqueBackground)
    let truncatedLc = { Contrast.apcaContrast(text: truncated, background: opaqueBackground) }
    let exactLc = { Contrast.apcaContrast(text: color, on: opaqueBackground, blending: .exact) }
    if Contrast.apcaLuminance(truncated) >= y {
      self.apca = truncatedLc()
    } else if Contrast.apcaLuminance(ceiling) <= y {
      self.apca = exactLc()
    } else {
      let (lcTruncated, lcExact) = (truncatedLc(), exactLc())
      self.apca = abs(lcTruncated) <= abs(lcExact) ? lcTruncated : lcExact
    }
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
  /// ratio under both blendings (``Contrast/Blending``), or `nil` when even the opaque foreground
  /// does not.
  ///
  /// Android's binary search (androidx `ColorUtils.calculateMinimumAlpha`): alpha in [0, 255],
  /// test the midpoint composited over the background, keep the half that straddles the
  /// threshold, stop when the bounds are 1 apart or after 11 tests; the upper bound, the
  /// smallest alpha known to pass, is returned. A test passes only if the ratio holds under
  /// exact and under truncating blending (Android tests the truncating one alone). The returned
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
  /// For white or black text the composited contrast only grows with alpha under either
  /// blending (every channel moves the same way), so the smallest passing alpha is one number
  /// and a search from any alpha below it finds it: ``TextColors`` starts the 4.5 search at the
  /// 3.0 answer. Other colours can move luminance both ways; give them 0, Android's start.
  static func minimumAlpha(
    foreground: RGBA8, background: RGBA8, minimumContrast: Double, failingAt failing: Int
  ) -> Int? {
    let opaqueBackground = RGBA8(r: background.r, g: background.g, b: background.b)
    let opaqueForeground = RGBA8(r: foreground.r, g: foreground.g, b: foreground.b)
    let backgroundLuminance = Contrast.relativeLuminance(opaqueBackground)
    func reaches(_ shown: Double) -> Bool {
      Contrast.contrastRatio(luminance: shown, backgroundLuminance) >= minimumContrast
    }
    func passes(_ alpha: Int) -> Bool {
      var candidate = opaqueForeground
      candidate.a = UInt8(alpha)
      // The exact blend lies between the truncated composite and its ceiling (table look-ups);
      // only when the two disagree about the threshold is it computed, with its `pow`s.
      let (truncated, ceiling) = Contrast.compositeBounds(candidate, over: opaqueBackground)
      let low = Contrast.relativeLuminance(truncated)
      guard reaches(low) else { return false }
      // At least as light as the background: the exact blend is lighter still, and passes too.
      if low >= backgroundLuminance { return true }
      // Darker: the ratio falls as the exact blend rises towards the ceiling.
      let high = Contrast.relativeLuminance(ceiling)
      if high <= backgroundLuminance && reaches(high) { return true }
      return reaches(
        Contrast.relativeLuminance(of: candidate, over: opaqueBackground, blending: .exact))
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
