import Foundation
import Testing

@testable import SpriteThemeModel

/// The writer's layout, byte for byte: the contract of every file the package writes.
@Suite("JSONWriter layout")
struct JSONWriterTests {
  /// The document `body` writes, as text.
  private func written(capacity: Int = 8192, _ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(capacity: capacity)
    body(&writer)
    writer.finish()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test(
    "one member per line as \"key\": value; number arrays on one line, others one element per line")
  func layout() {
    let text = written { w in
      w.beginObject()
      w.key("doubles")
      w.value([0.5, -2, 1e-7])
      w.key("empty")
      w.value([Int]())
      w.key("ints")
      w.value([1, -20, 300])
      w.key("nested")
      w.beginArray()
      w.element()
      w.beginObject()
      w.key("oklch")
      w.value(SIMD3<Double>(0.25, 0.1, 359.5))
      w.key("premultiplied")
      w.value(SIMD4<Int>(1, 2, 3, 255))
      w.endObject()
      w.element()
      w.null()
      w.endArray()
      w.key("object")
      w.beginObject()
      w.endObject()
      w.key("one")
      w.value([7])
      w.key("rgb")
      w.value(SIMD3<Int>(148, 0, -1))
      w.endObject()
    }
    #expect(
      text == """
        {
          "doubles": [0.5, -2, 1e-07],
          "empty": [],
          "ints": [1, -20, 300],
          "nested": [
            {
              "oklch": [0.25, 0.1, 359.5],
              "premultiplied": [1, 2, 3, 255]
            },
            null
          ],
          "object": {},
          "one": [7],
          "rgb": [148, 0, -1]
        }

        """)
  }

  @Test("number arrays and keys that outgrow the buffer are written whole")
  func growth() throws {
    // A buffer of 64 bytes grows many times over; the result parses to the same values.
    let numbers = (0..<500).map { Double($0) * 1.25 - 300 }
    let integers = (0..<500).map { $0 * 7919 - 1_000_000 }
    let text = written(capacity: 64) { w in
      w.beginObject()
      w.key("doubles")
      w.value(numbers)
      w.key("integers")
      w.value(integers)
      w.key("triples")
      w.beginArray()
      for i in 0..<200 {
        w.element()
        w.value(SIMD3<Int>(Int.min + i, Int.max - i, i))
      }
      w.endArray()
      w.endObject()
    }
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect((object["doubles"] as? [Double]) == numbers)
    #expect((object["integers"] as? [Int]) == integers)
    let triples = try #require(object["triples"] as? [[NSNumber]])
    #expect(triples.count == 200)
    #expect(triples.last?.map(\.int64Value) == [Int64.min + 199, Int64.max - 199, 199])
  }

  @Test("containers nested deeper than the prepared indentation are indented two spaces a level")
  func deepNesting() {
    let depth = 24
    let text = written(capacity: 16) { w in
      for _ in 0..<depth {
        w.beginArray()
        w.element()
      }
      w.value("a\"b")
      for _ in 0..<depth { w.endArray() }
    }
    var expected = ""
    for level in 0..<depth { expected += "[\n" + String(repeating: "  ", count: level + 1) }
    expected += #""a\"b""#
    for level in (0..<depth).reversed() {
      expected += "\n" + String(repeating: "  ", count: level) + "]"
    }
    #expect(text == expected + "\n")
  }
}
