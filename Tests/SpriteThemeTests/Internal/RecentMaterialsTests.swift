import SpriteCore
import SpriteMaterial
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The memo of recent Material blocks: a hit is what computing would give, and the key holds
/// every input.
@Suite("RecentMaterials")
struct RecentMaterialsTests {
  static let red = RGBA8(r: 0xB3, g: 0x3B, b: 0x15)
  static let blue = RGBA8(r: 0x1D, g: 0x5B, b: 0xEE)

  @Test("a remembered block equals a computed one, for every variant and contrast asked in turn")
  func hitsEqualComputed() {
    let memo = RecentMaterials(capacity: 4)
    for _ in 0..<2 {
      for variant in [MaterialVariant.tonalSpot, .vibrant, .fidelity] {
        for level in [0.0, 0.5] {
          for source in [Self.red, Self.blue] {
            let computed = Theme.Material(source: source, variant: variant, contrastLevel: level)
            #expect(
              memo.material(source: source, variant: variant, contrastLevel: level) == computed)
          }
        }
      }
    }
  }

  @Test("the alpha of a source does not split the key: the schemes use the opaque colour")
  func alphaIgnored() {
    let memo = RecentMaterials()
    let translucent = RGBA8(r: Self.red.r, g: Self.red.g, b: Self.red.b, a: 0x40)
    let first = memo.material(source: translucent, variant: .tonalSpot, contrastLevel: 0)
    #expect(first == Theme.Material(source: Self.red, variant: .tonalSpot, contrastLevel: 0))
    #expect(memo.material(source: Self.red, variant: .tonalSpot, contrastLevel: 0) == first)
  }

  @Test("a pipeline copy with another variant gets its own schemes from the shared memo")
  func pipelineCopiesKeepTheirConfiguration() {
    let image = SyntheticSprites.solid(Self.red, width: 8, height: 8)
    let source = Theme.Source(
      name: "t", path: "t.png", sha256: String(repeating: "0", count: 64), width: 8, height: 8,
      opaquePixels: 64)
    let pipeline = ThemePipeline()
    var vibrant = pipeline
    vibrant.configuration.variant = .vibrant
    let a = pipeline.theme(of: image, source: source).material
    let b = vibrant.theme(of: image, source: source).material
    let c = pipeline.theme(of: image, source: source).material
    #expect(a?.variant == "tonalSpot" && b?.variant == "vibrant")
    #expect(a != b && a == c)
    #expect(b == Theme.Material(source: Self.red, variant: .vibrant, contrastLevel: 0))
  }
}
