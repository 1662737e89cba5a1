import SpriteCore

/// The `palettes` block of a Material Theme Builder export: the content core palette of the
/// source (material-color-utilities `typescript/palettes/core_palette.ts`, commit 6112292f) at
/// the export's 18 tones.
///
/// primary (source hue and chroma), secondary (chroma/3), tertiary (hue + 60, chroma/2), neutral
/// (min(chroma/12, 4)), neutral-variant (min(chroma/6, 8)), error (hue 25, chroma 84). These are
/// not the tonal-spot scheme's palettes; Theme Builder exports these whatever the scheme.
public struct ThemeBuilderPalettes: Hashable, Sendable {
  /// The tones a Theme Builder export lists.
  public static let tones: [Int] = [0, 5, 10, 15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90, 95, 98, 99, 100]
  /// The export's palette names, in its order.
  public static let names = ["primary", "secondary", "tertiary", "neutral", "neutral-variant", "error"]

  /// The six palettes in ``names`` order.
  public let palettes: [TonalPalette]

  /// The content core palette of a source colour.
  public init(source: HCT) {
    let h = source.hue
    let c = source.chroma
    palettes = [
      TonalPalette(hue: h, chroma: c), TonalPalette(hue: h, chroma: c / 3),
      TonalPalette(hue: h + 60, chroma: c / 2), TonalPalette(hue: h, chroma: min(c / 12, 4)),
      TonalPalette(hue: h, chroma: min(c / 6, 8)), TonalPalette(hue: 25, chroma: 84),
    ]
  }

  /// For each palette (``names`` order), its colours at ``tones``.
  public var colors: [(name: String, tones: [(tone: Int, color: RGBA8)])] {
    zip(Self.names, palettes).map { name, palette in
      (name, Self.tones.map { ($0, palette.tone(Double($0))) })
    }
  }
}
