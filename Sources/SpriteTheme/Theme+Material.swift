import SpriteCore
import SpriteMaterial

extension Theme {
  /// An opaque colour with its channels and OKLCH, the shape of a palette colour without its
  /// population: the theme's `accent`.
  public struct Accent: Codable, Hashable, Sendable {
    /// `#rrggbb`, lower-case.
    public var hex: String
    /// `[r, g, b]`, integers 0-255.
    public var rgb: SIMD3<Int>
    /// `[L, C, h]`: OKLab lightness 0-1 and chroma (four decimals), hue in degrees (two decimals).
    public var oklch: SIMD3<Double>

    /// Describes an opaque colour (alpha is left out).
    public init(_ color: RGBA8) {
      let opaque = RGBA8(r: color.r, g: color.g, b: color.b)
      hex = opaque.hex
      rgb = SIMD3(Int(color.r), Int(color.g), Int(color.b))
      let lch = OKLab(opaque).lch
      oklch = SIMD3(
        Theme.rounded(lch.l, places: 4), Theme.rounded(lch.c, places: 4),
        Theme.rounded(lch.h, places: 2))
    }
  }

  /// The sprite's Material 3 colour schemes (SPEC section 10): its source colour, the variant
  /// and contrast level asked for, and the 49 Theme Builder roles of the light and dark schemes.
  public struct Material: Codable, Hashable, Sendable {
    /// The source colour the schemes are built from, `#rrggbb`.
    public var source: String
    /// The variant's name, e.g. `tonalSpot`.
    public var variant: String
    /// The contrast level, -1 to 1 (0 standard, 0.5 medium, 1 high).
    public var contrastLevel: Double
    /// The light and dark schemes.
    public var schemes: Schemes

    /// The schemes of `source` in `variant` at `contrastLevel`.
    public init(source: RGBA8, variant: MaterialVariant, contrastLevel: Double) {
      let opaque = RGBA8(r: source.r, g: source.g, b: source.b)
      let colors = DynamicScheme.lightAndDark(
        source: HCT(opaque), variant: variant, contrastLevel: contrastLevel)
      self.source = opaque.hex
      self.variant = variant.rawValue
      self.contrastLevel = contrastLevel
      schemes = Schemes(light: Self.hexByRole(colors.light), dark: Self.hexByRole(colors.dark))
    }

    /// Role name to `#rrggbb` (lower case, as every hex in a theme file).
    static func hexByRole(_ colors: MaterialColors) -> [String: String] {
      var roles = [String: String](minimumCapacity: MaterialRole.allCases.count)
      for role in MaterialRole.allCases { roles[role.name] = colors[role].hex }
      return roles
    }
  }

  /// A light and a dark scheme: each maps the 49 camelCase role names to `#rrggbb`.
  public struct Schemes: Codable, Hashable, Sendable {
    /// The light scheme's roles.
    public var light: [String: String]
    /// The dark scheme's roles.
    public var dark: [String: String]

    /// Creates the pair.
    public init(light: [String: String], dark: [String: String]) {
      self.light = light
      self.dark = dark
    }
  }
}
