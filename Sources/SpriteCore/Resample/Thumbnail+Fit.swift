extension Thumbnail {
  /// How a thumbnail fills its `size` x `size` box, named as on the command line
  /// (`--thumbnail-fit contain|pad`, `--fit contain|pad`).
  public enum Fit: String, CaseIterable, Sendable {
    /// The scaled sprite alone: its longest side is at most `size` and its aspect ratio is kept,
    /// so a 27 x 32 sprite at 96 is 81 x 96.
    case contain
    /// Exactly `size` x `size`: the scaled sprite of ``contain`` centred on fully transparent
    /// pixels (0, 0, 0, 0), so every thumbnail of a size fits the same grid cell.
    case pad
  }

  /// Where a `content` image sits when centred in a `box`: the leftover width and height are
  /// split in two, and an odd leftover puts its extra pixel on the right and at the bottom.
  ///
  /// The origin is ⌊(box − content) / 2⌋ on each axis: 81 wide in 96 gives x = 7 (7 columns on
  /// the left, 8 on the right).
  ///
  /// - Parameters:
  ///   - content: The size of the image to place, at most `box` on each side.
  ///   - box: The size of the canvas.
  /// - Returns: The top-left corner of the content in canvas coordinates.
  public static func centredOrigin(
    of content: (width: Int, height: Int), in box: (width: Int, height: Int)
  ) -> (x: Int, y: Int) {
    precondition(
      content.width <= box.width && content.height <= box.height, "content must fit its box")
    return ((box.width - content.width) / 2, (box.height - content.height) / 2)
  }

  /// `image` centred on a `width` x `height` canvas of transparent pixels (0, 0, 0, 0), at
  /// ``centredOrigin(of:in:)``; `image` itself when it is that size already.
  ///
  /// The content's pixels are copied unchanged, so the padded thumbnail holds the ``Fit/contain``
  /// one pixel for pixel.
  ///
  /// - Parameters:
  ///   - image: The content, at most `width` x `height`.
  ///   - width: The canvas width.
  ///   - height: The canvas height.
  /// - Returns: The padded image.
  /// - Complexity: O(`width` · `height`).
  public static func padded(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    if image.width == width && image.height == height { return image }
    let origin = centredOrigin(of: (image.width, image.height), in: (width, height))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let rowBytes = image.width * 4
    image.pixels.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { canvas in
        for row in 0..<image.height {
          let from = row * rowBytes
          let to = ((origin.y + row) * width + origin.x) * 4
          (canvas.baseAddress! + to).update(from: source.baseAddress! + from, count: rowBytes)
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}
