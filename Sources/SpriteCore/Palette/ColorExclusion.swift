/// Colours left out of the palette, the dominant colour, the swatches, the accent and the
/// Material source (SPEC section 4, `--exclude-color HEX[~DELTA][,...]`): key colours such as a
/// game's team-colour magenta or a `#ff00ff` transparency key.
///
/// A pixel is excluded when its colour is within an entry's CIEDE2000 radius of the entry's
/// colour (Sharma, Wu and Dalal 2005, ``CIEDE2000``). The averages and thumbnails keep every
/// pixel; the palette and what is chosen from it read ``masking(_:)``'s image instead.
///
/// ```swift
/// let exclusion = try ColorExclusion(parsing: "#ff00ff,00ff00~5")
/// let palette = PaletteExtractor().palette(of: exclusion.masking(image))
/// ```
public struct ColorExclusion: Hashable, Sendable {
  /// One excluded colour and its radius.
  public struct Entry: Hashable, Sendable {
    /// The colour, opaque 8-bit sRGB.
    public var color: RGBA8
    /// The CIEDE2000 distance within which a pixel counts as this colour, 0-100.
    public var radius: Double

    /// Creates an entry; the colour's alpha is dropped.
    public init(color: RGBA8, radius: Double = ColorExclusion.defaultRadius) {
      self.color = RGBA8(r: color.r, g: color.g, b: color.b)
      self.radius = radius
    }
  }

  /// A value of `--exclude-color` that is not `HEX[~DELTA][,...]` with radii in range.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the value.
    public var description: String
  }

  /// The excluded colours, in the order given.
  public var entries: [Entry]

  /// The radius of a colour given without `~DELTA`: about the smallest difference people see.
  public static let defaultRadius = 2.0
  /// The radii allowed: 0 (the colour alone) to 100 (CIEDE2000 differences of sRGB colours stay
  /// below about 120, so 100 leaves out nearly everything).
  public static let radiusRange: ClosedRange<Double> = 0...100

  /// Excludes `entries`; none by default.
  public init(_ entries: [Entry] = []) {
    self.entries = entries
  }

  /// Parses `HEX[~DELTA][,HEX[~DELTA]...]`: each `HEX` is `rrggbb` or `#rrggbb`, each `DELTA` a
  /// decimal radius in ``radiusRange`` (``defaultRadius`` when left out).
  ///
  /// - Throws: ``ParseError`` naming the first value that is malformed or out of range.
  public init(parsing text: String) throws(ParseError) {
    var entries = [Entry]()
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "~", maxSplits: 1, omittingEmptySubsequences: false)
      var hex = Substring(parts[0])
      if hex.hasPrefix("#") { hex = hex.dropFirst() }
      guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16)
      else {
        throw ParseError(
          description: "\"\(text)\": \"\(item)\" is not a colour (rrggbb or #rrggbb, then "
            + "~DELTA if wanted)")
      }
      var radius = Self.defaultRadius
      if parts.count == 2 {
        guard let delta = Double(parts[1]), delta.isFinite, Self.radiusRange.contains(delta) else {
          throw ParseError(
            description: "\"\(text)\": the radius \"\(parts[1])\" must be a number from "
              + "\(Int(Self.radiusRange.lowerBound)) to \(Int(Self.radiusRange.upperBound))")
        }
        radius = delta
      }
      entries.append(
        Entry(
          color: RGBA8(
            r: UInt8(truncatingIfNeeded: value >> 16), g: UInt8(truncatingIfNeeded: value >> 8),
            b: UInt8(truncatingIfNeeded: value)),
          radius: radius))
    }
    self.entries = entries
  }

  /// Whether nothing is excluded.
  public var isEmpty: Bool { entries.isEmpty }

  /// The entries spelled out in a fixed form, `#rrggbb~radius` joined by commas (the radius in
  /// its shortest exact decimal form): part of a configuration's fingerprint.
  public var canonical: String {
    entries.map { "\($0.color.hex)~\($0.radius)" }.joined(separator: ",")
  }

  /// Whether `color` (alpha ignored) is within some entry's radius.
  public func excludes(_ color: RGBA8) -> Bool {
    let lab = CIELab(RGBA8(r: color.r, g: color.g, b: color.b))
    return entries.contains { CIEDE2000.difference(lab, CIELab($0.color)) <= $0.radius }
  }

  /// `image` with every excluded pixel made fully transparent (its colour bytes kept), so that
  /// everything reading only visible pixels leaves it out; `image` itself when nothing is
  /// excluded.
  ///
  /// - Complexity: O(*p*) dictionary look-ups for *p* pixels, and one CIEDE2000 test per entry
  ///   for each distinct colour.
  public func masking(_ image: RGBAImage) -> RGBAImage {
    guard !entries.isEmpty else { return image }
    var masked = image
    var verdicts = [UInt32: Bool]()
    masked.pixels.withUnsafeMutableBufferPointer { pixels in
      for byte in stride(from: 0, to: pixels.count, by: 4) where pixels[byte + 3] != 0 {
        let color = RGBA8(r: pixels[byte], g: pixels[byte + 1], b: pixels[byte + 2])
        let key = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let excluded: Bool
        if let known = verdicts[key] {
          excluded = known
        } else {
          excluded = excludes(color)
          verdicts[key] = excluded
        }
        if excluded { pixels[byte + 3] = 0 }
      }
    }
    return masked
  }
}
