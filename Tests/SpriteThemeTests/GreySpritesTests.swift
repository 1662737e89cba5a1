import SpriteCore
import SpriteMaterial
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// A sprite without chromatic colour gets the monochrome variant unless one is asked for (SPEC
/// section 10): Material's other variants would invent a hue from a grey's numerical hue.
@Suite("Grey sprites stay grey")
struct GreySpritesTests {
  static let black = RGBA8(r: 0, g: 0, b: 0)
  static let grey = RGBA8(r: 0x80, g: 0x80, b: 0x80)
  static let light = RGBA8(r: 0xD0, g: 0xCE, b: 0xCC)
  static let warmGrey = RGBA8(r: 0x8A, g: 0x86, b: 0x82)

  /// Grey sprites: an outline on a grey body, grey noise, a near-grey, a grey body with a few
  /// red pixels so faint (alpha 2) that they weigh almost nothing, and a skull's two red eyes
  /// (under 1% of its pixels).
  static let greySprites: [(String, RGBAImage)] = [
    (
      "outlined",
      SyntheticSprites.withTransparentBorder(
        SyntheticSprites.checkerboard(black, grey, width: 12, height: 12, cell: 3), border: 2)
    ),
    ("light", SyntheticSprites.checkerboard(light, warmGrey, width: 10, height: 10)),
    (
      "noise",
      RGBAImage(width: 16, height: 16) { x, y in
        let v = UInt8((x * 16 + y * 7) % 256)
        return RGBA8(r: v, g: v, b: v, a: 255)
      }
    ),
    (
      "faint red",
      RGBAImage(width: 16, height: 16) { x, y in
        x == 0 && y < 4 ? RGBA8(r: 255, g: 0, b: 0, a: 2) : grey
      }
    ),
    (
      "red eyes",
      RGBAImage(width: 16, height: 16) { x, y in
        y == 5 && (x == 5 || x == 10) ? RGBA8(r: 0xE0, g: 0x20, b: 0x20) : light
      }
    ),
  ]

  /// HCT chroma of a `#rrggbb` hex.
  static func chroma(_ hex: String) -> Double {
    let value = UInt32(hex.dropFirst(), radix: 16)!
    return HCT(
      RGBA8(
        r: UInt8(truncatingIfNeeded: value >> 16), g: UInt8(truncatingIfNeeded: value >> 8),
        b: UInt8(truncatingIfNeeded: value))
    ).chroma
  }

  @Test(
    "a grey sprite gets monochrome, its primaries under chroma 4, in both specs",
    arguments: [MaterialSpec.spec2021, .spec2025])
  func greyGetsMonochrome(spec: MaterialSpec) throws {
    for (name, image) in Self.greySprites {
      let theme = ThemeMaterialTests.theme(of: image, .init(spec: spec))
      let material = try #require(theme.material, "\(name)")
      #expect(material.variant == "monochrome", "\(name)")
      #expect(material.spec == spec.rawValue)
      for roles in [material.schemes.light, material.schemes.dark] {
        #expect(Self.chroma(roles[.primary]) < 4, "\(name) \(roles[.primary])")
      }
    }
  }

  @Test("an explicit variant is kept for a grey sprite, even the default one")
  func explicitVariantKept() throws {
    let image = Self.greySprites[0].1
    for variant in [MaterialVariant.tonalSpot, .vibrant] {
      let theme = ThemeMaterialTests.theme(of: image, .init(variant: variant))
      #expect(try #require(theme.material).variant == variant.rawValue)
    }
  }

  @Test("colourful sprites are unaffected: the default variant and the same schemes")
  func colourfulUnaffected() throws {
    let sprites = [
      SyntheticSprites.checkerboard(
        Self.black, RGBA8(r: 0x78, g: 0xC8, b: 0x50), width: 12, height: 12),
      SyntheticSprites.checkerboard(
        Self.grey, RGBA8(r: 0xB3, g: 0x3B, b: 0x15), width: 12, height: 12, cell: 4),
      // A grey body with a red patch on 6% of it.
      RGBAImage(width: 10, height: 10) { x, y in
        y == 0 && x < 6 ? RGBA8(r: 0xE0, g: 0x20, b: 0x20) : Self.light
      },
    ]
    for image in sprites {
      let automatic = ThemeMaterialTests.theme(of: image)
      let explicit = ThemeMaterialTests.theme(of: image, .init(variant: .tonalSpot))
      #expect(try #require(automatic.material).variant == "tonalSpot")
      #expect(automatic.material == explicit.material)
    }
  }
}
