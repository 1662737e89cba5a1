import SpriteCore
import Testing

@testable import SpriteMaterial

@Suite("Tonal palettes against materialyoucolor 3.0.4")
struct TonalPaletteTests {
  static let records = MaterialGoldens.records("palettes.txt")

  /// The golden tones with tone 99 of a yellow palette replaced by the mean of its tones 98 and
  /// 100 with halves rounded up, as every MCU port (TypeScript `Math.round`, Java, Dart) does;
  /// the Python port rounds halves to even there (about half the yellow palettes differ by 1).
  static func mcuTones(_ golden: [String], tones: [Int], hue: Double) -> [String] {
    guard HCT.isYellow(hue), let i99 = tones.firstIndex(of: 99),
      let i98 = tones.firstIndex(of: 98), let i100 = tones.firstIndex(of: 100)
    else { return golden }
    let a = MaterialGoldens.color(Substring(golden[i98]))
    let b = MaterialGoldens.color(Substring(golden[i100]))
    func halfUp(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + Double(y)) / 2 + 0.5) }
    var result = golden
    result[i99] = MaterialGoldens.hex(
      RGBA8(r: halfUp(a.r, b.r), g: halfUp(a.g, b.g), b: halfUp(a.b, b.b)))
    return result
  }

  @Test("every tone 0-100 and the key colour of the golden palettes are exact")
  func everyTone() {
    let palettes = Self.records.filter { $0[0] == "palette" }
    #expect(palettes.count >= 8)
    for r in palettes {
      let palette = TonalPalette(hue: Double(r[1])!, chroma: Double(r[2])!)
      #expect(MaterialGoldens.hex(palette.keyColor.color) == r[4], "key of \(r[1]) \(r[2])")
      let tones = (0...100).map { MaterialGoldens.hex(palette.tone(Double($0))) }
      let expected = Self.mcuTones(
        r[5...].map(String.init), tones: Array(0...100), hue: palette.hue)
      #expect(tones == expected, "palette \(r[1]) \(r[2])")
      var cache = ToneCache(palette)
      #expect((0...100).map { MaterialGoldens.hex(cache.color(Double($0))) } == tones)
    }
  }

  @Test("the Theme Builder export palettes of every source are exact")
  func exportPalettes() {
    let exports = Self.records.filter { $0[0] == "export" }
    #expect(exports.count >= 30 * 6)
    for r in exports {
      let export = ThemeBuilderPalettes(source: HCT(MaterialGoldens.color(r[1])))
      let index = ThemeBuilderPalettes.names.firstIndex(of: String(r[2]))!
      let tones = export.colors[index].tones.map { MaterialGoldens.hex($0.color) }
      let expected = Self.mcuTones(
        r[3...].map(String.init), tones: ThemeBuilderPalettes.tones, hue: export.palettes[index].hue
      )
      #expect(tones == expected, "\(r[1]) \(r[2])")
    }
  }

  @Test("tone 99 of a yellow palette is the mean of tones 98 and 100, halves rounded up")
  func yellowTone99() {
    let palette = TonalPalette(hue: 110, chroma: 60)
    #expect(palette.tone(99) == TonalPalette.average(palette.tone(98), palette.tone(100)))
    var cache = ToneCache(palette)
    #expect(cache.color(99) == palette.tone(99))
    #expect(
      TonalPalette.average(RGBA8(r: 1, g: 2, b: 255), RGBA8(r: 2, g: 2, b: 254))
        == RGBA8(r: 2, g: 2, b: 255))
    // Not yellow: tone 99 is solved like any other tone.
    let red = TonalPalette(hue: 25, chroma: 84)
    #expect(red.tone(99) == HCT.solve(hue: 25, chroma: 84, tone: 99))
  }
}
