extension TextColor {
  /// How strong the chosen white or black text is.
  ///
  /// Both modes choose only white or black and meet the same ratios (3.0 title, 4.5 body and
  /// card). When neither white nor black can reach a ratio at all (possible only for ratios
  /// above 4.58, never for those three), both modes answer the same way:
  /// ``readable(on:minimumContrast:mode:)`` returns `nil`, and the total choices (``TextColors``,
  /// ``cardText(on:mode:)``) fall back to ``strongest(on:)``, the opaque colour that comes
  /// closest.
  public enum Mode: String, CaseIterable, Hashable, Sendable {
    /// White (preferred) or black at the smallest alpha that reaches the ratio: Android
    /// Palette's translucent text, as quiet as it can be while readable. The default.
    case minimumAlpha = "minimum-alpha"
    /// Opaque white or black, whichever contrasts more with the background: the strongest
    /// text there is, for front ends that cannot draw translucent text.
    case opaque
  }

  /// Opaque white or black, whichever has the higher WCAG ratio on `background` (white on a
  /// tie); never below 4.58.
  public static func strongest(on background: RGBA8) -> TextColor {
    let onWhite = TextColor(white, on: background)
    let onBlack = TextColor(black, on: background)
    return onWhite.contrast >= onBlack.contrast ? onWhite : onBlack
  }

  /// Returns text that reaches `minimumContrast` on `background` in `mode`, or `nil` when
  /// neither white nor black can reach it even when opaque.
  ///
  /// ``Mode/minimumAlpha``: white at its smallest passing alpha if white can reach the ratio,
  /// else black at its smallest passing alpha. ``Mode/opaque``: ``strongest(on:)``, if it
  /// reaches the ratio.
  public static func readable(
    on background: RGBA8, minimumContrast: Double, mode: Mode = .minimumAlpha
  ) -> TextColor? {
    switch mode {
    case .minimumAlpha:
      return withMinimumAlpha(white, on: background, minimumContrast: minimumContrast)
        ?? withMinimumAlpha(black, on: background, minimumContrast: minimumContrast)
    case .opaque:
      let text = strongest(on: background)
      return text.contrast >= minimumContrast ? text : nil
    }
  }

  /// Returns the text colour for a card background: ``readable(on:minimumContrast:mode:)`` at
  /// WCAG 4.5 (the body-text rule of ``TextColors``).
  ///
  /// Never fails: on any opaque background white or black reaches at least 4.58, the value
  /// where both give the same ratio (relative luminance 0.1791); the ``strongest(on:)``
  /// fallback only keeps the function total.
  public static func cardText(on background: RGBA8, mode: Mode = .minimumAlpha) -> TextColor {
    readable(on: background, minimumContrast: TextColors.minimumBodyContrast, mode: mode)
      ?? strongest(on: background)
  }
}
