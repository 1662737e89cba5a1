import Foundation

/// The parts of a PokeAPI pokemon document the crawl needs: id, name and one sprite reference.
///
/// Entries are large (up to ~1.3 MB, mostly `moves`), so they are read with `JSONSerialization`
/// and only `id`, `name` and `sprites` are looked at.
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
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes))
    } catch {
      throw PokeAPIError.badEntry("not JSON (\(error.localizedDescription))")
    }
    guard let root = object as? [String: Any] else {
      throw PokeAPIError.badEntry("the document is not a JSON object")
    }
    guard let id = Self.integer(root["id"]) else {
      throw PokeAPIError.badEntry("no integer id")
    }
    guard let name = root["name"] as? String else {
      throw PokeAPIError.badEntry("entry \(id) has no name")
    }
    self.init(
      id: id, name: name, sprite: Self.value(atKeyPath: spriteKey, in: root["sprites"]) as? String)
  }

  /// The value at a dotted key path inside nested objects, or nil when a step is missing or null.
  public static func value(atKeyPath keyPath: String, in object: Any?) -> Any? {
    var current = object
    for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      guard let dictionary = current as? [String: Any], let next = dictionary[String(key)] else {
        return nil
      }
      current = next
    }
    return current is NSNull ? nil : current
  }

  /// An integer from a JSON number, refusing fractions.
  private static func integer(_ value: Any?) -> Int? {
    if let int = value as? Int { return int }
    guard let number = value as? NSNumber else { return nil }
    return Double(number.intValue) == number.doubleValue ? number.intValue : nil
  }
}
