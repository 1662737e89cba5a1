/// Thumbnail options and the entry point that makes one (SPEC section 7).
///
/// `size` is the longest side in pixels and the aspect ratio is kept. With the automatic filter
/// (`filter == nil`):
/// - shrinking uses ``Filter/area``: premultiplied colour averaged in linear light, so there are
///   no dark or coloured fringes next to transparency;
/// - enlarging uses ``Filter/nearest`` at an integer factor ⌊size / longest side⌋ (at least 1),
///   so pixel art stays crisp; when `size` is not a multiple of the longest side, the thumbnail
///   is smaller than `size` (the next integer factor down);
/// - the same size returns the image unchanged.
///
/// An explicit filter resizes to exactly ``outputSize(width:height:longestSide:)`` in either
/// direction, and the same size still returns the image unchanged.
///
/// With ``Fit/pad`` the scaled image (as above, whatever the filter) is then centred on a
/// transparent `size` x `size` square; see ``Fit`` and ``centredOrigin(of:in:)``.
///
/// Pixel contract: straight (not premultiplied) RGBA8, sRGB-encoded, row-major from the top-left,
/// in and out; see ``Resampler`` for each filter's rounding and what transparent pixels become.
///
/// ```swift
/// let thumbnail = Thumbnail(size: 64).apply(to: sprite)
/// let sharp = Thumbnail(size: 64, filter: .lanczos3).apply(to: photo)
/// let cell = Thumbnail(size: 96, fit: .pad).apply(to: sprite)  // always 96 x 96
/// ```
public struct Thumbnail: Sendable, Hashable {
  /// A resampling filter, named as on the command line (`--filter area|nearest|lanczos3`).
  public enum Filter: String, CaseIterable, Sendable {
    /// The area (box) filter over premultiplied linear light: ``Resampler/area(_:width:height:)``.
    case area
    /// Nearest-neighbour point sampling at pixel centres: ``Resampler/nearest(_:width:height:)``.
    case nearest
    /// A three-lobe Lanczos filter over premultiplied linear light:
    /// ``Resampler/lanczos3(_:width:height:)``.
    case lanczos3
  }

  /// The longest side of the thumbnail in pixels, at least 1.
  public var size: Int
  /// The filter, or `nil` to choose automatically (area to shrink, integer nearest to enlarge).
  public var filter: Filter?
  /// Whether the thumbnail is the scaled image alone or a `size` x `size` square around it.
  public var fit: Fit

  /// Creates thumbnail options.
  ///
  /// - Parameters:
  ///   - size: The longest side in pixels, at least 1.
  ///   - filter: The filter, or `nil` (the default) to choose automatically.
  ///   - fit: ``Fit/contain`` (the default) or ``Fit/pad``.
  public init(size: Int, filter: Filter? = nil, fit: Fit = .contain) {
    precondition(size > 0, "Thumbnail size must be at least 1")
    self.size = size
    self.filter = filter
    self.fit = fit
  }

  /// The size of a `width` x `height` image scaled so its longest side is `longestSide`.
  ///
  /// The aspect ratio is kept: the shorter side is `shorter · longestSide / longer`, rounded to
  /// nearest with halves up, and at least 1. When width equals height both become `longestSide`.
  /// For example 64 x 32 at 16 gives 16 x 8, and 3 x 100 at 10 gives 1 x 10.
  ///
  /// - Parameters:
  ///   - width: The source width, at least 1.
  ///   - height: The source height, at least 1.
  ///   - longestSide: The target longest side, at least 1.
  /// - Returns: The scaled width and height.
  public static func outputSize(
    width: Int, height: Int, longestSide: Int
  ) -> (width: Int, height: Int) {
    precondition(width > 0 && height > 0 && longestSide > 0, "sizes must be positive")
    let longer = max(width, height)
    func scaled(_ side: Int) -> Int {
      side == longer ? longestSide : max(1, (2 * side * longestSide + longer) / (2 * longer))
    }
    return (scaled(width), scaled(height))
  }

  /// The size of the thumbnail of a `width` x `height` image under these options: `size` x
  /// `size` with ``Fit/pad``, otherwise ``scaledSize(width:height:)``.
  ///
  /// - Parameters:
  ///   - width: The source width, at least 1.
  ///   - height: The source height, at least 1.
  /// - Returns: The width and height of the image ``apply(to:)`` returns.
  public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
    fit == .pad ? (size, size) : scaledSize(width: width, height: height)
  }

  /// The size of the scaled image, before any padding.
  ///
  /// This is ``outputSize(width:height:longestSide:)`` with `size`, except for an automatic
  /// enlargement, which multiplies both sides by ⌊size / longest side⌋: 20 x 10 at size 50
  /// gives 40 x 20 (factor 2), and at size 60 gives 60 x 30.
  ///
  /// - Parameters:
  ///   - width: The source width, at least 1.
  ///   - height: The source height, at least 1.
  /// - Returns: The scaled image's width and height, each at most `size`.
  public func scaledSize(width: Int, height: Int) -> (width: Int, height: Int) {
    let longer = max(width, height)
    if filter == nil && size > longer {
      let factor = size / longer
      return (width * factor, height * factor)
    }
    return Self.outputSize(width: width, height: height, longestSide: size)
  }

  /// The filter used for a `width` x `height` image: `filter` if set, otherwise ``Filter/area``
  /// to shrink and ``Filter/nearest`` to enlarge (or keep the size).
  ///
  /// - Parameters:
  ///   - width: The source width, at least 1.
  ///   - height: The source height, at least 1.
  /// - Returns: The filter ``apply(to:)`` uses.
  public func resolvedFilter(width: Int, height: Int) -> Filter {
    filter ?? (size < max(width, height) ? .area : .nearest)
  }

  /// Makes the thumbnail of `image`.
  ///
  /// - Parameter image: The source, straight RGBA8 in sRGB, row-major from the top-left.
  /// - Returns: A new image of ``outputSize(width:height:)``: `image` resampled to
  ///   ``scaledSize(width:height:)`` with ``resolvedFilter(width:height:)`` (or `image` itself
  ///   when that size does not change), then with ``Fit/pad`` centred by
  ///   ``padded(_:width:height:)``.
  /// - Complexity: O(input pixels + output pixels) for area and nearest; Lanczos-3 adds a factor
  ///   of about 6·max(1, scale) taps per axis.
  public func apply(to image: RGBAImage) -> RGBAImage {
    let target = scaledSize(width: image.width, height: image.height)
    var scaled = image
    if target.width != image.width || target.height != image.height {
      scaled = Resampler.resize(
        image, width: target.width, height: target.height,
        filter: resolvedFilter(width: image.width, height: image.height))
    }
    return fit == .pad ? Self.padded(scaled, width: size, height: size) : scaled
  }
}
