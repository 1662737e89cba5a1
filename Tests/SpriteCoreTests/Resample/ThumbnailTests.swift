import SpriteCore
import Testing
import _SpriteTestSupport

@Suite("Thumbnail")
struct ThumbnailTests {
  /// Every explicit filter and the automatic choice.
  static let filters: [Thumbnail.Filter?] = [nil] + Thumbnail.Filter.allCases.map { $0 }

  @Test(
    "the shorter side keeps the aspect ratio, rounds halves up and is at least 1",
    arguments: [
      (64, 32, 16, 16, 8), (32, 64, 16, 8, 16), (3, 100, 10, 1, 10), (100, 3, 10, 10, 1),
      (5, 5, 3, 3, 3), (10, 5, 3, 3, 2), (10, 4, 3, 3, 1), (20, 10, 50, 50, 25), (1, 1, 7, 7, 7),
    ])
  func outputSize(width: Int, height: Int, size: Int, expectedWidth: Int, expectedHeight: Int) {
    let result = Thumbnail.outputSize(width: width, height: height, longestSide: size)
    #expect(result.width == expectedWidth && result.height == expectedHeight)
    let image = SyntheticSprites.noise(width: width, height: height, seed: 1)
    for filter in Thumbnail.Filter.allCases {
      let thumbnail = Thumbnail(size: size, filter: filter).apply(to: image)
      #expect(thumbnail.width == expectedWidth && thumbnail.height == expectedHeight, "\(filter)")
    }
  }

  @Test(
    "automatic enlargement uses the next integer factor down",
    arguments: [
      (50, 40, 20), (60, 60, 30), (39, 20, 10), (79, 60, 30), (200, 200, 100),
    ])
  func automaticEnlargement(size: Int, expectedWidth: Int, expectedHeight: Int) {
    let image = SyntheticSprites.noise(width: 20, height: 10, seed: 2)
    let options = Thumbnail(size: size)
    #expect(options.resolvedFilter(width: 20, height: 10) == .nearest)
    let thumbnail = options.apply(to: image)
    #expect(thumbnail.width == expectedWidth && thumbnail.height == expectedHeight)
    #expect(thumbnail == Resampler.nearest(image, width: expectedWidth, height: expectedHeight))
    let factor = expectedWidth / 20
    // Every source pixel becomes a factor x factor block.
    #expect(thumbnail[factor * 3 + factor - 1, factor * 2] == image[3, 2])
  }

  @Test("automatic shrinking uses the area filter")
  func automaticShrink() {
    let image = SyntheticSprites.noise(width: 30, height: 20, seed: 3)
    let options = Thumbnail(size: 12)
    #expect(options.resolvedFilter(width: 30, height: 20) == .area)
    #expect(options.apply(to: image) == Resampler.area(image, width: 12, height: 8))
  }

  @Test("an explicit filter enlarges to exactly the requested size")
  func explicitEnlargement() {
    let image = SyntheticSprites.noise(width: 20, height: 10, seed: 4)
    for filter in Thumbnail.Filter.allCases {
      let options = Thumbnail(size: 50, filter: filter)
      #expect(options.resolvedFilter(width: 20, height: 10) == filter)
      let thumbnail = options.apply(to: image)
      #expect(thumbnail.width == 50 && thumbnail.height == 25, "\(filter)")
      #expect(thumbnail == Resampler.resize(image, width: 50, height: 25, filter: filter))
    }
  }

  @Test("the same size returns the image byte for byte under every filter", arguments: filters)
  func sameSizeIsIdentity(filter: Thumbnail.Filter?) {
    for (width, height) in [(1, 1), (16, 9), (9, 16), (13, 13)] {
      let image = SyntheticSprites.noise(width: width, height: height, seed: UInt64(width * height))
      #expect(Thumbnail(size: max(width, height), filter: filter).apply(to: image) == image)
    }
  }

  @Test("a solid colour stays exactly that colour under every filter and size", arguments: filters)
  func solidStaysSolid(filter: Thumbnail.Filter?) {
    let colours = [
      RGBA8(r: 0, g: 0, b: 0), RGBA8(r: 255, g: 255, b: 255), RGBA8(r: 1, g: 2, b: 254),
      RGBA8(r: 208, g: 106, b: 60), RGBA8(r: 10, g: 200, b: 90, a: 1),
      RGBA8(r: 77, g: 11, b: 250, a: 128), RGBA8(r: 255, g: 0, b: 0, a: 254),
    ]
    for colour in colours {
      for (width, height) in [(7, 5), (13, 13), (1, 9)] {
        let image = SyntheticSprites.solid(colour, width: width, height: height)
        for size in [1, 3, 6, 13, 20, 64] {
          let thumbnail = Thumbnail(size: size, filter: filter).apply(to: image)
          let expected = SyntheticSprites.solid(
            colour, width: thumbnail.width, height: thumbnail.height)
          #expect(thumbnail == expected, "\(colour) \(width)x\(height) at \(size)")
        }
      }
    }
  }

  @Test(
    "a fully transparent image becomes (0, 0, 0, 0) when blended, and stays as stored with nearest")
  func transparentSolid() {
    let clear = RGBA8(r: 10, g: 20, b: 30, a: 0)
    let image = SyntheticSprites.solid(clear, width: 8, height: 4)
    for filter in [Thumbnail.Filter.area, .lanczos3] {
      let thumbnail = Thumbnail(size: 4, filter: filter).apply(to: image)
      #expect(thumbnail.pixels.allSatisfy { $0 == 0 }, "\(filter)")
    }
    #expect(
      Thumbnail(size: 4, filter: .nearest).apply(to: image)
        == SyntheticSprites.solid(clear, width: 4, height: 2))
  }

  @Test("filters are named as on the command line")
  func filterNames() {
    #expect(Thumbnail.Filter.allCases.map(\.rawValue) == ["area", "nearest", "lanczos3"])
    #expect(Thumbnail.Filter(rawValue: "lanczos3") == .lanczos3)
  }
}
