import SpriteCore
import SpritePNG

extension ThemePipeline {
  /// Options for a ``ThemePipeline``.
  public struct Configuration: Sendable {
    /// The extent of the headline `average` colour (SPEC section 2); `centre` by default.
    public var extent: Extent
    /// Size limits checked from the PNG header before any pixel memory is taken.
    public var limits: PNGDecoder.Limits

    /// Creates a configuration; every option has the SPEC default.
    public init(extent: Extent = .centre, limits: PNGDecoder.Limits = PNGDecoder.Limits()) {
      self.extent = extent
      self.limits = limits
    }
  }
}
