import Foundation

/// The parts of a PokeAPI pokemon document the crawl needs: id, name and one sprite reference.
///
/// Entries are large (up to ~1.3 MB, mostly `moves`); `JSONDecoder` checks the whole document,
/// but values are built only for `id`, `name` and `sprites`.
public struct PokeAPIEntry: Sendable, Equatable {
  /// The default sprite key path.
  public static let defaultSpriteKey = "front_default"

  /// The pokemon id (above 10000 for forms).
  public var id: Int
  /// The pokemon name, e.g. `pikachu-starter`.
  public var name: String
  /// The sprite reference at the key path, or nil when it is null, missing or not a string.
  public var sprite: String?

  /// Creates an entry from its fields.
  public init(id: Int, name: String, sprite: String?) {
    self.id = id
    self.name = name
    self.sprite = sprite
  }

  /// The document as the server sends it (other members are skipped).
  private struct Document: Decodable {
    var id: Int
    var name: String
    var sprites: JSONValue?
  }

  /// Decodes an entry document, reading the sprite at a dotted key path under `sprites`.
  ///
  /// - Parameters:
  ///   - bytes: The JSON document.
  ///   - spriteKey: A dotted path under `sprites`, e.g. `other.official-artwork.front_default`.
  /// - Throws: `PokeAPIError.badEntry` when the document is not an object with `id` and `name`.
  public init(json bytes: [UInt8], spriteKey: String = PokeAPIEntry.defaultSpriteKey)
    throws(PokeAPIError)
  {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch DecodingError.keyNotFound(let key, let context) where context.codingPath.isEmpty {
      throw .badEntry(
        key.stringValue == "id" ? "no integer id" : "the entry has no \(key.stringValue)")
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == 1 {
      let key = context.codingPath[0].stringValue
      throw .badEntry(key == "id" ? "no integer id" : "the entry's \(key) has the wrong type")
    } catch {
      throw .badEntry(PokeAPIListPage.reason(error))
    }
    var sprite: String?
    if case .string(let reference) = document.sprites?.value(atKeyPath: spriteKey) {
      sprite = reference
    }
    self.init(id: document.id, name: document.name, sprite: sprite)
  }
}
