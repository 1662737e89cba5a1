/// The parts of a PokeAPI pokemon document the crawl needs: id, name and one sprite reference.
///
/// Entries are large (up to ~1.3 MB, mostly `moves`): the whole document is checked as JSON,
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

  /// Parses an entry document, reading the sprite at a dotted key path under `sprites`.
  ///
  /// - Parameters:
  ///   - bytes: The JSON document.
  ///   - spriteKey: A dotted path under `sprites`, e.g. `other.official-artwork.front_default`.
  /// - Throws: `PokeAPIError.badEntry` when the document is not an object with `id` and `name`.
  public init(json bytes: [UInt8], spriteKey: String = PokeAPIEntry.defaultSpriteKey) throws {
    let object: [String: JSONValue]?
    do {
      object = try JSONValue.members(parsing: bytes, keeping: ["id", "name", "sprites"])
    } catch {
      throw PokeAPIError.badEntry("not JSON")
    }
    guard let members = object else {
      throw PokeAPIError.badEntry("the document is not a JSON object")
    }
    guard let id = members["id"]?.exactInteger else {
      throw PokeAPIError.badEntry("no integer id")
    }
    guard case .string(let name) = members["name"] else {
      throw PokeAPIError.badEntry("entry \(id) has no name")
    }
    let sprite: String?
    if case .string(let reference) = members["sprites"]?.value(atKeyPath: spriteKey) {
      sprite = reference
    } else {
      sprite = nil
    }
    self.init(id: id, name: name, sprite: sprite)
  }
}
