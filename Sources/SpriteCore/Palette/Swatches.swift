/// The six named swatches of a sprite (SPEC section 5), chosen from a palette by Android
/// Palette's targets.
///
/// Each target has HSL saturation and lightness ranges; among the candidates whose saturation
/// and lightness fall inside both (inclusive) and that no earlier target took, the one with the
/// highest score wins:
///
///     score = 0.24 · (1 − |S − S_target|) + 0.52 · (1 − |L − L_target|)
///           + 0.24 · population / maxPopulation
///
/// Targets are filled in Android's order (lightVibrant, vibrant, darkVibrant, lightMuted,
/// muted, darkMuted), each colour is used at most once, and a target with no eligible colour is
/// `nil`: no swatch is ever invented. Ties go to the candidate that comes first in the input
/// order (for a ``Palette``, weight descending, then hex ascending), so the result is
/// deterministic.
///
/// Candidates first pass a ``CandidateFilter``. The default, ``CandidateFilter/android``, is
/// Android's `Palette.DEFAULT_FILTER`, which Android applies to every colour before it can
/// become a swatch: near-black (L ≤ 0.05), near-white (L ≥ 0.95) and skin-tone colours (hue
/// 10°-37° with S ≤ 0.82) are never swatches, so black outlines and white highlights of a sprite
/// do not become `darkMuted` or `lightMuted`. `maxPopulation` is the largest population among
/// the candidates that pass the filter, which is Android's "dominant swatch" (Android never
/// sees the filtered colours at all).
///
/// ```swift
/// let swatches = Swatches(palette: palette)
/// if let vibrant = swatches.vibrant {
///   print(vibrant.color.hex, vibrant.titleText.hex, vibrant.bodyText.contrast)
/// }
/// ```
///
/// Source: androidx `palette/palette/src/main/java/androidx/palette/graphics/Target.java` and
/// `Palette.java` (`generateScore`, `shouldBeScoredForTarget`, `DEFAULT_FILTER`), re-implemented
/// from their documented behaviour.
public struct Swatches: Hashable, Sendable {
  /// The swatch names, in SPEC key order (the order of ``all``).
  public enum Name: String, CaseIterable, Hashable, Sendable {
    /// A saturated colour of medium lightness.
    case vibrant
    /// A saturated, light colour.
    case lightVibrant
    /// A saturated, dark colour.
    case darkVibrant
    /// A desaturated colour of medium lightness.
    case muted
    /// A desaturated, light colour.
    case lightMuted
    /// A desaturated, dark colour.
    case darkMuted

    /// The names in Android's evaluation order, the order in which targets take colours.
    public static let evaluationOrder: [Name] = [
      .lightVibrant, .vibrant, .darkVibrant, .lightMuted, .muted, .darkMuted,
    ]

    /// This swatch's Android target.
    public var target: Target {
      switch self {
      case .vibrant: .vibrant
      case .lightVibrant: .lightVibrant
      case .darkVibrant: .darkVibrant
      case .muted: .muted
      case .lightMuted: .lightMuted
      case .darkMuted: .darkMuted
      }
    }
  }

  /// Which candidate colours may become swatches at all.
  public enum CandidateFilter: String, CaseIterable, Hashable, Sendable {
    /// Android's `Palette.DEFAULT_FILTER`: rejects L ≤ 0.05, L ≥ 0.95, and hue 10°-37° with
    /// S ≤ 0.82 (the red side of the "I line", skin tones).
    case android
    /// Every palette colour is a candidate (keeps sprite outlines and highlights).
    case none

    /// Whether a colour with this HSL passes the filter.
    public func allows(_ hsl: HSL) -> Bool {
      switch self {
      case .none:
        return true
      case .android:
        let isBlack = hsl.lightness <= 0.05
        let isWhite = hsl.lightness >= 0.95
        let isNearRedILine =
          hsl.hue >= 10 && hsl.hue <= 37 && hsl.saturation <= 0.82
        return !isBlack && !isWhite && !isNearRedILine
      }
    }
  }

  /// One chosen swatch: a palette colour, its share of the sprite and text colours for it.
  public struct Swatch: Hashable, Sendable {
    /// The palette entry this swatch is (opaque colour, weight, population).
    public var entry: Palette.Entry
    /// The colour's HSL (Android's definitions), as scored.
    public var hsl: HSL
    /// The score that won the target.
    public var score: Double
    /// Text for titles on this swatch (WCAG contrast ≥ 3.0).
    public var titleText: TextColor
    /// Text for body copy on this swatch (WCAG contrast ≥ 4.5).
    public var bodyText: TextColor

