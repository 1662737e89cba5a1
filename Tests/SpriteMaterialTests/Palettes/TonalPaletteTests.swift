import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("Tonal palettes against materialyoucolor 3.0.4")
struct TonalPaletteTests {
  static let records = MaterialGoldens.records("palettes.txt")

  @Test("every tone 0-100 and the key colour of the golden palettes are exact")
  func everyTone() {
    let palettes = Self.records.filter { $0[0] == "palette" }
    #expect(palettes.count >= 8)
    for r in palettes {
      let palette = TonalPalette(hue: Double(r[1])!, chroma: Double(r[2])!)
      #expect(MaterialGoldens.hex(palette.keyColor.color) == r[4], "key of \(r[1]) \(r[2])")
      let tones = (0...100).map { MaterialGoldens.hex(palette.tone(Double($0))) }
      #expect(tones == r[5...].map(String.init), "palette \(r[1]) \(r[2])")
      let cache = ToneCache(palette)
      #expect((0...100).map { MaterialGoldens.hex(cache.color(Double($0))) } == tones)
    }
  }

  @Test("the Theme Builder export palettes of every source are exact")
  func exportPalettes() {
    let exports = Self.records.filter { $0[0] == "export" }
    #expect(exports.count >= 30 * 6)
    for r in exports {
      let palettes = ThemeBuilderPalettes(source: HCT(MaterialGoldens.color(r[1]))).colors
      let palette = palettes.first { $0.name == r[2] }!
      #expect(palette.tones.map { MaterialGoldens.hex($0.color) } == r[3...].map(String.init))
    }
  }

  @Test("tone 99 of a yellow palette is the mean of tones 98 and 100")
  func yellowTone99() {
    let palette = TonalPalette(hue: 110, chroma: 60)
    #expect(palette.tone(99) == TonalPalette.average(palette.tone(98), palette.tone(100)))
    #expect(ToneCache(palette).color(99) == palette.tone(99))
  }
}
