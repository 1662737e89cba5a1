/// The key colour of a palette: material-color-utilities' `KeyColor`
/// (`typescript/palettes/tonal_palette.ts`, commit 6112292f).
///
/// A binary search over integer tones for the tone nearest 50 whose maximum chroma at the hue
/// reaches the requested chroma (within 0.01); its colour is the key colour.
struct KeyColor {
  let hue: Double
  let requestedChroma: Double
  private var maxChromas: [Int: Double] = [:]

  init(hue: Double, requestedChroma: Double) {
    self.hue = hue
    self.requestedChroma = requestedChroma
  }

  /// Runs the search.
  mutating func find() -> HCT {
    let pivotTone = 50
    let epsilon = 0.01
    var lower = 0
    var upper = 100
    while lower < upper {
      let mid = (lower + upper) / 2
      let isAscending = maxChroma(mid) < maxChroma(mid + 1)
      let sufficient = maxChroma(mid) >= requestedChroma - epsilon
      if sufficient {
        if abs(lower - pivotTone) < abs(upper - pivotTone) {
          upper = mid
        } else {
          if lower == mid {
            return HCT(hue: hue, chroma: requestedChroma, tone: Double(lower))
          }
          lower = mid
        }
      } else if isAscending {
        lower = mid + 1
      } else {
        upper = mid
      }
    }
    return HCT(hue: hue, chroma: requestedChroma, tone: Double(lower))
  }

  private mutating func maxChroma(_ tone: Int) -> Double {
    if let chroma = maxChromas[tone] { return chroma }
    let chroma = HCT(hue: hue, chroma: 200, tone: Double(tone)).chroma
    maxChromas[tone] = chroma
    return chroma
  }
}