    /// Creates a swatch for `entry`, choosing its text colours with ``TextColors`` in `textMode`.
    public init(entry: Palette.Entry, score: Double, textMode: TextColor.Mode = .minimumAlpha) {
      self.entry = entry
      self.hsl = HSL(entry.color)
      self.score = score
      let text = TextColors(background: entry.color, mode: textMode)
      self.titleText = text.title
      self.bodyText = text.body
    }

    /// The swatch colour, opaque 8-bit sRGB.
    public var color: RGBA8 { entry.color }

    /// The share of the sprite's alpha-weighted pixels this colour stands for, 0-1.
    public var population: Double { entry.population }
  }

  /// A saturated colour of medium lightness, or `nil`.
  public var vibrant: Swatch?
  /// A saturated, light colour, or `nil`.
  public var lightVibrant: Swatch?
  /// A saturated, dark colour, or `nil`.
  public var darkVibrant: Swatch?
  /// A desaturated colour of medium lightness, or `nil`.
  public var muted: Swatch?
  /// A desaturated, light colour, or `nil`.
  public var lightMuted: Swatch?
  /// A desaturated, dark colour, or `nil`.
  public var darkMuted: Swatch?

  /// Chooses the six swatches from a palette's entries (SPEC: the alpha-aware palette of 16).
  ///
  /// - Parameters:
  ///   - palette: The candidates, in the palette's order (weight descending, hex ascending).
  ///   - filter: Which colours may be swatches; Android's default filter unless told otherwise.
  ///   - textMode: How strong the swatches' title and body text is (``TextColor/Mode``).
  /// - Complexity: O(6 · n) for n palette entries, plus the text-colour searches.
  public init(
    palette: Palette, filter: CandidateFilter = .android, textMode: TextColor.Mode = .minimumAlpha
  ) {
    self.init(candidates: palette.entries, filter: filter, textMode: textMode)
  }

  /// Chooses the six swatches from candidate entries; ties go to the earlier candidate.
  ///
  /// Entries repeating an earlier entry's RGB are ignored (each colour is used once); the text
  /// colours follow `textMode`.
  public init(
    candidates: [Palette.Entry], filter: CandidateFilter = .android,
    textMode: TextColor.Mode = .minimumAlpha
  ) {
    // A struct, not a tuple: an array of tuples has its element type built at first use.
    struct Candidate {
      var entry: Palette.Entry
      var hsl: HSL
      var used = false
    }
    var eligible: [Candidate] = []
    eligible.reserveCapacity(candidates.count)
    for (index, entry) in candidates.enumerated() {
      let color = RGBA8(r: entry.color.r, g: entry.color.g, b: entry.color.b)
      // Palettes hold at most 64 entries: looking back costs less than hashing them.
      guard !candidates[..<index].contains(where: { Self.sameRGB($0.color, color) }) else {
        continue
      }
      let hsl = HSL(color)
      if filter.allows(hsl) { eligible.append(Candidate(entry: entry, hsl: hsl)) }
    }
    let maxPopulation = eligible.reduce(0.0) { max($0, $1.entry.population) }

    for name in Name.evaluationOrder {
      let target = name.target
      var best: (index: Int, score: Double)?
      for (index, candidate) in eligible.enumerated()
      where !candidate.used && target.accepts(candidate.hsl) {
        let score = target.score(
          candidate.hsl, population: candidate.entry.population, maxPopulation: maxPopulation)
        if best == nil || score > best!.score { best = (index, score) }
      }
      guard let best else { continue }
      eligible[best.index].used = true
      self[name] = Swatch(entry: eligible[best.index].entry, score: best.score, textMode: textMode)
    }
  }

  /// Whether two colours have the same red, green and blue (alpha ignored).
  private static func sameRGB(_ lhs: RGBA8, _ rhs: RGBA8) -> Bool {
    lhs.r == rhs.r && lhs.g == rhs.g && lhs.b == rhs.b
  }

  /// The swatch for a name, or `nil` when no colour fitted its target.
  public subscript(name: Name) -> Swatch? {
    get {
      switch name {
      case .vibrant: vibrant
      case .lightVibrant: lightVibrant
      case .darkVibrant: darkVibrant
      case .muted: muted
      case .lightMuted: lightMuted
      case .darkMuted: darkMuted
      }
    }
    set {
      switch name {
      case .vibrant: vibrant = newValue
      case .lightVibrant: lightVibrant = newValue
      case .darkVibrant: darkVibrant = newValue
      case .muted: muted = newValue
      case .lightMuted: lightMuted = newValue
      case .darkMuted: darkMuted = newValue
      }
    }
  }

  /// Every name with its swatch (or `nil`), in SPEC key order: vibrant, lightVibrant,
  /// darkVibrant, muted, lightMuted, darkMuted.
  public var all: [(name: Name, swatch: Swatch?)] {
    Name.allCases.map { ($0, self[$0]) }
  }
}
