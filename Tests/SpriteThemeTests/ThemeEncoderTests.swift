import Foundation
import SpriteCore
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

@Suite("ThemeEncoder")
struct ThemeEncoderTests {
  static func theme(of image: RGBAImage) -> Theme {
    ThemePipeline().theme(
      of: image,
      source: Theme.Source(
        name: "t", path: "t.png", sha256: String(repeating: "0", count: 64), width: image.width,
        height: image.height, opaquePixels: image.visiblePixelCount))
  }

  @Test("keys are sorted at every level, slashes unescaped, one final newline")
  func sortedKeys() throws {
    let image = SyntheticSprites.solid(RGBA8(r: 10, g: 20, b: 30), width: 16, height: 16)
    let data = Data(ThemeEncoder.encode(Self.theme(of: image)))
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasSuffix("}\n"))
    #expect(text.contains("\"schema\": \"spritetheme/theme@2\""))
    // Top-level keys (two-space indent) appear in sorted order.
    let keys = [
      "average", "card", "dominant", "palette", "schema", "seed", "source", "swatches",
      "thumbnails",
    ]
    let order = try keys.map { key in try #require(text.range(of: "\n  \"\(key)\": ")).lowerBound }
    #expect(order == order.sorted())
    #expect(text.contains("\"hex\": \"#0a141e\""))
    // Arrays of numbers on one line, others one element per line.
    #expect(text.contains("\"rgb\": [10, 20, 30]"))
    #expect(text.contains("\"palette\": [\n    {\n"))
  }

  @Test("the same theme gives the same bytes, and decodes back equal")
  func stable() throws {
    let image = SyntheticSprites.noise(width: 20, height: 12, seed: 4)
    let theme = Self.theme(of: image)
    let first = ThemeEncoder.encode(theme)
    #expect(ThemeEncoder.encode(Self.theme(of: image)) == first)
    #expect(try JSONDecoder().decode(Theme.self, from: Data(first)) == theme)
  }

  @Test("a transparent sprite writes null colours, never black, and coverage 0")
  func nullColours() throws {
    let image = SyntheticSprites.solid(RGBA8(r: 0, g: 0, b: 0, a: 0), width: 8, height: 8)
    let data = Data(ThemeEncoder.encode(Self.theme(of: image)))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let average = try #require(object["average"] as? [String: Any])
    #expect(average["hex"] is NSNull)
    #expect(average["linear"] is NSNull)
    #expect(average["encoded"] is NSNull)
    #expect(average["coverage"] as? Double == 0)
    let seed = try #require(object["seed"] as? [String: Any])
    #expect(seed["hex"] is NSNull)
    #expect(seed["premultiplied"] as? [Int] == [0, 0, 0, 0])
    #expect(!String(decoding: data, as: UTF8.self).contains("#000000"))
  }

  @Test("extent boxes carry the canonical name and the fractional region")
  func extentBox() throws {
    let image = SyntheticSprites.solid(RGBA8(r: 1, g: 2, b: 3), width: 30, height: 30)
    let theme = Self.theme(of: image)
    #expect(theme.seed.extent.name == "seed")
    #expect(theme.seed.extent.x == 15 && theme.seed.extent.y == 11.25)
    #expect(theme.seed.extent.width == 3.75 && theme.seed.extent.height == 3.75)
    #expect(theme.average.extent.name == "centre")
  }
}

@Suite("ThemeEncoder against JSONEncoder")
struct ThemeEncoderParityTests {
  @Test("the hand-written JSON holds exactly what the Codable form holds, for every sample")
  func sameDocumentAsCodable() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for url in Fixtures.sampleSpriteFiles() {
      var theme = try ThemePipeline().analyze(fileAt: FilePath(url.path)).theme
      theme.thumbnails = [.init(path: "thumbs/x-32.png", width: 32, height: 32, filter: "nearest")]
      let ours = try JSONSerialization.jsonObject(with: Data(ThemeEncoder.encode(theme)))
      let theirs = try JSONSerialization.jsonObject(with: encoder.encode(theme))
      #expect((ours as? NSDictionary) == (theirs as? NSDictionary), "\(url.lastPathComponent)")
      #expect(try JSONDecoder().decode(Theme.self, from: Data(ThemeEncoder.encode(theme))) == theme)
    }
  }

  @Test(
    "strings and keys of every short length are copied whole",
    arguments: [0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 63, 64, 65, 70])
  func shortStrings(length: Int) throws {
    var theme = ThemeEncoderTests.theme(
      of: SyntheticSprites.solid(RGBA8(r: 1, g: 2, b: 3), width: 2, height: 2))
    theme.source.name = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    theme.source.path = "é/" + theme.source.name
    let encoded = ThemeEncoder.encode(theme)
    let decoded = try JSONDecoder().decode(Theme.self, from: Data(encoded))
    #expect(decoded == theme)
    #expect(String(decoding: encoded, as: UTF8.self).contains("\"name\": \"\(theme.source.name)\""))
  }

  @Test("strings are escaped as RFC 8259 asks")
  func escaping() throws {
    var theme = ThemeEncoderTests.theme(
      of: SyntheticSprites.solid(RGBA8(r: 1, g: 2, b: 3), width: 2, height: 2))
    theme.source.name = "quote \" back \\ slash / tab \t bell \u{07} é"
    let decoded = try JSONDecoder().decode(Theme.self, from: Data(ThemeEncoder.encode(theme)))
    #expect(decoded.source.name == theme.source.name)
    #expect(String(decoding: ThemeEncoder.encode(theme), as: UTF8.self).contains("\\u0007"))
  }
}
