@testable import SpriteCore

/// Quality measures for palettes, as SPEC section 4 defines them: every visible pixel is matched
/// with its nearest palette colour and the differences are averaged, weighted by alpha.
enum PaletteQuality {
  /// The alpha-weighted mean OKLab distance (not squared) from each visible pixel to its nearest
  /// colour in `colors`.
  static func meanOKLabError(of image: RGBAImage, to colors: [RGBA8]) -> Double {
    let targets = colors.map { OKLab($0) }
    return weightedMean(image) { pixel in
      let p = OKLab(pixel)
      return targets.map { $0.distanceSquared(to: p) }.min()!.squareRoot()
    }
  }

  /// The alpha-weighted mean CIEDE2000 from each visible pixel to its nearest colour in `colors`
  /// (nearest by ΔE₀₀ itself).
  static func meanCIEDE2000(of image: RGBAImage, to colors: [RGBA8]) -> Double {
    let targets = colors.map { CIELab($0) }
    return weightedMean(image) { pixel in
      let p = CIELab(pixel)
      return targets.map { CIEDE2000.difference($0, p) }.min()!
    }
  }

  /// The alpha-weighted squared OKLab error of `clusters` over `points`, per unit weight.
  static func meanSquaredError(_ clusters: Clusters, _ points: ColorPoints) -> Double {
    clusters.squaredError(of: points) / points.weights.reduce(0, +)
  }

  private static func weightedMean(_ image: RGBAImage, _ error: (RGBA8) -> Double) -> Double {
    var cache = [RGBA8: Double]()
    var total = 0.0
    var weight = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        var pixel = image[x, y]
        guard pixel.a > 0 else { continue }
        let alpha = Double(pixel.a)
        pixel.a = 255
        let e: Double
        if let cached = cache[pixel] {
          e = cached
        } else {
          e = error(pixel)
          cache[pixel] = e
        }
        total += alpha * e
        weight += alpha
      }
    }
    return weight > 0 ? total / weight : 0
  }
}
