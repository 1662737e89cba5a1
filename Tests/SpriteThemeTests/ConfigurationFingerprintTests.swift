import SpriteCore
import SpriteMaterial
import SpritePNG
import Testing

@testable import SpriteTheme

/// The configuration's part of a re-run's key: explicit, and different for every option.
@Suite("ThemePipeline.Configuration.fingerprint")
struct ConfigurationFingerprintTests {
  typealias Configuration = ThemePipeline.Configuration

  @Test("the defaults' fingerprint, spelled out")
  func defaults() {
    #expect(
      Configuration().fingerprint
        == "extent=centre(0.125) limits=16384,67108864 palette=8 text=minimum-alpha "
        + "variant=tonalSpot greys=monochrome contrast=0.0 spec=2021")
  }

  @Test("every option, changed alone, changes the fingerprint; equal options give equal ones")
  func everyOption() {
    let changed: [Configuration] = [
      Configuration(extent: .full), Configuration(extent: .seed),
      Configuration(extent: .centre(fraction: 0.25)),
      Configuration(extent: .rect(x: 0, y: 0, width: 1, height: 1)),
      Configuration(extent: .coreImage(x: 0, y: 0, width: 1, height: 1)),
      Configuration(extent: .rect(x: 0, y: 0, width: 1, height: 0.5)),
      Configuration(limits: PNGDecoder.Limits(maxSide: 100)),
      Configuration(limits: PNGDecoder.Limits(maxPixels: 100)),
      Configuration(paletteSize: 9), Configuration(textMode: .opaque),
      Configuration(variant: .vibrant), Configuration(variant: .tonalSpot),
      Configuration(contrastLevel: 0.5), Configuration(spec: .spec2025),
      Configuration(contrastLevel: -0.0000001),
    ]
    let prints = changed.map(\.fingerprint)
    #expect(Set(prints + [Configuration().fingerprint]).count == changed.count + 1)
    #expect(Configuration(paletteSize: 9).fingerprint == Configuration(paletteSize: 9).fingerprint)
  }
}
