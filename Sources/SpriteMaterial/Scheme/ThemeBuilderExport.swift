import SpriteCore

/// The data of a Material Theme Builder export for one source colour (SPEC 10, the layout of
/// `sprite-theme scheme`): six schemes (light and dark at contrast 0, 0.5 and 1) and the palettes.
public struct ThemeBuilderExport: Hashable, Sendable {
  /// The export's scheme keys with their light/dark mode and contrast level, in its order.
  public static let schemeKeys: [(key: String, isDark: Bool, contrastLevel: Double)] = [
    ("light", false, 0), ("light-medium-contrast", false, 0.5), ("light-high-contrast", false, 1),
    ("dark", true, 0), ("dark-medium-contrast", true, 0.5), ("dark-high-contrast", true, 1),
  ]

  /// The source (seed) colour.
  public let source: RGBA8
  /// The variant of the schemes.
  public let variant: MaterialVariant
  /// The six schemes, in ``schemeKeys`` order.
  public let schemes: [(key: String, colors: MaterialColors)]
  /// The `palettes` block.
  public let palettes: ThemeBuilderPalettes

  /// The specification of the schemes.
  public let spec: MaterialSpec

  /// The export of a source colour in a variant (Theme Builder itself uses tonal spot) and
  /// specification.
  public init(source: RGBA8, variant: MaterialVariant = .default, spec: MaterialSpec = .default) {
    let hct = HCT(source)
    // One resolver for the six schemes, which share palettes and so solved colours.
    var resolver = SchemeResolver(
      source: hct, variant: variant, palettes: SchemePalettes(source: hct, variant: variant))
    self.source = hct.color
    self.variant = variant
    self.spec = spec
    self.schemes = Self.schemeKeys.map { key, isDark, level in
      resolver.select(isDark: isDark, contrastLevel: level)
      return (key, resolver.colors(spec: spec))
    }
    self.palettes = ThemeBuilderPalettes(source: hct)
  }

  /// Equal sources and variants give equal exports.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.source == rhs.source && lhs.variant == rhs.variant && lhs.spec == rhs.spec
  }

  /// Hashes the source and variant.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(variant)
    hasher.combine(spec)
  }
}

/// The colours of the 49 roles of a scheme, in ``MaterialRole`` order.
public struct MaterialColors: Hashable, Sendable {
  /// One colour per role, indexed by ``MaterialRole/rawValue``.
  public let colors: [RGBA8]
  /// Spec 2025's four dim roles, indexed by ``MaterialDimRole/rawValue``; empty in spec 2021.
  public let dims: [RGBA8]

  /// Colours in role order, and the dim roles' (spec 2025 only).
  init(_ colors: [RGBA8], dims: [RGBA8] = []) {
    precondition(colors.count == MaterialRole.allCases.count)
    precondition(dims.isEmpty || dims.count == MaterialDimRole.allCases.count)
    self.colors = colors
    self.dims = dims
  }

  /// The colour of a role.
  public subscript(role: MaterialRole) -> RGBA8 { colors[role.rawValue] }

  /// The colour of a dim role; nil in spec 2021, which has none.
  public subscript(dim: MaterialDimRole) -> RGBA8? { dims.isEmpty ? nil : dims[dim.rawValue] }

  /// Role names and `#RRGGBB` (upper case, as Theme Builder writes), in export order; the dim
  /// roles last when present.
  public var hexByRole: [(role: String, hex: String)] {
    MaterialRole.allCases.map { ($0.name, colors[$0.rawValue].hex.uppercased()) }
      + zip(MaterialDimRole.allCases, dims).map { ($0.name, $1.hex.uppercased()) }
  }
}

/// The `palettes` block of a Material Theme Builder export: the content core palette of the
/// source (material-color-utilities `typescript/palettes/core_palette.ts`, commit 6112292f) at
/// the export's 18 tones.
///
/// primary (source hue and chroma), secondary (chroma/3), tertiary (hue + 60, chroma/2), neutral
/// (min(chroma/12, 4)), neutral-variant (min(chroma/6, 8)), error (hue 25, chroma 84). These are
/// not the tonal-spot scheme's palettes; Theme Builder exports these whatever the scheme.
public struct ThemeBuilderPalettes: Hashable, Sendable {
  /// The tones a Theme Builder export lists.
  public static let tones: [Int] = [
    0, 5, 10, 15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90, 95, 98, 99, 100,
  ]
  /// The export's palette names, in its order.
  public static let names = [
    "primary", "secondary", "tertiary", "neutral", "neutral-variant", "error",
  ]

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
