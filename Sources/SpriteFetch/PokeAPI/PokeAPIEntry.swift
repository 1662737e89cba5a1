#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The parts of a PokeAPI pokemon document the crawl needs: id, name and one sprite reference.
///
/// Entries are large (up to ~1.3 MB, mostly `moves`): only `id`, `name` and `sprites` are
/// decoded.
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
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch let error as DecodingError {
      if case .typeMismatch = error {
        throw PokeAPIError.badEntry("the document is not a JSON object")
      }
      throw PokeAPIError.badEntry("not JSON")
    }
    guard let id = Self.integer(document.id) else {
      throw PokeAPIError.badEntry("no integer id")
    }
    guard case .string(let name) = document.name else {
      throw PokeAPIError.badEntry("entry \(id) has no name")
    }
    let sprite: String?
    if case .string(let reference) = document.sprites?.value(atKeyPath: spriteKey) {
      sprite = reference
    } else {
      sprite = nil
    }
    self.init(id: id, name: name, sprite: sprite)
  }

  /// An integer from a JSON number, refusing fractions (`25` and `25.0` are 25).
  private static func integer(_ value: JSONValue?) -> Int? {
    switch value {
    case .integer(let integer): return integer
    case .number(let number) where number.rounded() == number && abs(number) < 0x1p53: return Int(number)
    default: return nil
    }
  }

  /// The members of an entry the crawl reads; `JSONDecoder` skips the rest (`moves` is most of it).
  private struct Document: Decodable {
    var id: JSONValue?
    var name: JSONValue?
    var sprites: JSONValue?
  }
}
