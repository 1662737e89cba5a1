extension Swatches {
  /// One Android Palette target: HSL saturation and lightness ranges and the scoring weights.
  public struct Target: Hashable, Sendable {
    /// A closed range with a preferred value inside it, for one HSL component.
    public struct Bounds: Hashable, Sendable {
      /// The smallest eligible value (inclusive).
      public var minimum: Double
      /// The value that scores best.
      public var target: Double
      /// The largest eligible value (inclusive).
      public var maximum: Double

      /// Creates bounds.
      public init(minimum: Double, target: Double, maximum: Double) {
        self.minimum = minimum
        self.target = target
        self.maximum = maximum
      }

      /// Whether `value` lies within `minimum...maximum`.
      public func contains(_ value: Double) -> Bool {
        value >= minimum && value <= maximum
      }
    }

    /// The HSL saturation range (0-1).
    public var saturation: Bounds
    /// The HSL lightness range (0-1).
    public var lightness: Bounds
    /// The weight of the saturation term (Android: 0.24).
    public var saturationWeight: Double
    /// The weight of the lightness term (Android: 0.52).
    public var lightnessWeight: Double
    /// The weight of the population term (Android: 0.24).
    public var populationWeight: Double

    /// Creates a target; the weights default to Android's 0.24, 0.52 and 0.24.
    public init(
      saturation: Bounds, lightness: Bounds, saturationWeight: Double = 0.24,
      lightnessWeight: Double = 0.52, populationWeight: Double = 0.24
    ) {
      self.saturation = saturation
      self.lightness = lightness
      self.saturationWeight = saturationWeight
      self.lightnessWeight = lightnessWeight
      self.populationWeight = populationWeight
    }

    /// Android's `Target.LIGHT_VIBRANT`: S 0.35/1.0/1.0, L 0.55/0.74/1.0.
    public static let lightVibrant = Target(saturation: vibrantS, lightness: lightL)
    /// Android's `Target.VIBRANT`: S 0.35/1.0/1.0, L 0.30/0.50/0.70.
    public static let vibrant = Target(saturation: vibrantS, lightness: normalL)
    /// Android's `Target.DARK_VIBRANT`: S 0.35/1.0/1.0, L 0.0/0.26/0.45.
    public static let darkVibrant = Target(saturation: vibrantS, lightness: darkL)
    /// Android's `Target.LIGHT_MUTED`: S 0.0/0.30/0.40, L 0.55/0.74/1.0.
    public static let lightMuted = Target(saturation: mutedS, lightness: lightL)
    /// Android's `Target.MUTED`: S 0.0/0.30/0.40, L 0.30/0.50/0.70.
    public static let muted = Target(saturation: mutedS, lightness: normalL)
    /// Android's `Target.DARK_MUTED`: S 0.0/0.30/0.40, L 0.0/0.26/0.45.
    public static let darkMuted = Target(saturation: mutedS, lightness: darkL)

    private static let vibrantS = Bounds(minimum: 0.35, target: 1.0, maximum: 1.0)
    private static let mutedS = Bounds(minimum: 0.0, target: 0.30, maximum: 0.40)
    private static let lightL = Bounds(minimum: 0.55, target: 0.74, maximum: 1.0)
    private static let normalL = Bounds(minimum: 0.30, target: 0.50, maximum: 0.70)
    private static let darkL = Bounds(minimum: 0.0, target: 0.26, maximum: 0.45)

    /// Whether a colour with this HSL lies inside both ranges (inclusive).
    public func accepts(_ hsl: HSL) -> Bool {
      saturation.contains(hsl.saturation) && lightness.contains(hsl.lightness)
    }

    /// Android's score: weighted closeness to the targets plus relative population.
    ///
    /// The weights are normalised to sum to 1 (Android's are 0.24 + 0.52 + 0.24 already) and a
    /// term with weight 0 is skipped.
    public func score(_ hsl: HSL, population: Double, maxPopulation: Double) -> Double {
      let total = saturationWeight + lightnessWeight + populationWeight
      guard total > 0 else { return 0 }
      var score = 0.0
      if saturationWeight > 0 {
        score += saturationWeight / total * (1 - abs(hsl.saturation - saturation.target))
      }
      if lightnessWeight > 0 {
        score += lightnessWeight / total * (1 - abs(hsl.lightness - lightness.target))
      }
      if populationWeight > 0, maxPopulation > 0 {
        score += populationWeight / total * (population / maxPopulation)
      }
      return score
    }
  }
}
