import SpriteCore

/// Ranks a sprite's colours as source colours for a scheme: material-color-utilities' `Score`
/// (`typescript/score/score.ts`, commit 6112292f) on alpha-weighted populations.
///
/// Each colour's population counts for its hue and the 29 hues around it (hue - 14 to hue + 15);
/// colours with CAM16 chroma below 5 or a hue neighbourhood of at most 1% of the sprite are
/// dropped; the rest score 70·(neighbourhood share) + (chroma - 48)·(0.1 below 48, 0.3 above).
/// From the best, colours at least 90° apart are taken, relaxing to 15° until `desired` are found.
/// Unlike MCU there is no fallback colour: the result is empty when no colour passes.
public enum Score {
  /// MCU's target chroma ("A1 chroma").
  public static let targetChroma = 48.0
  /// Weight of the hue neighbourhood's share.
  public static let weightProportion = 0.7
  /// Weight of chroma above the target.
  public static let weightChromaAbove = 0.3
  /// Weight of chroma below the target.
  public static let weightChromaBelow = 0.1
  /// Colours with less chroma are not candidates.
  public static let cutoffChroma = 5.0
  /// Colours whose hue neighbourhood holds at most this share are not candidates.
  public static let cutoffExcitedProportion = 0.01

  /// One candidate colour with its HCT, hue-neighbourhood share and score.
  public struct Candidate: Hashable, Sendable {
    /// The colour.
    public let hct: HCT
    /// The share of the population within -14...+15° of its hue, 0-1.
    public let excitedProportion: Double
    /// The score: higher is a better source colour.
    public let score: Double
  }

  /// Every colour that passes the filters, best first (ties keep the input order).
  ///
  /// - Parameter colors: Colours with their populations (any non-negative unit, e.g. the
  ///   alpha-weighted pixel weights of a ``SpriteCore/Palette``).
  public static func candidates(_ colors: [(color: RGBA8, population: Double)]) -> [Candidate] {
    let hcts = colors.map { HCT($0.color) }
    var huePopulation = [Double](repeating: 0, count: 360)
    var populationSum = 0.0
    for (hct, entry) in zip(hcts, colors) {
      huePopulation[Int(hct.hue)] += entry.population
      populationSum += entry.population
    }
    guard populationSum > 0 else { return [] }
    var excited = [Double](repeating: 0, count: 360)
    // Only hues that hold a colour add anything (a palette has a few dozen at most).
    for hue in 0..<360 where huePopulation[hue] > 0 {
      let proportion = huePopulation[hue] / populationSum
      for neighbour in (hue - 14)..<(hue + 16) {
        excited[MaterialMath.sanitizeDegrees(neighbour)] += proportion
      }
    }
    var scored: [Candidate] = []
    for hct in hcts {
      let proportion = excited[MaterialMath.sanitizeDegrees(Int(MaterialMath.round(hct.hue)))]
      if hct.chroma < cutoffChroma || proportion <= cutoffExcitedProportion { continue }
      let chromaWeight = hct.chroma < targetChroma ? weightChromaBelow : weightChromaAbove
      let score =
        proportion * 100.0 * weightProportion + (hct.chroma - targetChroma) * chromaWeight
      scored.append(Candidate(hct: hct, excitedProportion: proportion, score: score))
    }
    // A stable sort, best first.
    return scored.indices.sorted { a, b in
      scored[a].score > scored[b].score || (scored[a].score == scored[b].score && a < b)
    }.map { scored[$0] }
  }

  /// Up to `desired` source colours, best first, spread apart in hue; empty when no colour has
  /// chroma (MCU's `Score.score` without the fallback).
  public static func rank(_ colors: [(color: RGBA8, population: Double)], desired: Int = 4)
    -> [RGBA8]
  {
    rank(candidates: candidates(colors), desired: desired)
  }

  /// Up to `desired` of the candidates (best first, as ``candidates(_:)`` returns them), spread
  /// apart in hue: at least 90° apart, relaxing to 15°.
  ///
  /// MCU tries every whole difference from 90 down to 15. The choice at a difference depends only
  /// on which pairs of hues are closer than it, so a difference no pair's distance reaches
  /// (distance in [difference, difference + 1)) would choose as the one before, which fell short:
  /// only the differences where some pair changes are tried, with the same result.
  public static func rank(candidates sorted: [Candidate], desired: Int = 4) -> [RGBA8] {
    let hues = sorted.map(\.hct.hue)
    var changesAt = [Bool](repeating: false, count: 91)
    for i in hues.indices {
      for k in hues.indices where k > i {
        let distance = MaterialMath.differenceDegrees(hues[i], hues[k])
        if distance >= 15, distance < 90 { changesAt[Int(distance)] = true }
      }
    }
    var chosen: [Int] = []
    chosen.reserveCapacity(max(desired, 0) + 1)
    for minimumDifference in stride(from: 90, through: 15, by: -1)
    where minimumDifference == 90 || changesAt[minimumDifference] {
      chosen.removeAll(keepingCapacity: true)
      for index in hues.indices {
        let duplicateHue = chosen.contains {
          MaterialMath.differenceDegrees(hues[index], hues[$0]) < Double(minimumDifference)
        }
        if !duplicateHue { chosen.append(index) }
        if chosen.count >= desired { break }
      }
      if chosen.count >= desired { break }
    }
    return chosen.map { sorted[$0].hct.color }
  }

  /// ``rank(_:desired:)`` of a sprite's palette, by alpha-weighted population: transparent
  /// pixels never count.
  public static func rank(_ palette: Palette, desired: Int = 4) -> [RGBA8] {
    rank(palette.entries.map { ($0.color, Double($0.weight)) }, desired: desired)
  }
}
