/// Finds the main colours of a sprite: an alpha-weighted, deterministic palette chosen in OKLab.
///
/// Pixel contract: straight-alpha sRGB RGBA8, any order. Pixels with alpha 0 are ignored, whatever
/// their colour bytes; every other pixel counts with weight alpha/255, so a palette entry's
/// `weight` is the exact sum of the alpha values (0-255) of the pixels it stands for.
///
/// How colours are chosen:
/// 1. Count the distinct visible colours (straight RGB, alpha summed).
/// 2. If there are at most `maxColors`, return every one of them exactly.
/// 3. Otherwise convert them to OKLab (Ottosson 2020), cut them into `maxColors` boxes with Wu's
///    variance-minimising splits (Wu 1991), and refine the boxes with weighted k-medians (Lloyd
///    rounds whose centres are Weiszfeld medians or heavy member colours). SPEC section 4 scores
///    a palette by the mean distance to the nearest colour, which k-medians lowers directly;
///    k-means (Celebi 2011), which lowers the mean *squared* distance, scored about 19 % worse
///    by mean CIEDE2000 on the sample sprites. Very colourful images (more than 8 192 distinct
///    colours) are first pooled into a 5-bit-per-channel grid.
/// 4. Round each centre to 8-bit sRGB, then give each distinct colour's weight (each grid cell's,
///    when pooled) to its nearest rounded colour in OKLab; centres that round alike merge.
///
/// Every step runs in a canonical order (colours by packed RGB) with ties broken by the lowest
/// index, so the same pixels give the same palette on every run, in any pixel order.
///
/// ```swift
/// let palette = PaletteExtractor(maxColors: 8).palette(of: image)
/// let hex = palette.dominant?.color.hex  // the most populous colour, "#rrggbb"
/// ```
public struct PaletteExtractor: Hashable, Sendable {
  /// The most colours a palette may have, 1-64.
  public let maxColors: Int

  /// More distinct colours than this are pooled into a 5-bit grid before quantizing.
  static let exactColorLimit = 8192

  /// Creates an extractor for palettes of at most `maxColors` colours.
  ///
  /// - Precondition: `maxColors` is in 1...64.
  public init(maxColors: Int = 8) {
    precondition((1...64).contains(maxColors), "maxColors must be in 1...64")
    self.maxColors = maxColors
  }

  /// Returns the palette of `image`: at most `maxColors` entries, most populous first.
  ///
  /// - Parameter image: Straight-alpha sRGB pixels; fully transparent ones are ignored.
  /// - Returns: The palette; empty (with `dominant == nil`) when no pixel is visible.
  /// - Complexity: O(*p* + *n* · *k*) for *p* pixels, *n* distinct colours (at most 32 768
  ///   after pooling) and *k* = `maxColors`.
  public func palette(of image: RGBAImage) -> Palette {
    Self.palettes(of: DistinctColors(of: image), maxColors: [maxColors])[0]
  }

  /// Returns the palettes of `image` for several sizes at once, sharing the colour count, the
  /// OKLab conversion and Wu's cuts between them.
  ///
  /// Each result equals `PaletteExtractor(maxColors: k).palette(of: image)` for its `k`.
  ///
  /// ```swift
  /// let palettes = PaletteExtractor.palettes(of: image, maxColors: [8, 16])
  /// ```
  ///
  /// - Parameters:
  ///   - image: Straight-alpha sRGB pixels; fully transparent ones are ignored.
  ///   - maxColors: The palette sizes, each in 1...64.
  /// - Returns: One palette per size, in the same order.
  public static func palettes(of image: RGBAImage, maxColors: [Int]) -> [Palette] {
    precondition(maxColors.allSatisfy { (1...64).contains($0) }, "maxColors must be in 1...64")
    return palettes(of: DistinctColors(of: image), maxColors: maxColors)
  }

  /// The palettes of already counted colours, one per size.
  static func palettes(of colors: DistinctColors, maxColors sizes: [Int]) -> [Palette] {
    let n = colors.count
    var palettes = [Palette?](repeating: nil, count: sizes.count)
    if sizes.contains(where: { $0 >= n }) {
      let exact = Palette(distinct: (0..<n).map { (colors.color(at: $0), colors.weights[$0]) })
      for i in sizes.indices where sizes[i] >= n { palettes[i] = exact }
    }
    let quantized = sizes.filter { $0 < n }
    if !quantized.isEmpty {
      let isExact = n <= exactColorLimit
      let points = isExact ? ColorPoints(exactly: colors) : ColorPoints(gridOf: colors)
      let blocks = PointBlocks(points.coordinates)
      // Each point's exact integer weight: a colour's, or a grid cell's (all its colours').
      let weights = isExact ? colors.weights : points.weights.map { Int($0) }
      let seeds = QuantizerWu().clusters(of: points, snapshotsAt: quantized)
      var next = 0
      for i in sizes.indices where sizes[i] < n {
        if let same = sizes[..<i].firstIndex(of: sizes[i]) {
          palettes[i] = palettes[same]
        } else {
          let clusters = QuantizerKMedians().refine(seeds[next], of: points, blocks: blocks)
          palettes[i] = palette(rounding: clusters, blocks: blocks, weights: weights)
        }
        next += 1
      }
    }
    return palettes.map { $0! }
  }

  /// Rounds `clusters`' centroids to 8-bit colours and gives each point's weight to the nearest.
  ///
  /// - Parameters:
  ///   - blocks: The points the clusters partition.
  ///   - weights: Each point's integer weight.
  static func palette(rounding clusters: Clusters, blocks: PointBlocks, weights: [Int]) -> Palette {
    var rounded = [RGBA8]()
    for index in 0..<clusters.count {
      let centre = clusters.centroid(index)
      let color = FastOKLab.rgba8(l: centre.l, a: centre.a, b: centre.b)
      if !rounded.contains(color) { rounded.append(color) }
    }
    let targets = FastOKLab.lmsTable.withUnsafeBufferPointer { table in
      rounded.map {
        FastOKLab.point(key: UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b), table: table)
      }
    }
    var nearest = [Int32](repeating: 0, count: blocks.count)
    nearest.withUnsafeMutableBufferPointer { blocks.nearest(targets, into: $0) }
    var totals = [Int](repeating: 0, count: rounded.count)
    for i in 0..<blocks.count { totals[Int(nearest[i])] += weights[i] }
    return Palette(distinct: (0..<rounded.count).map { (rounded[$0], totals[$0]) })
  }
}
