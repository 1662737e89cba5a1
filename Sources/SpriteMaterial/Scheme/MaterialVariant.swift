/// The styles of Material dynamic colour schemes (material-color-utilities `Variant`,
/// `typescript/dynamiccolor/variant.ts`, commit 6112292f), spelt as the CLI's `--variant` takes them.
public enum MaterialVariant: String, CaseIterable, Hashable, Sendable {
  /// Pastel tokens from the source hue, low chroma; Material's default.
  case tonalSpot
  /// Maximum chroma in the primary palette; the other palettes rotate the hue a little.
  case vibrant
  /// A playful scheme whose primary hue is far from the source's.
  case expressive
  /// The source colour itself as primaryContainer, even when it is not vivid.
  case fidelity
  /// Like fidelity, for content (album art, sprites): the source's chroma drives every palette.
  case content
  /// Nearly greyscale, a hint of the source hue.
  case neutral
  /// Greyscale.
  case monochrome
  /// A playful scheme: the source hue as primary, grey surfaces.
  case rainbow
  /// A playful scheme: primary and secondary rotated 50° from the source hue.
  case fruitSalad

  /// The variant of Material's default scheme.
  public static let `default` = MaterialVariant.tonalSpot
}
