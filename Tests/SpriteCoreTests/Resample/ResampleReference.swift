import SpriteCore
import Testing

/// Deliberately naive `Double` reference resamplers for the differential tests (stb's `oldir.c`
/// idea): written for clarity, straight from the definitions, with no tables or fixed point.
enum ResampleReference {
  /// The area filter: fractional coverage weights, premultiplied linear light, alpha rounded to
  /// nearest with halves up, (0, 0, 0, 0) when alpha rounds to 0.
  static func area(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    let xScale = Double(image.width) / Double(width)
    let yScale = Double(image.height) / Double(height)
    return RGBAImage(width: width, height: height) { x, y in
      var weight = 0.0
      var alpha = 0.0
      var colour = [0.0, 0.0, 0.0]
      for sy in 0..<image.height {
        let wy = overlap(Double(y) * yScale, Double(y + 1) * yScale, sy)
        guard wy > 0 else { continue }
        for sx in 0..<image.width {
          let w = wy * overlap(Double(x) * xScale, Double(x + 1) * xScale, sx)
          guard w > 0 else { continue }
          let p = image[sx, sy]
          let a = Double(p.a)
          weight += w
          alpha += w * a
          colour[0] += w * a * SRGB.linear(p.r)
          colour[1] += w * a * SRGB.linear(p.g)
          colour[2] += w * a * SRGB.linear(p.b)
        }
      }
      // Exact halves (127.5) often come out as 127.4999… in Double; the nudge rounds them up,
      // as the exact integer implementation does.
      let outAlpha = (alpha / weight + 0.5 + 1e-9).rounded(.down)
      guard outAlpha > 0 else { return RGBA8(r: 0, g: 0, b: 0, a: 0) }
      return RGBA8(
        r: SRGB.encode(colour[0] / alpha), g: SRGB.encode(colour[1] / alpha),
        b: SRGB.encode(colour[2] / alpha), a: UInt8(outAlpha))
    }
  }

  /// The exact block means of an integer-factor shrink by `factor`: alpha Σa / n² rounded half
  /// up in integers; colour Σ a·linear(c) / Σ a re-encoded with `SRGB.encode`.
  static func blockMeans(_ image: RGBAImage, factor: Int) -> RGBAImage {
    let count = factor * factor
    return RGBAImage(width: image.width / factor, height: image.height / factor) { x, y in
      var alphaSum = 0
      var colour = [0.0, 0.0, 0.0]
      for dy in 0..<factor {
        for dx in 0..<factor {
          let p = image[x * factor + dx, y * factor + dy]
          alphaSum += Int(p.a)
          colour[0] += Double(p.a) * SRGB.linear(p.r)
          colour[1] += Double(p.a) * SRGB.linear(p.g)
          colour[2] += Double(p.a) * SRGB.linear(p.b)
        }
      }
      let alpha = (2 * alphaSum + count) / (2 * count)
      guard alpha > 0 else { return RGBA8(r: 0, g: 0, b: 0, a: 0) }
      let total = Double(alphaSum)
      return RGBA8(
        r: SRGB.encode(colour[0] / total), g: SRGB.encode(colour[1] / total),
        b: SRGB.encode(colour[2] / total), a: UInt8(alpha))
    }
  }

  /// The length of [low, high) inside source pixel [index, index + 1).
  private static func overlap(_ low: Double, _ high: Double, _ index: Int) -> Double {
    max(0, min(high, Double(index + 1)) - max(low, Double(index)))
  }

  /// `image` with every fully transparent pixel set to (0, 0, 0, 0), the filters' canonical form.
  static func canonical(_ image: RGBAImage) -> RGBAImage {
    RGBAImage(width: image.width, height: image.height) { x, y in
      let p = image[x, y]
      return p.a == 0 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : p
    }
  }

  /// The largest per-channel difference between two images of the same size.
  static func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }
}

/// One resize for parameterized tests: source size to output size.
struct ResizeCase: Sendable, CustomTestStringConvertible {
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int

  init(_ sourceWidth: Int, _ sourceHeight: Int, to width: Int, _ height: Int) {
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.width = width
    self.height = height
  }

  var testDescription: String { "\(sourceWidth)x\(sourceHeight)→\(width)x\(height)" }
}
