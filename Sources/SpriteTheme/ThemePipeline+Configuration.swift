import SpriteCore
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

    /// Creates a configuration; every option has the SPEC default.
    public init(
      extent: Extent = .centre, limits: PNGDecoder.Limits = PNGDecoder.Limits(),
      paletteSize: Int = 8,
      textMode: TextColor.Mode = .minimumAlpha
    ) {
      precondition((1...64).contains(paletteSize), "the palette size must be 1-64")
      self.extent = extent
      self.limits = limits
      self.paletteSize = paletteSize
      self.textMode = textMode
    }
  }
}
