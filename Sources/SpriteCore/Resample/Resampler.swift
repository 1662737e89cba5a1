/// Resizes RGBA8 images to an exact width and height with one of three filters.
///
/// Pixel contract, for every filter: input and output are straight (not premultiplied) RGBA8,
/// sRGB-encoded, row-major from the top-left corner. Pixel centres sit at half-integer
/// coordinates, so both images span the same area and edges line up.
///
/// - ``area(_:width:height:)`` and ``lanczos3(_:width:height:)`` filter premultiplied colour in
///   linear light, so fully transparent pixels never darken or tint their neighbours. Pixels are
///   processed in integer (fixed-point) arithmetic, so results are bit-identical on every
///   platform. An output pixel whose alpha rounds to 0 is written as (0, 0, 0, 0).
/// - ``nearest(_:width:height:)`` copies source pixels unchanged (transparent ones included).
///
/// ``Thumbnail`` picks the size and the filter; use `Resampler` to resize to an exact size.
///
/// ```swift
/// let half = Resampler.area(image, width: image.width / 2, height: image.height / 2)
/// ```
public enum Resampler {
  /// The longest side, in pixels, that the fixed-point filters accept (4,194,304).
  ///
  /// Row sums of 2^32-scaled linear light stay inside 64 bits up to this size; the decoder's
  /// own limit (16,384 px per side) is far below it.
  public static let maxSide = 1 << 22

  /// Resizes `image` to exactly `width` x `height` with `filter`.
  ///
  /// - Parameters:
  ///   - image: The source, straight RGBA8 in sRGB.
  ///   - width: The output width, at least 1.
  ///   - height: The output height, at least 1.
  ///   - filter: The resampling filter.
  /// - Returns: The resized image, straight RGBA8 in sRGB.
  public static func resize(
    _ image: RGBAImage, width: Int, height: Int, filter: Thumbnail.Filter
  ) -> RGBAImage {
    switch filter {
    case .area: area(image, width: width, height: height)
    case .nearest: nearest(image, width: width, height: height)
    case .lanczos3: lanczos3(image, width: width, height: height)
    }
  }

  static func checkSizes(_ image: RGBAImage, width: Int, height: Int) {
    precondition(width > 0 && height > 0, "Resampler needs a positive output size")
    precondition(
      max(image.width, image.height, width, height) <= maxSide,
      "Resampler handles at most \(maxSide) px per side")
  }
}

/// The source pixels under each output pixel along one axis, with integer weights.
///
/// Entry j sits at `table[j * stride ..< (j + 1) * stride]`: the first source index, the number
/// of taps, then that many weights (the rest is zero padding).
struct Taps {
  /// The number of `Int`s per output pixel: 2 + the most taps any output pixel has.
  let stride: Int
  /// The flattened entries.
  let table: [Int]

  /// Builds the table from per-output (first, weights) pairs.
  init(_ entries: [(first: Int, weights: [Int])]) {
    let widest = entries.map(\.weights.count).max() ?? 0
    stride = 2 + widest
    var table = [Int](repeating: 0, count: entries.count * stride)
    for (j, entry) in entries.enumerated() {
      table[j * stride] = entry.first
      table[j * stride + 1] = entry.weights.count
      for (t, weight) in entry.weights.enumerated() { table[j * stride + 2 + t] = weight }
    }
    self.table = table
  }
}
