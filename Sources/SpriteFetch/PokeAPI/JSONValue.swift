/// Any JSON value (RFC 8259 section 3), decoded with `JSONDecoder`; the crawl walks an entry's
/// small `sprites` object with it by key path.
public enum JSONValue: Decodable, Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number that is an exact integer in the document (`25`).
  case integer(Int)
  /// Any other number (`2.5`, `1e3`).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes whichever kind of value the decoder holds.
  public init(from decoder: any Decoder) throws {
    if var elements = try? decoder.unkeyedContainer() {
      var values = [JSONValue]()
      while !elements.isAtEnd { values.append(try elements.decode(JSONValue.self)) }
      self = .array(values)
      return
    }
    if let members = try? decoder.container(keyedBy: AnyKey.self) {
      var values = [String: JSONValue]()
      for key in members.allKeys {
        values[key.stringValue] = try members.decode(JSONValue.self, forKey: key)
      }
      self = .object(values)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? single.decode(Int.self) {
      self = .integer(integer)
    } else if let number = try? single.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  /// The value at a dotted key path inside nested objects (`other.home.front_default`), or nil
  /// when a step is missing or not an object.
  public func value(atKeyPath keyPath: String) -> JSONValue? {
    var current = self
    for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      guard case .object(let members) = current, let next = members[String(key)] else { return nil }
      current = next
    }
    return current
  }

  /// Any object key.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
