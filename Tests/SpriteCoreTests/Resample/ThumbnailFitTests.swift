import SpriteCore
import Testing
import _SpriteTestSupport

/// `--thumbnail-fit pad`: the exact square, the `contain` thumbnail centred on transparency.
@Suite("Thumbnail fit")
struct ThumbnailFitTests {
  /// Checks one padded thumbnail against the `contain` one; `label` names the case on failure.
  static func checkPad(
    _ image: RGBAImage, size: Int, filter: Thumbnail.Filter?, label: String
  ) {
    let contained = Thumbnail(size: size, filter: filter).apply(to: image)
    let options = Thumbnail(size: size, filter: filter, fit: .pad)
    let padded = options.apply(to: image)
    #expect(padded.width == size && padded.height == size, "\(label)")
    #expect(options.outputSize(width: image.width, height: image.height) == (size, size))
    let scaled = options.scaledSize(width: image.width, height: image.height)
    #expect(scaled == (contained.width, contained.height), "\(label)")
    // The leftover is split in two; an odd one puts its extra pixel right and at the bottom.
    let (left, top) = Thumbnail.centredOrigin(of: scaled, in: (size, size))
    let right = size - contained.width - left
    let bottom = size - contained.height - top
    #expect(right - left == 0 || right - left == 1, "\(label): \(left) left, \(right) right")
    #expect(bottom - top == 0 || bottom - top == 1, "\(label): \(top) top, \(bottom) bottom")
    var paddingOK = true
    var contentOK = true
    for y in 0..<size {
      for x in 0..<size {
        let inside =
          x >= left && x < left + contained.width && y >= top && y < top + contained.height
        if inside {
          contentOK = contentOK && padded[x, y] == contained[x - left, y - top]
        } else {
          paddingOK = paddingOK && padded[x, y] == RGBA8(r: 0, g: 0, b: 0, a: 0)
        }
      }
    }
    #expect(paddingOK, "\(label): padding pixels are (0, 0, 0, 0)")
    #expect(contentOK, "\(label): the content is the contain thumbnail pixel for pixel")
  }

  @Test("pad is exactly size x size with the contain thumbnail centred, for random shapes")
  func randomShapes() {
    let filters: [Thumbnail.Filter?] = [nil] + Thumbnail.Filter.allCases.map { $0 }
    for seed in UInt64(1)...300 {
      var rng = SeededRandom(seed: seed)
      let width = Int.random(in: 1...48, using: &rng)
      let height = Int.random(in: 1...48, using: &rng)
      let size = Int.random(in: 1...72, using: &rng)
      let filter = filters.randomElement(using: &rng)!
      // Transparent pixels with colour in them too: nearest copies them, padding never does.
      let image = SyntheticSprites.noise(
        width: width, height: height, seed: seed, alphas: [0, 0, 90, 255])
      Self.checkPad(
        image, size: size, filter: filter,
        label: "seed \(seed): \(width)x\(height) at \(size), \(filter.map(\.rawValue) ?? "auto")")
    }
  }

  @Test(
    "one-pixel-wide and one-pixel-high sprites become a centred line",
    arguments: [(1, 1), (1, 2), (1, 7), (1, 40), (2, 1), (7, 1), (40, 1), (3, 100), (100, 3)])
  func lines(width: Int, height: Int) {
    let image = SyntheticSprites.noise(
      width: width, height: height, seed: UInt64(width * 1000 + height))
    for size in [1, 2, 5, 16, 33, 96] {
      for filter in [nil] + Thumbnail.Filter.allCases.map({ Optional($0) }) {
        Self.checkPad(
          image, size: size, filter: filter,
          label: "\(width)x\(height) at \(size), \(filter.map(\.rawValue) ?? "auto")")
      }
    }
  }

  @Test("a 27 x 32 sprite at 96: contain is 81 x 96, pad puts 7 columns left and 8 right")
  func oddLeftover() {
    let image = SyntheticSprites.noise(width: 27, height: 32, seed: 9, alphas: [255])
    let contained = Thumbnail(size: 96).apply(to: image)
    #expect(contained.width == 81 && contained.height == 96)
    #expect(Thumbnail.centredOrigin(of: (81, 96), in: (96, 96)) == (7, 0))
    let padded = Thumbnail(size: 96, fit: .pad).apply(to: image)
    #expect(padded.width == 96 && padded.height == 96)
    #expect(padded[6, 50].a == 0 && padded[7, 50] == contained[0, 50])
    #expect(padded[87, 50] == contained[80, 50] && padded[88, 50].a == 0)
    // Vertically: 2 x 5 in 4 x 10 leaves 2 and 5; the odd 5 gives 2 above, 3 below.
    #expect(Thumbnail.centredOrigin(of: (2, 5), in: (4, 10)) == (1, 2))
  }

  @Test("a square sprite at its own size is returned unchanged by pad")
  func squareIdentity() {
    let image = SyntheticSprites.noise(width: 13, height: 13, seed: 5)
    #expect(Thumbnail(size: 13, fit: .pad).apply(to: image) == image)
    #expect(Thumbnail.padded(image, width: 13, height: 13) == image)
  }

  @Test("fits are named as on the command line, contain by default")
  func names() {
    #expect(Thumbnail.Fit.allCases.map(\.rawValue) == ["contain", "pad"])
    #expect(Thumbnail(size: 4).fit == .contain)
  }
}
