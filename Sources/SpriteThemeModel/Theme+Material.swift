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
  /// and contrast level asked for, the colour specification, and the 49 Theme Builder roles of
  /// the light and dark schemes (53 in spec 2025, with the dim roles).
  public struct Material: Codable, Hashable, Sendable {
    /// The source colour the schemes are built from, `#rrggbb`.
    public var source: String
    /// The variant's name, e.g. `tonalSpot`.
    public var variant: String
    /// The contrast level, -1 to 1 (0 standard, 0.5 medium, 1 high).
    public var contrastLevel: Double
    /// The colour specification, `2021` or `2025`; `2021` when a file leaves it out.
    public var spec: String
    /// The light and dark schemes.
    public var schemes: Schemes

    /// The schemes of `source` in `variant` at `contrastLevel` in `spec`.
    public init(
      source: RGBA8, variant: MaterialVariant, contrastLevel: Double,
      spec: MaterialSpec = .default
    ) {
      let opaque = RGBA8(r: source.r, g: source.g, b: source.b)
      let colors = DynamicScheme.lightAndDark(
        source: HCT(opaque), variant: variant, contrastLevel: contrastLevel, spec: spec)
      self.source = opaque.hex
      self.variant = variant.rawValue
      self.contrastLevel = contrastLevel
      self.spec = spec.rawValue
      schemes = Schemes(light: Roles(colors.light), dark: Roles(colors.dark))
    }

    private enum CodingKeys: String, CodingKey {
      case source, variant, contrastLevel, spec, schemes
    }

    /// Reads the block; a file written before `spec` existed is spec 2021.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      source = try c.decode(String.self, forKey: .source)
      variant = try c.decode(String.self, forKey: .variant)
      contrastLevel = try c.decode(Double.self, forKey: .contrastLevel)
      spec = try c.decodeIfPresent(String.self, forKey: .spec) ?? MaterialSpec.default.rawValue
      schemes = try c.decode(Schemes.self, forKey: .schemes)
    }
  }

  /// A light and a dark scheme.
  public struct Schemes: Codable, Hashable, Sendable {
    /// The light scheme's roles.
    public var light: Roles
    /// The dark scheme's roles.
    public var dark: Roles

    /// Creates the pair.
    public init(light: Roles, dark: Roles) {
      self.light = light
      self.dark = dark
    }
  }

  /// The 49 roles of one scheme as `#rrggbb` (lower case, as every hex in a theme file), and in
  /// spec 2025 the four dim roles; in JSON an object keyed by the roles' camelCase names.
  public struct Roles: Codable, Hashable, Sendable {
    /// One hex colour per role, indexed by ``SpriteMaterial/MaterialRole/rawValue``.
    public private(set) var hex: [String]
    /// The dim roles' hex colours by ``SpriteMaterial/MaterialDimRole/rawValue``; empty in 2021.
    public private(set) var dims: [String] = []

    /// The roles of a scheme's colours.
    public init(_ colors: MaterialColors) {
      hex = MaterialRole.allCases.map { colors[$0].hex }
      dims = colors.dims.map(\.hex)
    }

    /// The hex colour of a role.
    public subscript(role: MaterialRole) -> String { hex[role.rawValue] }

    /// The hex colour of a role by its camelCase name; nil for an unknown name.
    public subscript(name: String) -> String? { MaterialRole(name: name).map { self[$0] } }

    /// Role names to hex colours, the dim roles included when present.
    public var byName: [String: String] {
      Dictionary(
        uniqueKeysWithValues: MaterialRole.allCases.map { ($0.name, self[$0]) }
          + zip(MaterialDimRole.allCases, dims).map { ($0.name, $1) })
    }

    /// Reads an object that names every role once, and all four dim roles or none.
    public init(from decoder: any Decoder) throws {
      let byName = try [String: String](from: decoder)
      var hex = [String]()
      for role in MaterialRole.allCases {
        guard let value = byName[role.name] else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "no role \(role.name)"))
        }
        hex.append(value)
      }
      let dims = MaterialDimRole.allCases.compactMap { byName[$0.name] }
      guard byName.count == hex.count + dims.count,
        dims.isEmpty || dims.count == MaterialDimRole.allCases.count
      else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "roles other than Material's"))
      }
      self.hex = hex
      self.dims = dims
    }

    /// Writes the object keyed by role name.
    public func encode(to encoder: any Encoder) throws {
      try byName.encode(to: encoder)
    }
  }
}
