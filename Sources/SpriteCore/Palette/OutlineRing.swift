/// The outline ring of a sprite (SPEC section 4): its visible pixels (alpha > 0) that have a
/// transparent (alpha 0) 4-neighbour or lie on the image edge, counted by colour.
///
/// Pixel art draws most sprites with a one-pixel dark outline against transparency, and that
/// outline is often the most populous colour; the ring is where it sits. Found in one pass over
/// the pixels; only the ring's pixels (about the perimeter, not the area) are kept and sorted.
///
/// ```swift
/// let ring = OutlineRing(of: image)
/// let outline = Outline(ring: ring, visibleWeight: palette.totalWeight)  // nil: no dark ring
/// ```
public struct OutlineRing: Hashable, Sendable {
  /// The ring's distinct colours as packed `0xRRGGBB` keys, ascending.
  public let keys: [UInt32]
  /// Each colour's weight: the sum of the alpha values (1-255) of its ring pixels.
  public let weights: [Int]

  /// Finds the ring of `image` (straight-alpha sRGB).
  ///
  /// - Complexity: O(*p* + *r* log *r*) for *p* pixels of which *r* are on the ring.
  public init(of image: RGBAImage) {
    let (width, height) = (image.width, image.height)
    var ring = [UInt32]()
    image.pixels.withUnsafeBufferPointer { pixels in
      // Alpha of pixel (x, y) is byte 4·(y·width + x) + 3.
      func alpha(_ index: Int) -> UInt8 { pixels[4 &* index &+ 3] }
      for y in 0..<height {
        let row = y &* width
        let edgeRow = y == 0 || y == height - 1
        for x in 0..<width {
          let index = row &+ x
          let a = alpha(index)
          if a == 0 { continue }
          let onRing =
            edgeRow || x == 0 || x == width - 1 || alpha(index - 1) == 0
            || alpha(index + 1) == 0 || alpha(index - width) == 0 || alpha(index + width) == 0
          guard onRing else { continue }
          let byte = 4 &* index
          // Colour in the high 24 bits, alpha in the low 8: sorting groups each colour.
          ring.append(
            UInt32(pixels[byte]) << 24 | UInt32(pixels[byte + 1]) << 16
              | UInt32(pixels[byte + 2]) << 8 | UInt32(a))
        }
      }
    }
    ring.sort()
    var keys = [UInt32]()
    var weights = [Int]()
    for packed in ring {
      let key = packed >> 8
      if keys.last == key {
        weights[weights.count - 1] += Int(packed & 0xff)
      } else {
        keys.append(key)
        weights.append(Int(packed & 0xff))
      }
    }
    self.keys = keys
    self.weights = weights
  }

  /// The sum of every ring colour's weight; 0 when no pixel is visible.
  public var totalWeight: Int { weights.reduce(0, +) }

  /// The ring's colour at the weighted median of OKLab lightness (the darker colour where the
  /// halves tie), or `nil` when the ring is empty.
  public var medianColor: RGBA8? {
    guard !keys.isEmpty else { return nil }
    let colors = keys.map(Self.color(of:))
    let order = colors.indices.sorted {
      let (lhs, rhs) = (OKLab(colors[$0]).l, OKLab(colors[$1]).l)
      return lhs != rhs ? lhs < rhs : keys[$0] < keys[$1]
    }
    let total = totalWeight
    var below = 0
    for index in order {
      below += weights[index]
      if 2 * below >= total { return colors[index] }
    }
    return colors[order[order.count - 1]]
  }

  /// The opaque colour of a packed `0xRRGGBB` key.
  static func color(of key: UInt32) -> RGBA8 {
    RGBA8(
      r: UInt8(truncatingIfNeeded: key >> 16), g: UInt8(truncatingIfNeeded: key >> 8),
      b: UInt8(truncatingIfNeeded: key))
  }
}
