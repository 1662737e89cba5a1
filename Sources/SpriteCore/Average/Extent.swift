/// A named region of an image over which a colour is averaged (SPEC section 2).
///
/// Coordinates are top-left pixel coordinates; edges may be fractional, and a pixel that is only
/// partly inside a region counts with the fraction of its area inside.
public enum Extent: Hashable, Sendable {
  /// The `fraction` x `fraction` part of the image centred on it; `centre(fraction: 1/8)` is the default.
  case centre(fraction: Double)
  /// The original iOS app's Core Image extent `CIVector(W/2, H/2, W/8, H/8)` (bottom-left origin).
  case seed
  /// The whole image.
  case full
  /// An explicit rectangle in top-left coordinates, clipped to the image.
  case rect(x: Double, y: Double, width: Double, height: Double)
  /// An explicit Core Image rectangle (bottom-left origin), clipped to the image.
  case coreImage(x: Double, y: Double, width: Double, height: Double)

  /// The default extent: the centred W/8 x H/8 rectangle.
  public static let centre = Extent.centre(fraction: 1.0 / 8.0)

  /// The region this extent covers in a `width` x `height` image, clipped to the image.
  public func region(width: Int, height: Int) -> Region {
    let w = Double(width)
    let h = Double(height)
    switch self {
    case .centre(let f):
      return Region(x: (1 - f) * w / 2, y: (1 - f) * h / 2, width: f * w, height: f * h)
    case .seed:
      return Region(x: w / 2, y: 3 * h / 8, width: w / 8, height: h / 8)
    case .full:
      return Region(x: 0, y: 0, width: w, height: h)
    case .rect(let x, let y, let rw, let rh):
      return Region(x: x, y: y, width: rw, height: rh).clipped(width: width, height: height)
    case .coreImage(let x, let y, let rw, let rh):
      return Region(x: x, y: h - y - rh, width: rw, height: rh)
        .clipped(width: width, height: height)
    }
  }
}

/// A rectangle in top-left pixel coordinates with fractional edges allowed.
public struct Region: Hashable, Sendable {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width (zero for an empty region).
  public var width: Double
  /// Height (zero for an empty region).
  public var height: Double

  /// Creates a region from its top-left corner and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The region's area in pixels.
  public var area: Double { width * height }

  /// The part of this region inside a `width` x `height` image (size zero when they do not meet).
  public func clipped(width imageWidth: Int, height imageHeight: Int) -> Region {
    let x0 = min(max(x, 0), Double(imageWidth))
    let y0 = min(max(y, 0), Double(imageHeight))
    let x1 = min(max(x + width, x0), Double(imageWidth))
    let y1 = min(max(y + height, y0), Double(imageHeight))
    return Region(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
