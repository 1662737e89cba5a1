/// The area-weighted, alpha-weighted mean colour of an image region (SPEC section 3).
///
/// For each pixel i with straight colour c_i, alpha a_i and area weight w_i (the fraction of the
/// pixel inside the region):
/// - `coverage` = Σ w_i·a_i / (255 · Σ w_i);
/// - the colour is Σ w_i·a_i·c_i / Σ w_i·a_i, so fully transparent pixels never darken it;
///   `linear` averages in linear light (sRGB decoded first, the mean re-encoded, as a default
///   Core Image context does), `encoded` averages the stored sRGB values;
/// - `premultiplied` is the 8-bit premultiplied RGBA of the encoded mean, (colour·coverage, coverage).
///
/// Results are rounded to the nearest 8-bit value (halves away from zero); linear light is taken
/// from a 16-bit table, and sums are in double precision, exact (so independent of pixel order)
/// for pixel-aligned regions of up to 64 Mpx. This is the box-filter mean that Core Image's
/// `CIAreaAverage` computes, written out over fractional pixel edges.
///
/// ```swift
/// let average = AreaAverage(of: image, over: .seed)
/// average.linear?.hex  // "#d06a3c", or nil when the region is fully transparent
/// ```
public struct AreaAverage: Hashable, Sendable {
  /// The region averaged over, in top-left pixel coordinates, clipped to the image.
  public let region: Region
  /// How much of the region the sprite covers: 0 (all transparent) to 1 (all opaque).
  public let coverage: Double
  /// The mean colour computed in linear light, re-encoded to sRGB (opaque), or `nil` when coverage is 0.
  public let linear: RGBA8?
  /// The mean of the stored sRGB values (opaque), or `nil` when coverage is 0.
  public let encoded: RGBA8?
  /// The 8-bit premultiplied RGBA of the encoded mean: what `CIAreaAverage` hands to `UIColor`.
  public let premultiplied: RGBA8

  /// Averages `image` over `extent`.
  ///
  /// - Complexity: O(pixels in the region).
  public init(of image: RGBAImage, over extent: Extent = .centre) {
    self.init(of: image, in: extent.region(width: image.width, height: image.height))
  }

  /// Averages `image` over an explicit region (clipped to the image first).
  public init(of image: RGBAImage, in region: Region) {
    let region = region.clipped(width: image.width, height: image.height)
    self.region = region
    let sums = Sums(image: image, region: region)
    guard sums.weight > 0 else {
      coverage = 0
      linear = nil
      encoded = nil
      premultiplied = RGBA8(r: 0, g: 0, b: 0, a: 0)
      return
    }
    coverage = sums.alpha / (255 * sums.weight)
    premultiplied = RGBA8(
      r: Self.byte(sums.colour.0 / (255 * sums.weight)),
      g: Self.byte(sums.colour.1 / (255 * sums.weight)),
      b: Self.byte(sums.colour.2 / (255 * sums.weight)),
      a: Self.byte(sums.alpha / sums.weight))
    guard sums.alpha > 0 else {
      linear = nil
      encoded = nil
      return
    }
    encoded = RGBA8(
      r: Self.byte(sums.colour.0 / sums.alpha),
      g: Self.byte(sums.colour.1 / sums.alpha),
      b: Self.byte(sums.colour.2 / sums.alpha))
    linear = RGBA8(
      r: SRGB.encode(sums.light.0 / (65535 * sums.alpha)),
      g: SRGB.encode(sums.light.1 / (65535 * sums.alpha)),
      b: SRGB.encode(sums.light.2 / (65535 * sums.alpha)))
  }

  /// The linear-light mean colour of `image` over `extent`, or `nil` when the region is fully transparent.
  public static func color(of image: RGBAImage, over extent: Extent = .centre) -> RGBA8? {
    AreaAverage(of: image, over: extent).linear
  }

  private static func byte(_ value: Double) -> UInt8 {
    UInt8(min(max(value, 0), 255).rounded())
  }
}

/// The weighted sums behind an ``AreaAverage``.
private struct Sums {
  /// Σ w_i.
  var weight = 0.0
  /// Σ w_i·a_i.
  var alpha = 0.0
  /// Σ w_i·a_i·c_i per channel, in stored sRGB values.
  var colour = (0.0, 0.0, 0.0)
  /// Σ w_i·a_i·linear(c_i) per channel, linear light in units of 1/65535 (``SRGB/decodeTable16``).
  var light = (0.0, 0.0, 0.0)

  init(image: RGBAImage, region: Region) {
    let columns = Coverage(from: region.x, to: region.x + region.width)
    let rows = Coverage(from: region.y, to: region.y + region.height)
    guard !columns.isEmpty, !rows.isEmpty else { return }
    weight = columns.total * rows.total
    let table = SRGB.decodeTable16
    image.pixels.withUnsafeBufferPointer { p in
      table.withUnsafeBufferPointer { lin in
        for y in rows.first..<rows.end {
          let wy = rows.weight(of: y)
          var rowSums = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
          var i = (y * image.width + columns.first) * 4
          for x in columns.first..<columns.end {
            let a = Double(p[i + 3])
            if a != 0 {
              let wa = columns.weight(of: x) * a
              let r = Int(p[i])
              let g = Int(p[i + 1])
              let b = Int(p[i + 2])
              rowSums.0 += wa
              rowSums.1 += wa * Double(r)
              rowSums.2 += wa * Double(g)
              rowSums.3 += wa * Double(b)
              rowSums.4 += wa * Double(lin[r])
              rowSums.5 += wa * Double(lin[g])
              rowSums.6 += wa * Double(lin[b])
            }
            i += 4
          }
          alpha += wy * rowSums.0
          colour.0 += wy * rowSums.1
          colour.1 += wy * rowSums.2
          colour.2 += wy * rowSums.3
          light.0 += wy * rowSums.4
          light.1 += wy * rowSums.5
          light.2 += wy * rowSums.6
        }
      }
    }
  }
}

/// The pixels [start, end) touches along one axis and the fraction of each it covers, computed
/// when asked rather than stored (an average makes two per sprite).
private struct Coverage {
  /// The first pixel index touched.
  let first: Int
  /// One past the last pixel index touched.
  let end: Int
  private let start: Double
  private let stop: Double

  /// The pixels of [start, end); none when `end <= start`.
  init(from start: Double, to end: Double) {
    self.start = start
    self.stop = end
    if end > start {
      first = Int(start.rounded(.down))
      self.end = Int(end.rounded(.up))
    } else {
      first = 0
      self.end = 0
    }
  }

  /// Whether no pixel is touched.
  var isEmpty: Bool { end <= first }

  /// The covered fraction of pixel `pixel`, in `first..<end`.
  @inline(__always)
  func weight(of pixel: Int) -> Double {
    min(Double(pixel + 1), stop) - max(Double(pixel), start)
  }

  /// The sum of the fractions, added in pixel order.
  var total: Double {
    var sum = 0.0
    for pixel in first..<end { sum += weight(of: pixel) }
    return sum
  }
}
