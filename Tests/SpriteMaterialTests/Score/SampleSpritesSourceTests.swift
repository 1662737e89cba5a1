import Foundation
import SpriteCore
import Testing

@testable import SpriteMaterial

/// Source and accent of the 51 sample sprites, from the palettes in `samples/themes/*.json`.
@Suite("Source colour and accent of the sample sprites")
struct SampleSpritesSourceTests {
  /// Each sample's name and palette (colours with their populations).
  static let samples: [(name: String, palette: Palette)] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../samples/themes").standardizedFileURL
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
      guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let entries = json["palette"] as? [[String: Any]]
      else { return nil }
      let weights = entries.compactMap { entry -> (RGBA8, Int)? in
        guard let rgb = entry["rgb"] as? [Int], let population = entry["population"] as? Double
        else { return nil }
        // Populations are written to 6 decimals: scale back to integer weights.
        return (RGBA8(r: UInt8(rgb[0]), g: UInt8(rgb[1]), b: UInt8(rgb[2])), Int(population * 1e6))
      }
      return (String(file.dropLast(5)), Palette(weights: weights))
    }
  }()

  @Test("all 51 samples are read")
  func samplesPresent() {
    #expect(Self.samples.count == 51)
  }

  @Test("every sample gets a source; a chromatic source has chroma, a grey one is the dominant")
  func sources() throws {
    for (name, palette) in Self.samples {
      let source = try #require(MaterialSource(palette: palette), "\(name)")
      if source.isChromatic {
        #expect(HCT(source.source).chroma >= Score.cutoffChroma, "\(name)")
      } else {
        #expect(source.source == palette.dominant?.color, "\(name)")
        #expect(source.accent == nil, "\(name)")
      }
    }
  }

  @Test("the accent is never an outline or a highlight when the sprite has a mid-tone colour")
  func accents() throws {
    var outlinedDominants = 0
    for (name, palette) in Self.samples {
      let source = try #require(MaterialSource(palette: palette))
      let dominant = try #require(palette.dominant)
      if HCT(dominant.color).tone < MaterialSource.outlineTone { outlinedDominants += 1 }
      guard let accent = source.accent else { continue }
      let midTone = Score.candidates(palette.entries.map { ($0.color, Double($0.weight)) })
        .contains {
          $0.hct.tone >= MaterialSource.outlineTone && $0.hct.tone <= MaterialSource.highlightTone
        }
      if midTone {
        let tone = HCT(accent).tone
        #expect(
          tone >= MaterialSource.outlineTone && tone <= MaterialSource.highlightTone, "\(name)")
      }
    }
    // The observation: many samples are dominated by their dark outline.
    #expect(outlinedDominants >= 20)
  }
}
