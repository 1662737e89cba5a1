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
///    variance-minimising splits (Wu 1991), and refine the boxes with weighted k-means (Celebi
///    2011). Very colourful images (more than 8 192 distinct colours) are first pooled into a
///    5-bit-per-channel grid.
/// 4. Round each centroid to 8-bit sRGB, then give each distinct colour's weight to its nearest
///    rounded colour in OKLab (lowest index on ties); centroids that round alike merge.
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
  /// - Complexity: O(*p* + *n* · *k* · *i*) for *p* pixels, *n* distinct colours (at most 8 192
  ///   after pooling), *k* = `maxColors` and *i* ≤ 24 k-means rounds.
  public func palette(of image: RGBAImage) -> Palette {
    palette(of: DistinctColors(of: image))
  }

  /// Returns the palette of already counted colours, as the public `palette(of:)` does.
  func palette(of colors: DistinctColors) -> Palette {
    let n = colors.count
    if n <= maxColors {
      return Palette(weights: (0..<n).map { (colors.color(at: $0), colors.weights[$0]) })
    }
    let exact = n <= Self.exactColorLimit
    let points = exact ? ColorPoints(exactly: colors) : ColorPoints(gridOf: colors)
    let clusters = QuantizerKMeans().clusters(of: points, maxColors: maxColors)
    return Self.palette(rounding: clusters, of: colors, points: exact ? points : nil)
  }

  /// Rounds `clusters`' centroids to 8-bit colours and gives each colour's weight to the nearest.
  ///
  /// - Parameter points: The OKLab points of `colors` in the same order, when already known.
  static func palette(
    rounding clusters: Clusters, of colors: DistinctColors, points: ColorPoints?
  ) -> Palette {
    var rounded = [RGBA8]()
    for index in 0..<clusters.count {
      let color = clusters.centroid(index).rgba8
      if !rounded.contains(color) { rounded.append(color) }
    }
    let k = rounded.count
    var weights = [Int](repeating: 0, count: k)
    FastOKLab.lmsTable.withUnsafeBufferPointer { table in
      let targets = rounded.map {
        FastOKLab.point(
          key: UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b), table: table)
      }
      for i in 0..<colors.count {
        let p = points?.coordinates[i] ?? FastOKLab.point(key: colors.keys[i], table: table)
        var best = 0
        var bestDistance = Float.infinity
        for j in 0..<k {
          let d = p - targets[j]
          let distance = (d * d).sum()
          if distance < bestDistance {
            best = j
            bestDistance = distance
          }
        }
        weights[best] += colors.weights[i]
      }
    }
    return Palette(weights: (0..<k).map { (rounded[$0], weights[$0]) })
  }
}
