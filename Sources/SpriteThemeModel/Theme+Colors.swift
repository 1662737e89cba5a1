import SpriteCore

extension Theme {
  /// One palette colour (SPEC section 4): its hex, channels, share of the sprite and OKLCH.
  public struct PaletteColor: Codable, Hashable, Sendable {
    /// `#rrggbb`, lower-case.
    public var hex: String
    /// `[r, g, b]`, integers 0-255.
    public var rgb: SIMD3<Int>
    /// The share of the sprite's alpha-weighted visible pixels, 0-1 (six decimals).
    public var population: Double
    /// `[L, C, h]`: OKLab lightness 0-1 and chroma (four decimals), hue in degrees (two decimals).
    public var oklch: SIMD3<Double>

    /// Describes a palette entry.
    public init(_ entry: Palette.Entry) {
      hex = entry.color.hex
      rgb = SIMD3(Int(entry.color.r), Int(entry.color.g), Int(entry.color.b))
      population = Theme.rounded(entry.population)
      let lch = entry.oklab.lch
      oklch = SIMD3(
        Theme.rounded(lch.l, places: 4), Theme.rounded(lch.c, places: 4),
        Theme.rounded(lch.h, places: 2))
    }
  }

  /// A text colour on a background, with the contrast it achieves there (SPEC section 5).
  public struct Text: Codable, Hashable, Sendable {
    /// `#rrggbb`, or `#rrggbbaa` when the text needs only part of its opacity.
    public var hex: String
    /// The WCAG 2 contrast ratio of the text composited over the background (three decimals).
    public var contrast: Double
    /// The APCA lightness contrast Lc of the same pair (two decimals; negative for light text).
    public var apca: Double

    /// Describes a chosen text colour.
    public init(_ text: TextColor) {
      hex = text.hex
      // Rounded down so a reported ratio never claims more than was achieved.
      contrast = (text.contrast * 1000).rounded(.down) / 1000
      apca = Theme.rounded(text.apca, places: 2)
    }
  }

  /// A named swatch (Android Palette target) with its title and body text colours.
  public struct Swatch: Codable, Hashable, Sendable {
    /// `#rrggbb`.
    public var hex: String
    /// `[r, g, b]`, integers 0-255.
    public var rgb: SIMD3<Int>
    /// The swatch colour's share of the sprite in the 16-colour candidate palette.
    public var population: Double
    /// Text for titles: WCAG contrast at least 3.0.
    public var titleText: Text
    /// Text for body copy: WCAG contrast at least 4.5.
    public var bodyText: Text

    /// Describes a chosen swatch.
    public init(_ swatch: Swatches.Swatch) {
      hex = swatch.color.hex
      rgb = SIMD3(Int(swatch.color.r), Int(swatch.color.g), Int(swatch.color.b))
      population = Theme.rounded(swatch.population)
      titleText = Text(swatch.titleText)
      bodyText = Text(swatch.bodyText)
    }
  }

  /// The six swatches in SPEC order; each is `null` when no palette colour is eligible.
  public struct SwatchSet: Codable, Hashable, Sendable {
    /// Saturated, medium lightness.
    public var vibrant: Swatch?
    /// Saturated, light.
    public var lightVibrant: Swatch?
    /// Saturated, dark.
    public var darkVibrant: Swatch?
    /// Desaturated, medium lightness.
    public var muted: Swatch?
    /// Desaturated, light.
    public var lightMuted: Swatch?
    /// Desaturated, dark.
    public var darkMuted: Swatch?

    /// Describes the chosen swatches.
    public init(_ swatches: Swatches) {
      vibrant = swatches.vibrant.map(Swatch.init)
      lightVibrant = swatches.lightVibrant.map(Swatch.init)
      darkVibrant = swatches.darkVibrant.map(Swatch.init)
      muted = swatches.muted.map(Swatch.init)
      lightMuted = swatches.lightMuted.map(Swatch.init)
      darkMuted = swatches.darkMuted.map(Swatch.init)
    }

    /// The swatch for one of the six names.
    public subscript(name: Swatches.Name) -> Swatch? {
      switch name {
      case .vibrant: vibrant
      case .lightVibrant: lightVibrant
      case .darkVibrant: darkVibrant
      case .muted: muted
      case .lightMuted: lightMuted
      case .darkMuted: darkMuted
      }
    }

    /// Writes all six keys, `null` for a missing swatch.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(vibrant, forKey: .vibrant)
      try c.encode(lightVibrant, forKey: .lightVibrant)
      try c.encode(darkVibrant, forKey: .darkVibrant)
      try c.encode(muted, forKey: .muted)
      try c.encode(lightMuted, forKey: .lightMuted)
      try c.encode(darkMuted, forKey: .darkMuted)
    }
  }

  /// The card the original app drew: the seed-extent average as background, with readable text.
  public struct Card: Codable, Hashable, Sendable {
    /// The extent the background came from: `seed`, or `centre` then `full` when seed is empty.
    public var extent: ExtentBox
    /// The straight (encoded sRGB) average colour of that extent, `#rrggbb`.
    public var background: String
    /// The text to write on it: contrast at least 4.5.
    public var text: Text

    /// The card for `image`: the first of seed, centre and full with any coverage, or `nil`
    /// when the sprite is fully transparent. `seed` is the seed-extent average when the caller
    /// has it already, so it is not computed twice; `textMode` is the strength of the text.
    public init?(
      image: RGBAImage, seed: AreaAverage? = nil, textMode: TextColor.Mode = .minimumAlpha
    ) {
      for extent in [Extent.seed, .centre, .full] {
        let average =
          extent == .seed
          ? (seed ?? AreaAverage(of: image, over: .seed))
          : AreaAverage(of: image, over: extent)
        guard let colour = average.encoded else { continue }
        self.extent = ExtentBox(extent, region: average.region)
        background = colour.hex
        text = Text(TextColor.cardText(on: colour, mode: textMode))
        return
      }
      return nil
    }
  }

  /// Rounds to `places` decimals so documents stay short and stable.
  static func rounded(_ value: Double, places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (value * scale).rounded() / scale
  }
}
