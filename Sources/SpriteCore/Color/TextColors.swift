/// The title and body text colours for one background, chosen as Android Palette does.
///
/// Title text must reach WCAG 3.0 and body text 4.5. In the default mode
/// (``TextColor/Mode/minimumAlpha``) the choice is Android's (androidx
/// `Palette.Swatch.ensureTextColorsGenerated`):
/// 1. white for both, if white can reach both ratios;
/// 2. otherwise black for both, if black can reach both;
/// 3. otherwise each on its own: white if it can reach its ratio, else black.
///
/// Each colour carries the smallest alpha that still reaches its ratio blended exactly and in
/// every 8-bit rounding (``TextColor/minimumAlpha(foreground:background:minimumContrast:)``), so
/// ``TextColor/contrast`` is always at least the threshold. In ``TextColor/Mode/opaque`` both are
/// ``TextColor/strongest(on:)``, which reaches 4.58 on every opaque background, so either mode
/// always finds a colour.
///
/// ```swift
/// let text = TextColors(background: RGBA8(r: 0xd3, g: 0x2f, b: 0x2f))
/// print(text.title.hex, text.body.hex)
/// ```
public struct TextColors: Hashable, Sendable {
  /// The WCAG ratio title text must reach (Android's `MIN_CONTRAST_TITLE_TEXT`).
  public static let minimumTitleContrast = 3.0
  /// The WCAG ratio body text must reach (Android's `MIN_CONTRAST_BODY_TEXT`).
  public static let minimumBodyContrast = 4.5

  /// The text colour for titles (contrast ≥ 3.0).
  public var title: TextColor
  /// The text colour for body text (contrast ≥ 4.5).
  public var body: TextColor

  /// Chooses title and body text colours for `background` (alpha ignored, taken as opaque).
  public init(background: RGBA8, mode: TextColor.Mode = .minimumAlpha) {
    if mode == .opaque {
      let text = TextColor.strongest(on: background)
      self.title = text
      self.body = text
      return
    }
    let white = TextColor.white
    let black = TextColor.black
    let lightTitle = TextColor.withMinimumAlpha(
      white, on: background, minimumContrast: Self.minimumTitleContrast)
    let lightBody = Self.body(white, on: background, title: lightTitle)
    if let lightTitle, let lightBody {
      self.title = lightTitle
      self.body = lightBody
      return
    }
    let darkTitle = TextColor.withMinimumAlpha(
      black, on: background, minimumContrast: Self.minimumTitleContrast)
    let darkBody = Self.body(black, on: background, title: darkTitle)
    if let darkTitle, let darkBody {
      self.title = darkTitle
      self.body = darkBody
      return
    }
    // Mixed. One of white and black always reaches 4.5 (and so 3.0); the fallback is
    // unreachable and only keeps the initialiser total, as in ``TextColor/cardText(on:mode:)``.
    self.title = lightTitle ?? darkTitle ?? TextColor.strongest(on: background)
    self.body = lightBody ?? darkBody ?? TextColor.strongest(on: background)
  }

  /// The body colour in `text` (white or black), given its title colour: none when the title
  /// failed (4.5 is harder than 3.0), else the search starts just below the title's alpha, which
  /// fails 3.0 and so 4.5. Three or four tests instead of eight, the same alpha.
  private static func body(_ text: RGBA8, on background: RGBA8, title: TextColor?) -> TextColor? {
    guard let title else { return nil }
    return TextColor.withMinimumAlpha(
      text, on: background, minimumContrast: minimumBodyContrast,
      failingAt: Int(title.color.a) - 1)
  }
}
