import SpriteCore

/// Colour temperature relations of a colour: material-color-utilities' `TemperatureCache`
/// (`typescript/temperature/temperature_cache.ts`, commit 6112292f), used for the tertiary
/// palettes of the content and fidelity variants.
///
/// The input's chroma and tone at every integer hue 0-360, their warm-cool temperature (from
/// CIELAB hue and chroma), the analogous colours at equal temperature steps and the complement.
struct TemperatureCache {
  let input: HCT
  /// The input's chroma and tone at hues 0...360 (361 colours; 0 and 360 coincide).
  let colorsByHue: [RGBA8]
  /// Temperatures of ``colorsByHue``.
  let temperatures: [Double]
  let inputTemperature: Double
  let coldestIndex: Int
  let warmestIndex: Int

  init(_ input: HCT) {
    self.input = input
    let edges = HCTSolver.GamutEdges(y: MaterialColorSpace.y(fromLstar: input.tone))
    colorsByHue = (0...360).map {
      HCTSolver.solve(
        hue: HCTSolver.PreparedHue(degrees: Double($0)), chroma: input.chroma, tone: input.tone,
        edges: edges)
    }
    temperatures = colorsByHue.map(Self.rawTemperature)
    inputTemperature = Self.rawTemperature(input.color)
    // Sorted by temperature, stable: the hues in order, then the input (index 361).
    let all = temperatures + [inputTemperature]
    let order = all.indices.sorted { all[$0] < all[$1] || (all[$0] == all[$1] && $0 < $1) }
    coldestIndex = order.first!
    warmestIndex = order.last!
  }

  private func temperature(_ index: Int) -> Double {
    index == 361 ? inputTemperature : temperatures[index]
  }

  /// The HCT of hue index 0-360, or of the input (361).
  private func hct(_ index: Int) -> HCT { index == 361 ? input : HCT(colorsByHue[index]) }

  /// The warm-cool temperature of a colour: -0.5 + 0.02·C^1.07·cos(h - 50°) in CIELAB.
  static func rawTemperature(_ color: RGBA8) -> Double {
    let lab = MaterialColorSpace.lab(color)
    let hue = MaterialMath.sanitizeDegrees(MaterialMath.atan2(lab.b, lab.a) * 180.0 / Double.pi)
    let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
    return -0.5 + 0.02 * MaterialMath.pow(chroma, 1.07)
      * MaterialMath.cos(MaterialMath.sanitizeDegrees(hue - 50.0) * Double.pi / 180.0)
  }

  /// A temperature relative to the coldest (0) and warmest (1) of the hues; 0.5 without range.
  private func relativeTemperature(_ t: Double) -> Double {
    let range = temperature(warmestIndex) - temperature(coldestIndex)
    if range == 0.0 { return 0.5 }
    return (t - temperature(coldestIndex)) / range
  }

  /// The third of three analogous colours in six divisions: the `analogous(3, 6)[2]` of MCU.
  func analogousThirdOfSix() -> HCT {
    analogous(count: 3, divisions: 6)[2]
  }

  /// `count` colours around the input, spaced by equal temperature steps in `divisions` of the
  /// hue circle.
  func analogous(count: Int, divisions: Int) -> [HCT] {
    let startHue = Int(MaterialMath.round(input.hue))
    var lastTemp = relativeTemperature(temperatures[startHue])
    var allColors = [startHue]  // hue indices of the chosen colours
    var absoluteTotalTempDelta = 0.0
    for i in 0..<360 {
      let hue = MaterialMath.sanitizeDegrees(startHue + i)
      let temp = relativeTemperature(temperatures[hue])
      absoluteTotalTempDelta += abs(temp - lastTemp)
      lastTemp = temp
    }
    var hueAddend = 1
    let tempStep = absoluteTotalTempDelta / Double(divisions)
    var totalTempDelta = 0.0
    lastTemp = relativeTemperature(temperatures[startHue])
    while allColors.count < divisions {
      let hue = MaterialMath.sanitizeDegrees(startHue + hueAddend)
      let temp = relativeTemperature(temperatures[hue])
      totalTempDelta += abs(temp - lastTemp)
      var desired = Double(allColors.count) * tempStep
      var indexSatisfied = totalTempDelta >= desired
      var indexAddend = 1
      while indexSatisfied && allColors.count < divisions {
        allColors.append(hue)
        desired = Double(allColors.count + indexAddend) * tempStep
        indexSatisfied = totalTempDelta >= desired
        indexAddend += 1
      }
      lastTemp = temp
      hueAddend += 1
      if hueAddend > 360 {
        while allColors.count < divisions { allColors.append(hue) }
        break
      }
    }
    var answers = [input]
    let increaseHueCount = (count - 1) / 2
    for i in stride(from: 1, through: increaseHueCount, by: 1) {
      var index = -i
      while index < 0 { index += allColors.count }
      answers.insert(hct(allColors[index % allColors.count]), at: 0)
    }
    let decreaseHueCount = count - increaseHueCount - 1
    for i in stride(from: 1, through: decreaseHueCount, by: 1) {
      answers.append(hct(allColors[i % allColors.count]))
    }
    return answers
  }

  /// The colour of the input's chroma and tone whose relative temperature is 1 minus the input's.
  func complement() -> HCT {
    let coldestHue = hct(coldestIndex).hue
    let coldestTemp = temperature(coldestIndex)
    let warmestHue = hct(warmestIndex).hue
    let range = temperature(warmestIndex) - coldestTemp
    let inputIndex = Int(MaterialMath.round(input.hue))
    if range == 0.0 { return hct(inputIndex) }
    let startIsColdestToWarmest = Self.isBetween(input.hue, coldestHue, warmestHue)
    let startHue = startIsColdestToWarmest ? warmestHue : coldestHue
    let endHue = startIsColdestToWarmest ? coldestHue : warmestHue
    var smallestError = 1000.0
    var answer = inputIndex
    let complementRelativeTemp = 1.0 - relativeTemperature(inputTemperature)
    for hueAddend in 0...360 {
      let hue = MaterialMath.sanitizeDegrees(startHue + Double(hueAddend))
      if !Self.isBetween(hue, startHue, endHue) { continue }
      let index = Int(MaterialMath.round(hue))
      let relativeTemp = (temperatures[index] - coldestTemp) / range
      let error = abs(complementRelativeTemp - relativeTemp)
      if error < smallestError {
        smallestError = error
        answer = index
      }
    }
    return hct(answer)
  }

  private static func isBetween(_ angle: Double, _ a: Double, _ b: Double) -> Bool {
    a < b ? (a <= angle && angle <= b) : (a <= angle || angle <= b)
  }
}
