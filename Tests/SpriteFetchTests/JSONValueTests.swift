import Foundation
import Testing

@testable import SpriteFetch

/// JSON values for the crawl's key paths, and the JSON content check.
@Suite("JSONValue and ContentCheck")
struct JSONValueTests {
  @Test("every kind of value decodes, and key paths walk nested objects")
  func decodesAndWalks() throws {
    let text = """
      {"a": {"b": {"c": "x", "n": null}}, "i": 25, "f": 2.5, "t": true, "l": [1, "two", null]}
      """
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(value.value(atKeyPath: "a.b.c") == .string("x"))
    #expect(value.value(atKeyPath: "a.b.n") == .null)
    #expect(value.value(atKeyPath: "a.b.missing") == nil)
    #expect(value.value(atKeyPath: "a.b.c.deeper") == nil)
    #expect(value.value(atKeyPath: "i") == .integer(25))
    #expect(value.value(atKeyPath: "f") == .number(2.5))
    #expect(value.value(atKeyPath: "t") == .bool(true))
    #expect(value.value(atKeyPath: "l") == .array([.integer(1), .string("two"), .null]))
  }

  @Test(
    "entries take integral ids written as 25.0, refuse fractions, and read null sprites as none")
  func entryFields() throws {
    let entry = try PokeAPIEntry(
      json: Array(#"{"id": 25.0, "name": "pikachu", "sprites": {"front_default": null}}"#.utf8))
    #expect(entry == PokeAPIEntry(id: 25, name: "pikachu", sprite: nil))
    #expect(throws: PokeAPIError.self) {
      try PokeAPIEntry(json: Array(#"{"id": 2.5, "name": "x", "sprites": {}}"#.utf8))
    }
    #expect(throws: PokeAPIError.self) { try PokeAPIEntry(json: Array("[1, 2]".utf8)) }
  }

  @Test(
    "the JSON check accepts any JSON text, fragments included",
    arguments: [
      "{}", "[]", "3", "\"text\"", "null", " {\"a\": [1, {\"b\": false}]} ",
    ])
  func acceptsJSON(text: String) {
    #expect(ContentCheck.problem(with: Array(text.utf8), expected: .json) == nil)
  }

  @Test(
    "the JSON check refuses text that is not JSON",
    arguments: [
      "", "{", "nul", "{} x", "{'a': 1}", "<html></html>", "[1 2]",
    ])
  func refusesNonJSON(text: String) {
    #expect(
      ContentCheck.problem(with: Array(text.utf8), expected: .json) == "the body is not valid JSON")
  }
}
