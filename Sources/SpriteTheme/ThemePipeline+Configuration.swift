import SpriteCore
import SpriteMaterial
import SpritePNG

extension ThemePipeline {
  /// Options for a ``ThemePipeline``.
  public struct Configuration: Sendable {
    /// The extent of the headline `average` colour (SPEC section 2); `centre` by default.
    public var extent: Extent
    /// Size limits checked from the PNG header before any pixel memory is taken.
    public var limits: PNGDecoder.Limits
    /// The number of palette colours K, 1-64 (SPEC section 4); 8 by default.
    public var paletteSize: Int
    /// The strength of swatch and card text (SPEC section 5); minimum alpha by default.
    public var textMode: TextColor.Mode
    /// The style of the theme's Material schemes (SPEC section 10); tonal spot by default.
    public var variant: MaterialVariant
    /// True when no variant was asked for: a sprite without chromatic colour
    /// (``SpriteMaterial/MaterialSource/isGrey``) then gets ``MaterialVariant/monochrome``.
    public var monochromeForGreys: Bool
    /// The Material colour specification; 2021 by default.
    public var spec: MaterialSpec
    /// The contrast level of the theme's Material schemes, -1 to 1; 0 (standard) by default.
    public var contrastLevel: Double
    /// Colours left out of the palette, dominant, outline, swatches, accent and Material source
    /// (`--exclude-color`, SPEC section 4); none by default.
    public var exclusion: ColorExclusion

    /// Creates a configuration; every option has the SPEC default. Without a variant, chromatic
    /// sprites get tonal spot and the others monochrome.
    public init(
      extent: Extent = .centre, limits: PNGDecoder.Limits = PNGDecoder.Limits(),
      paletteSize: Int = 8,
      textMode: TextColor.Mode = .minimumAlpha, variant: MaterialVariant? = nil,
      contrastLevel: Double = 0, spec: MaterialSpec = .default,
      exclusion: ColorExclusion = ColorExclusion()
    ) {
      precondition((1...64).contains(paletteSize), "the palette size must be 1-64")
      precondition((-1...1).contains(contrastLevel), "the contrast level must be -1 to 1")
      self.extent = extent
      self.limits = limits
      self.paletteSize = paletteSize
      self.textMode = textMode
      self.variant = variant ?? .default
      self.monochromeForGreys = variant == nil
      self.spec = spec
      self.contrastLevel = contrastLevel
      self.exclusion = exclusion
    }
  }
}
