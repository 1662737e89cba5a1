extension Contrast {
  /// The 8-bit composites a renderer may produce for `text` (straight alpha) over `background`
  /// (alpha ignored): each channel of the exact blend rounded down or up on its own, so up to
  /// 2³ = 8 colours, fewer where a channel's blend is a whole number (SPEC section 5).
  ///
  /// Android truncates every channel (``composite(_:over:)``), Chromium's rasteriser rounds to
  /// nearest, and other pipelines do either per channel: `#000000a0` on `#baa881` blends to
  /// (69.29, 62.59, 48.06) and Chromium shows (69, 63, 48), which neither truncation nor the
  /// exact blend gives.
  public static func renderedComposites(_ text: RGBA8, over background: RGBA8) -> [RGBA8] {
    let (low, high) = compositeBounds(text, over: background)
    var composites = [RGBA8]()
    composites.reserveCapacity(8)
    for r in Set([low.r, high.r]).sorted() {
      for g in Set([low.g, high.g]).sorted() {
        for b in Set([low.b, high.b]).sorted() { composites.append(RGBA8(r: r, g: g, b: b)) }
      }
    }
    return composites
  }

  /// The lowest WCAG 2 ratio `text` (straight alpha) shows over `background` (taken as opaque):
  /// of the exact blend and of every ``renderedComposites(_:over:)``.
  ///
  /// Luminance grows with every channel, so the composites' luminances span [truncated, ceiling]
  /// with the exact blend inside. When the span lies on one side of the background's luminance,
  /// the end nearer it is the lowest (two table look-ups, no `pow`); only a span across the
  /// background, where the ratio is near 1, measures all nine.
  public static func lowestRenderedRatio(text: RGBA8, on background: RGBA8) -> Double {
    let opaque = RGBA8(r: background.r, g: background.g, b: background.b)
    return lowestRenderedRatio(
      text: text, on: opaque, backgroundLuminance: relativeLuminance(opaque))
  }

  /// ``lowestRenderedRatio(text:on:)`` with the opaque background's luminance already known.
  static func lowestRenderedRatio(
    text: RGBA8, on background: RGBA8, backgroundLuminance: Double
  ) -> Double {
    let (truncated, ceiling) = compositeBounds(text, over: background)
    let low = relativeLuminance(truncated)
    if low >= backgroundLuminance {
      return contrastRatio(luminance: low, backgroundLuminance)
    }
    let high = relativeLuminance(ceiling)
    if high <= backgroundLuminance {
      return contrastRatio(luminance: high, backgroundLuminance)
    }
    var lowest = contrastRatio(
      luminance: relativeLuminance(of: text, over: background, blending: .exact),
      backgroundLuminance)
    for composite in renderedComposites(text, over: background) {
      lowest = min(lowest, contrastRatio(composite, background))
    }
    return lowest
  }

  /// Of the APCA Lc of the exact blend and of every ``renderedComposites(_:over:)`` of `text`
  /// over `background` (taken as opaque), the one closest to 0 (the exact blend's on a tie).
  ///
  /// Lc moves away from 0 as the text's luminance moves away from the background's, so, as in
  /// ``lowestRenderedRatio(text:on:)``, the end of the span nearer the background decides unless
  /// the span crosses it.
  public static func weakestRenderedAPCA(text: RGBA8, on background: RGBA8) -> Double {
    let opaque = RGBA8(r: background.r, g: background.g, b: background.b)
    let (truncated, ceiling) = compositeBounds(text, over: opaque)
    let y = apcaLuminance(opaque)
    if apcaLuminance(truncated) >= y { return apcaContrast(text: truncated, background: opaque) }
    let exact = apcaContrast(text: text, on: opaque, blending: .exact)
    if apcaLuminance(ceiling) <= y {
      let rounded = apcaContrast(text: ceiling, background: opaque)
      return abs(exact) <= abs(rounded) ? exact : rounded
    }
    var weakest = exact
    for composite in renderedComposites(text, over: opaque) {
      let lc = apcaContrast(text: composite, background: opaque)
      if abs(lc) < abs(weakest) { weakest = lc }
    }
    return weakest
  }
}
