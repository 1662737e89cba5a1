import Foundation
import SpriteCore
import SpriteTheme
import Testing
import _SpriteTestSupport

@Suite("ThemePipeline: text mode")
struct ThemePipelineTextModeTests {
  @Test("opaque text mode writes full-strength white or black and changes nothing else")
  func opaqueText() throws {
    let files = Fixtures.sampleSpriteFiles()
    #expect(!files.isEmpty)
    let opaque = ThemePipeline(configuration: .init(textMode: .opaque))
    for url in files {
      let bytes = try Fixtures.bytes(of: url)
      let name = url.deletingPathExtension().lastPathComponent
      let theme = try opaque.analyze(bytes: bytes, name: name).theme
      var texts: [Theme.Text] = []
      for swatch in [
        theme.swatches.vibrant, theme.swatches.lightVibrant, theme.swatches.darkVibrant,
        theme.swatches.muted, theme.swatches.lightMuted, theme.swatches.darkMuted,
      ].compactMap({ $0 }) {
        #expect(swatch.titleText == swatch.bodyText, "\(name) \(swatch.hex)")
        texts.append(swatch.bodyText)
      }
      if let card = theme.card { texts.append(card.text) }
      for text in texts {
        #expect(text.hex == "#ffffff" || text.hex == "#000000", "\(name)")
        #expect(text.contrast >= 4.5, "\(name)")
      }
      Schemas.expectValid(Data(ThemeEncoder.encode(theme)), against: Schemas.theme, name)
      // Everything but the text is the default mode's.
      var standard = try ThemePipeline().analyze(bytes: bytes, name: name).theme
      #expect(Self.colours(standard.swatches) == Self.colours(theme.swatches), "\(name)")
      standard.swatches = theme.swatches
      if let text = theme.card?.text { standard.card?.text = text }
      #expect(standard == theme, "\(name)")
    }
  }

  /// The swatch colours and populations in SPEC order, `nil` for a missing swatch.
  private static func colours(_ set: Theme.SwatchSet) -> [String?] {
    [set.vibrant, set.lightVibrant, set.darkVibrant, set.muted, set.lightMuted, set.darkMuted]
      .map { $0.map { "\($0.hex) \($0.population)" } }
  }
}
