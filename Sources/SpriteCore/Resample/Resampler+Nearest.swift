extension Resampler {
  /// Resizes by nearest-neighbour point sampling: each output pixel copies the source pixel
  /// under its centre.
  ///
  /// Output pixel (x, y) has its centre at ((x + ½)·W/w, (y + ½)·H/h) in source coordinates and
  /// takes source pixel (⌊(2x + 1)·W / 2w⌋, ⌊(2y + 1)·H / 2h⌋), computed in exact integers.
  /// Enlarging by an integer factor n therefore repeats every pixel as an n x n block (the
  /// pixel-art look), and the same size is the identity.
  ///
  /// Pixel contract: straight RGBA8 sRGB in and out, row-major from the top-left. Bytes are
  /// copied unchanged: no blending, no colour conversion, and transparent pixels keep their
  /// stored colour.
  ///
  /// ```swift
  /// let big = Resampler.nearest(image, width: image.width * 4, height: image.height * 4)
  /// ```
  ///
  /// - Parameters:
  ///   - image: The source image.
  ///   - width: The output width, at least 1.
  ///   - height: The output height, at least 1.
  /// - Returns: The resized image.
  /// - Complexity: O(output pixels).
  public static func nearest(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    checkSizes(image, width: width, height: height)
    let sourceWidth = image.width
    let sourceHeight = image.height
    let columns = (0..<width).map { x in (2 * x + 1) * sourceWidth / (2 * width) }
    let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
      image.pixels.withUnsafeBytes { source in
        columns.withUnsafeBufferPointer { columns in
          let target = UnsafeMutableRawPointer(output.baseAddress!)
          var offset = 0
          for y in 0..<height {
            let sourceRow = (2 * y + 1) * sourceHeight / (2 * height) * sourceWidth * 4
            for x in 0..<width {
              let pixel = source.loadUnaligned(
                fromByteOffset: sourceRow + columns[x] * 4, as: UInt32.self)
              target.storeBytes(of: pixel, toByteOffset: offset, as: UInt32.self)
              offset += 4
            }
          }
        }
      }
      count = width * height * 4
    }
    return RGBAImage(width: width, height: height, pixels: bytes)
  }
}
