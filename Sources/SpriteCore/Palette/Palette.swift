/// The main colours of a sprite, most populous first (SPEC section 4).
///
/// Pixels with alpha 0 are ignored and the others count with weight alpha/255, so an entry's
/// `weight` is the sum of the alpha values (0-255) of the pixels it stands for: an exact integer.
public struct Palette: Hashable, Sendable {
  /// One colour of a palette and how much of the sprite it covers.
  public struct Entry: Hashable, Sendable {
    /// The colour, opaque 8-bit sRGB (alpha 255).
    public var color: RGBA8
    /// The sum of the alpha values (0-255) of the pixels this colour stands for.
    public var weight: Int
    /// The share of the sprite's alpha-weighted pixels, 0-1; all entries sum to 1.
    public var population: Double

    /// Creates an entry.
    public init(color: RGBA8, weight: Int, population: Double) {
      self.color = RGBA8(r: color.r, g: color.g, b: color.b)
      self.weight = weight
      self.population = population
    }

    /// The colour in OKLab.
    public var oklab: OKLab { OKLab(color) }
  }

  /// The entries, sorted by weight descending, ties by hex (`#rrggbb`) ascending.
  public var entries: [Entry]

  /// Creates a palette from colours and their weights, computing populations and the SPEC order.
  ///
  /// Entries with zero weight are dropped; entries with the same colour are merged.
  public init(weights: [(color: RGBA8, weight: Int)]) {
    var merged = [UInt32: Int]()
    for (color, weight) in weights where weight > 0 {
      merged[Self.key(of: color), default: 0] += weight
    }
    let total = merged.values.reduce(0, +)
    entries = merged.map { key, weight in
      Entry(
        color: RGBA8(
          r: UInt8(truncatingIfNeeded: key >> 16), g: UInt8(truncatingIfNeeded: key >> 8),
          b: UInt8(truncatingIfNeeded: key)),
        weight: weight, population: Double(weight) / Double(total))
    }
    .sorted { lhs, rhs in
      if lhs.weight != rhs.weight { return lhs.weight > rhs.weight }
      return lhs.color.hex < rhs.color.hex
    }
  }

  /// The most populous entry, or `nil` for a fully transparent sprite.
  public var dominant: Entry? { entries.first }

  /// The sum of every entry's weight: the sprite's alpha-weighted pixel count times 255.
  public var totalWeight: Int { entries.reduce(0) { $0 + $1.weight } }
}
