import SpriteCore
import Testing

@Suite("Extent parsing")
struct ExtentParsingTests {
  @Test(
    "every spelling of SPEC section 2 parses and prints back canonically",
    arguments: [
      ("centre", Extent.centre, "centre"),
      ("center", .centre, "centre"),
      ("centre:0.25", .centre(fraction: 0.25), "centre:0.25"),
      ("centre:1", .centre(fraction: 1), "centre:1"),
      ("seed", .seed, "seed"),
      ("FULL", .full, "full"),
      ("1,2,3,4", .rect(x: 1, y: 2, width: 3, height: 4), "1,2,3,4"),
      ("0.5, 1.5 ,2,2", .rect(x: 0.5, y: 1.5, width: 2, height: 2), "0.5,1.5,2,2"),
      ("ci:16,16,4,4", .coreImage(x: 16, y: 16, width: 4, height: 4), "ci:16,16,4,4"),
    ])
  func parses(text: String, expected: Extent, canonical: String) {
    #expect(Extent(parsing: text) == expected)
    #expect(expected.name == canonical)
    #expect(Extent(parsing: canonical) == expected)
  }

  @Test(
    "malformed extents are rejected",
    arguments: [
      "", "middle", "centre:0", "centre:1.5", "centre:x", "1,2,3", "1,2,3,4,5", "1,2,0,4",
      "1,2,-3,4", "ci:1,2,3", "a,b,c,d", "1,2,3,nan", "1,2,inf,4",
    ])
  func rejects(text: String) {
    #expect(Extent(parsing: text) == nil)
  }
}
