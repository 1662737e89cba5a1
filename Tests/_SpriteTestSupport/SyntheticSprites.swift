import SpriteCore

/// Builders for small synthetic images used by the analysis tests.
public enum SyntheticSprites {
  /// A `width` x `height` image of one colour.
  public static func solid(_ color: RGBA8, width: Int, height: Int) -> RGBAImage {
    RGBAImage(width: width, height: height, filledWith: color)
  }

  /// A checkerboard of two colours with square cells of `cell` pixels.
  public static func checkerboard(
    _ a: RGBA8, _ b: RGBA8, width: Int, height: Int, cell: Int = 1
  ) -> RGBAImage {
    RGBAImage(width: width, height: height) { x, y in
      ((x / cell) + (y / cell)) % 2 == 0 ? a : b
    }
  }

  /// An image of random pixels from a seeded generator; `alphas` lists the alpha values to draw from.
  public static func noise(
    width: Int, height: Int, seed: UInt64, alphas: [UInt8] = Array(0...255)
  ) -> RGBAImage {
    var rng = SeededRandom(seed: seed)
    return RGBAImage(width: width, height: height) { _, _ in
      RGBA8(
        r: UInt8.random(in: 0...255, using: &rng), g: UInt8.random(in: 0...255, using: &rng),
        b: UInt8.random(in: 0...255, using: &rng), a: alphas.randomElement(using: &rng)!)
    }
  }

  /// `inner` drawn in the middle of a transparent canvas with `border` pixels on each side.
  public static func withTransparentBorder(_ inner: RGBAImage, border: Int) -> RGBAImage {
    RGBAImage(width: inner.width + 2 * border, height: inner.height + 2 * border) { x, y in
      let ix = x - border
      let iy = y - border
      guard ix >= 0, iy >= 0, ix < inner.width, iy < inner.height else {
        return RGBA8(r: 0, g: 0, b: 0, a: 0)
      }
      return inner[ix, iy]
    }
  }
}
