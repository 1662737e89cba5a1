/// The version of the Material colour specification a scheme follows (material-color-utilities'
/// `SpecVersion`, `typescript/dynamiccolor/color_spec.ts`), spelt as `--spec` takes it.
public enum MaterialSpec: String, CaseIterable, Hashable, Sendable {
  /// The 2021 specification (Material You): the 49 roles of a Theme Builder export.
  case spec2021 = "2021"
  /// The 2025 specification (Material 3 Expressive, phone platform): palettes that depend on
  /// light or dark, new tones and contrast curves, and the four `...Dim` roles.
  case spec2025 = "2025"

  /// The specification used when none is asked for.
  public static let `default` = MaterialSpec.spec2021

  /// The specification a variant is resolved with: MCU's `DynamicScheme.maybeFallbackSpecVersion`
  /// keeps 2025 only for tonalSpot, vibrant, expressive and neutral; the other variants are
  /// defined by spec 2021 alone.
  func resolved(for variant: MaterialVariant) -> MaterialSpec {
    switch variant {
    case .tonalSpot, .vibrant, .expressive, .neutral: self
    default: .spec2021
    }
  }
}
