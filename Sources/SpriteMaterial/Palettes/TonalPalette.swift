import SpriteCore

/// A hue and chroma whose colours vary only in tone: material-color-utilities' `TonalPalette`
/// (`typescript/palettes/tonal_palette.ts`, commit 6112292f).
///
/// ``tone(_:)`` solves HCT on every call; ``ToneCache`` keeps solved tones for repeated use
/// (a scheme asks for a few dozen). Tone 99 of a yellow hue is the average of tones 98 and 100.
public struct TonalPalette: Hashable, Sendable {
  /// The palette's hue in degrees.
  public let hue: Double
  /// The requested chroma (tones that cannot reach it get the most available).
  public let chroma: Double
  /// The colour the palette was made from, if any (``init(_:)``); otherwise found on demand.
  private let sourceKey: HCT?

  /// A palette of a hue and chroma.
  public init(hue: Double, chroma: Double) {
    self.hue = hue
    self.chroma = chroma
    self.sourceKey = nil
  }

  /// A palette with the hue and chroma of a colour, that colour being its key colour.
  public init(_ hct: HCT) {
    self.hue = hct.hue
    self.chroma = hct.chroma
    self.sourceKey = hct
  }

  /// Material's error palette: hue 25, chroma 84.
  public static let error = TonalPalette(hue: 25, chroma: 84)

  /// The palette's colour at a tone (0-100).
  public func tone(_ tone: Double) -> RGBA8 {
    if tone == 99 && HCT.isYellow(hue) {
      return Self.average(
        HCTSolver.solve(hue: hue, chroma: chroma, tone: 98),
        HCTSolver.solve(hue: hue, chroma: chroma, tone: 100))
    }
    return HCTSolver.solve(hue: hue, chroma: chroma, tone: tone)
  }

  /// The palette's key colour: the source colour, or the tone nearest 50 that reaches the chroma.
  public var keyColor: HCT {
    if let sourceKey { return sourceKey }
    var search = KeyColor(hue: hue, requestedChroma: chroma)
    return search.find()
  }

  /// The channel-wise mean of two colours, halves rounded up as MCU's `Math.round` does (the
  /// Python port materialyoucolor rounds halves to even here, so its yellow tone 99 can differ).
  static func average(_ a: RGBA8, _ b: RGBA8) -> RGBA8 {
    func mean(_ x: UInt8, _ y: UInt8) -> UInt8 {
      UInt8((Int(x) + Int(y) + 1) / 2)
    }
    return RGBA8(r: mean(a.r, b.r), g: mean(a.g, b.g), b: mean(a.b, b.b))
  }
}

/// The solved tones of one palette, computed once each, with the palette's hue prepared once
/// for the solver. A value type, so a scheme's resolver owns its caches outright.
struct ToneCache {
  /// The palette whose tones are kept.
  let palette: TonalPalette
  private let hue: HCTSolver.PreparedHue
  /// Tones 0...100; alpha 0 marks a tone not solved yet (solved colours are opaque).
  private var integerTones: [RGBA8]
  /// Tones other than the integers 0-100 (a few a scheme, from contrast adjustments).
  private var otherTones: [(tone: Double, color: RGBA8)] = []

  init(_ palette: TonalPalette) {
    self.palette = palette
    hue = HCTSolver.PreparedHue(degrees: palette.hue)
    integerTones =
      palette == TonalPalette.error
      ? Self.errorTones : [RGBA8](repeating: Self.unsolved, count: 101)
  }

  private static let unsolved = RGBA8(r: 0, g: 0, b: 0, a: 0)

  /// The integer tones of the error palette (hue 25, chroma 84), the same in every scheme:
  /// solved once per process.
  private static let errorTones: [RGBA8] = (0...100).map { TonalPalette.error.tone(Double($0)) }

  /// The palette's colour at a tone, solved on first use.
  mutating func color(_ tone: Double) -> RGBA8 {
    if tone >= 0, tone <= 100, tone == tone.rounded(.down) {
      let index = Int(tone)
      let known = integerTones[index]
      if known.a != 0 { return known }
      let color = solve(tone)
      integerTones[index] = color
      return color
    }
    for other in otherTones where other.tone == tone { return other.color }
    let color = solve(tone)
    otherTones.append((tone, color))
    return color
  }

  private mutating func solve(_ tone: Double) -> RGBA8 {
    if tone == 99 && HCT.isYellow(palette.hue) {
      return TonalPalette.average(color(98), color(100))
    }
    return HCTSolver.solve(hue: hue, chroma: palette.chroma, tone: tone)
  }
}
