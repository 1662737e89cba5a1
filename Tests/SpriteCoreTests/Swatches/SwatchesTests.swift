import SpriteCore
import Testing
import _SpriteTestSupport

@Suite("Swatches")
struct SwatchesTests {
  private func rgb(_ hex: UInt32) -> RGBA8 {
    RGBA8(
      r: UInt8(truncatingIfNeeded: hex >> 16), g: UInt8(truncatingIfNeeded: hex >> 8),
      b: UInt8(truncatingIfNeeded: hex))
  }

  private func palette(_ colours: [(UInt32, Int)]) -> Palette {
    Palette(weights: colours.map { (color: rgb($0.0), weight: $0.1) })
  }

  @Test("Android's Target table, weights and evaluation order")
  func targetTable() {
    typealias T = Swatches.Target
    func row(_ t: T) -> [Double] {
      [
        t.saturation.minimum, t.saturation.target, t.saturation.maximum, t.lightness.minimum,
        t.lightness.target, t.lightness.maximum,
      ]
    }
    #expect(row(T.lightVibrant) == [0.35, 1.0, 1.0, 0.55, 0.74, 1.0])
    #expect(row(T.vibrant) == [0.35, 1.0, 1.0, 0.30, 0.50, 0.70])
    #expect(row(T.darkVibrant) == [0.35, 1.0, 1.0, 0.0, 0.26, 0.45])
    #expect(row(T.lightMuted) == [0.0, 0.30, 0.40, 0.55, 0.74, 1.0])
    #expect(row(T.muted) == [0.0, 0.30, 0.40, 0.30, 0.50, 0.70])
    #expect(row(T.darkMuted) == [0.0, 0.30, 0.40, 0.0, 0.26, 0.45])
    for name in Swatches.Name.allCases {
      let t = name.target
      #expect([t.saturationWeight, t.lightnessWeight, t.populationWeight] == [0.24, 0.52, 0.24])
    }
    #expect(
      Swatches.Name.evaluationOrder
        == [.lightVibrant, .vibrant, .darkVibrant, .lightMuted, .muted, .darkMuted])
    #expect(
      Swatches.Name.allCases.map(\.rawValue)
        == ["vibrant", "lightVibrant", "darkVibrant", "muted", "lightMuted", "darkMuted"])
  }

  @Test("a pure saturated red at L = 0.5 is vibrant and nothing else")
  func pureRed() {
    let swatches = Swatches(palette: palette([(0xff0000, 100)]))
    #expect(swatches.vibrant?.color == rgb(0xff0000))
    #expect(swatches.vibrant?.population == 1)
    for (name, swatch) in swatches.all where name != .vibrant {
      #expect(swatch == nil, "\(name)")
    }
    // S = 1, L = 0.5, population = max: a perfect score.
    #expect(swatches.vibrant?.score == 1)
  }

  @Test("a grey is never vibrant")
  func greysAreNotVibrant() {
    for v in stride(from: 0, through: 255, by: 5) {
      let grey = UInt32(v) * 0x010101
      for filter in Swatches.CandidateFilter.allCases {
        let swatches = Swatches(palette: palette([(grey, 10)]), filter: filter)
        #expect(swatches.vibrant == nil && swatches.lightVibrant == nil)
        #expect(swatches.darkVibrant == nil)
      }
    }
    // Mid grey is muted.
    #expect(Swatches(palette: palette([(0x808080, 1)])).muted?.color == rgb(0x808080))
  }

  @Test("nothing eligible gives six nils, never an invented swatch")
  func nothingEligible() {
    let empty = Swatches(palette: palette([]))
    #expect(empty.all.allSatisfy { $0.swatch == nil })
    // Black, white and a skin tone are all rejected by Android's default filter.
    let filtered = palette([(0x000000, 50), (0xffffff, 30), (0xe0a080, 20)])
    #expect(HSL(rgb(0xe0a080)).hue > 10 && HSL(rgb(0xe0a080)).hue < 37)
    #expect(Swatches(palette: filtered).all.allSatisfy { $0.swatch == nil })
    // Without the filter, black is darkMuted and white lightMuted.
    let unfiltered = Swatches(palette: filtered, filter: .none)
    #expect(unfiltered.darkMuted?.color == rgb(0x000000))
    #expect(unfiltered.lightMuted?.color == rgb(0xffffff))
  }

  @Test("Android's default filter: L ≤ 0.05, L ≥ 0.95, hue 10-37° with S ≤ 0.82")
  func defaultFilter() {
    let android = Swatches.CandidateFilter.android
    #expect(!android.allows(HSL(hue: 200, saturation: 1, lightness: 0.05)))
    #expect(android.allows(HSL(hue: 200, saturation: 1, lightness: 0.051)))
    #expect(!android.allows(HSL(hue: 200, saturation: 1, lightness: 0.95)))
    #expect(!android.allows(HSL(hue: 10, saturation: 0.82, lightness: 0.5)))
    #expect(!android.allows(HSL(hue: 37, saturation: 0.5, lightness: 0.5)))
    #expect(android.allows(HSL(hue: 37.01, saturation: 0.5, lightness: 0.5)))
    #expect(android.allows(HSL(hue: 20, saturation: 0.83, lightness: 0.5)))
    #expect(Swatches.CandidateFilter.none.allows(HSL(hue: 20, saturation: 0, lightness: 0)))
  }

  @Test("bounds are inclusive: #990000 (L exactly 0.3) is vibrant")
  func inclusiveBounds() {
    #expect(HSL(rgb(0x990000)).lightness == 0.3)
    let swatches = Swatches(palette: palette([(0x990000, 1)]))
    #expect(swatches.vibrant?.color == rgb(0x990000))
    #expect(swatches.darkVibrant == nil)
  }

  @Test("each colour is used once: light vibrant, evaluated first, takes a shared colour")
  func exclusivity() {
    // #ff4d4d: S = 1, L = 0.651, eligible for lightVibrant and vibrant.
    let swatches = Swatches(palette: palette([(0xff4d4d, 1)]))
    #expect(swatches.lightVibrant?.color == rgb(0xff4d4d))
    #expect(swatches.vibrant == nil)
  }

  @Test("no colour is chosen twice on random palettes; every text contrast meets its threshold")
  func randomPalettes() {
    var random = SeededRandomForColor(seed: 16)
    for _ in 0..<300 {
      let count = Int.random(in: 1...16, using: &random.generator)
      let entries = (0..<count).map { _ in
        (color: random.color(), weight: Int.random(in: 1...10_000, using: &random.generator))
      }
      let swatches = Swatches(palette: Palette(weights: entries))
      let chosen = swatches.all.compactMap(\.swatch)
      #expect(Set(chosen.map(\.color)).count == chosen.count)
      for (name, swatch) in swatches.all {
        guard let swatch else { continue }
        #expect(name.target.accepts(swatch.hsl), "\(name) \(swatch.color)")
        #expect(Swatches.CandidateFilter.android.allows(swatch.hsl))
        #expect(swatch.titleText.contrast >= 3.0)
        #expect(swatch.bodyText.contrast >= 4.5)
        #expect(swatch.titleText.background == swatch.color)
        #expect(swatch.bodyText.background == swatch.color)
      }
    }
  }

  @Test("the score weighs closeness to the targets against population")
  func scoring() {
    // #ff0000: S 1, L 0.5, weight 10. #cc0000: S 1, L 0.4, weight 100 (the dominant).
    // red: 0.24 + 0.52 + 0.24 · 0.1 = 0.784; dark red: 0.24 + 0.52 · 0.9 + 0.24 = 0.948.
    let swatches = Swatches(palette: palette([(0xff0000, 10), (0xcc0000, 100)]))
    #expect(swatches.vibrant?.color == rgb(0xcc0000))
    #expect(abs((swatches.vibrant?.score ?? 0) - 0.948) < 1e-12)
    // Red is not dark enough for darkVibrant, which the dark red would have been.
    #expect(swatches.darkVibrant == nil)
    let target = Swatches.Target.vibrant
    #expect(
      abs(target.score(HSL(rgb(0xff0000)), population: 0.1, maxPopulation: 1) - 0.784) < 1e-12)
  }

  @Test("maxPopulation is the most populous candidate that passes the filter")
  func maxPopulationAfterFilter() {
    // A black outline dominates the palette but is filtered out; red is then the dominant swatch.
    let swatches = Swatches(palette: palette([(0x000000, 1000), (0xff0000, 10)]))
    #expect(swatches.vibrant?.score == 1)
  }

  @Test("ties go to the earlier palette entry, so results are deterministic")
  func ties() {
    // Same S, L and weight: palette order is hex ascending, so #00ff00 comes first and wins.
    let tied = palette([(0xff0000, 5), (0x00ff00, 5)])
    #expect(tied.entries.map(\.color) == [rgb(0x00ff00), rgb(0xff0000)])
    #expect(Swatches(palette: tied).vibrant?.color == rgb(0x00ff00))
    // With the candidates given in the other order, the other one wins.
    let reversed = Swatches(candidates: tied.entries.reversed())
    #expect(reversed.vibrant?.color == rgb(0xff0000))
    // Repeating the computation gives the same value.
    #expect(Swatches(palette: tied) == Swatches(palette: tied))
  }

  @Test("without ties the candidate order does not matter")
  func orderIndependence() {
    var random = SeededRandom(seed: 77)
    let p = palette([
      (0xd32f2f, 40), (0x1976d2, 35), (0x388e3c, 30), (0xfbc02d, 25), (0x5d4037, 20),
      (0x90a4ae, 15), (0x263238, 10), (0xf8bbd0, 5),
    ])
    let expected = Swatches(palette: p)
    #expect(expected.all.compactMap(\.swatch).count >= 4)
    for _ in 0..<20 {
      #expect(Swatches(candidates: p.entries.shuffled(using: &random)) == expected)
    }
  }

  @Test("duplicate colours among candidates are used once")
  func duplicates() {
    let red = Palette.Entry(color: rgb(0xff0000), weight: 1, population: 0.5)
    let swatches = Swatches(candidates: [red, red])
    #expect(swatches.all.compactMap(\.swatch).count == 1)
  }

  @Test("all lists the six names in SPEC key order")
  func allOrder() {
    let swatches = Swatches(palette: palette([(0xff0000, 1), (0x808080, 1)]))
    #expect(swatches.all.map(\.name) == Swatches.Name.allCases)
    #expect(swatches[.vibrant] == swatches.vibrant)
    #expect(swatches[.muted]?.color == rgb(0x808080))
  }
}
