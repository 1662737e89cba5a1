import Foundation
import SpriteCore
import SpritePNG
import Testing
import _SpriteTestSupport

/// `--exclude-color` (issue 33 item 3, SPEC section 4): key colours left out of the palette and
/// what is chosen from it, the averages keeping every pixel.
@Suite("End to end: --exclude-color")
struct ExcludeColorEndToEndTests {
  /// A 12 x 12 sprite: a 2-pixel #ff00ff key border (more of it than of anything else) around
  /// a red and blue body.
  static func keyedSprite() throws -> Data {
    let image = RGBAImage(width: 12, height: 12) { x, y in
      if x < 2 || y < 2 || x > 9 || y > 9 { return RGBA8(r: 0xFF, g: 0x00, b: 0xFF) }
      return x < 7 ? RGBA8(r: 0xC0, g: 0x20, b: 0x20) : RGBA8(r: 0x20, g: 0x40, b: 0xC0)
    }
    return Data(try PNGEncoder.encode(image))
  }

  /// The theme `analyze --json` prints for `file` with `options`.
  static func theme(_ file: URL, _ options: [String]) async throws -> [String: Any] {
    let result = try await BuiltBinary.run(["analyze", file.path, "--json"] + options)
    try #require(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The hex colours of a theme's palette.
  static func palette(_ theme: [String: Any]) -> [String] {
    (theme["palette"] as? [[String: Any]] ?? []).compactMap { $0["hex"] as? String }
  }

  @Test("the key colour leaves the palette, dominant and swatches; the averages keep it")
  func keyColourLeftOut() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("keyed.png")
    try Self.keyedSprite().write(to: file)
    let plain = try await Self.theme(file, [])
    #expect(Self.palette(plain).contains("#ff00ff"))
    #expect((plain["dominant"] as? [String: Any])?["hex"] as? String == "#ff00ff")

    let keyed = try await Self.theme(file, ["--exclude-color", "#FF00FF~3"])
    #expect(!Self.palette(keyed).contains("#ff00ff"), "\(Self.palette(keyed))")
    #expect(Set(Self.palette(keyed)) == ["#c02020", "#2040c0"])
    let dominant = (keyed["dominant"] as? [String: Any])?["hex"] as? String
    #expect(dominant == "#c02020" || dominant == "#2040c0")
    let swatches = keyed["swatches"] as? [String: Any] ?? [:]
    for case let swatch as [String: Any] in swatches.values {
      #expect(swatch["hex"] as? String != "#ff00ff")
    }
    // The averages (over the full image here) still count the key's pixels.
    let full = try await Self.theme(file, ["--extent", "full"])
    let fullKeyed = try await Self.theme(file, ["--extent", "full", "--exclude-color", "ff00ff"])
    #expect(
      (full["average"] as? [String: Any])?["hex"] as? String
        == (fullKeyed["average"] as? [String: Any])?["hex"] as? String)
  }

  @Test("a malformed or out-of-range --exclude-color is a usage error naming the value")
  func badValues() async throws {
    for (value, reason) in [
      ("ff00f", "\"ff00f\" is not a colour"), ("#ff00ff~101", "the radius \"101\" must be"),
      ("ff00ff,", "\"\" is not a colour"), ("ff00ff~nan", "the radius \"nan\""),
    ] {
      let result = try await BuiltBinary.run(["analyze", "x.png", "--exclude-color", value])
      #expect(result.status == 2, "\(value): \(result.stderr)")
      #expect(result.stderr.contains("--exclude-color"), "\(result.stderr)")
      #expect(result.stderr.contains(reason), "\(value): \(result.stderr)")
    }
  }
}
