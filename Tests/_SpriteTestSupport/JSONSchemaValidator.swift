import Foundation

/// A small JSON Schema (draft 2020-12) validator for the keywords our schemas use: `type`,
/// `properties`, `required`, `additionalProperties` (boolean), `items`, `minItems`, `maxItems`,
/// `enum`, `const`, `pattern`, `minimum`, `maximum`, `anyOf`, `oneOf` and local `$ref`s into
/// `$defs`. An unknown keyword is an error, so a schema cannot silently check less than it says.
public struct JSONSchemaValidator: @unchecked Sendable {
  // Immutable after init: parsed JSON is only read.
  private let root: [String: Any]

  /// Loads a schema document.
  public init(schema data: Data) throws {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw ValidationFailure(path: "$", message: "the schema is not a JSON object")
    }
    root = object
  }

  /// One reason a document does not match, with the JSON path where it happened.
  public struct ValidationFailure: Error, CustomStringConvertible {
    /// Where in the document, e.g. `$.palette[2].hex`.
    public var path: String
    /// What is wrong there.
    public var message: String
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
  }

  private static let known: Set<String> = [
    "$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties", "required",
    "additionalProperties", "items", "minItems", "maxItems", "enum", "const", "pattern", "minimum",
    "maximum", "anyOf", "oneOf", "examples",
  ]

  /// Every way `data` (a JSON document) fails the schema; empty when it matches.
  public func failures(of data: Data) throws -> [ValidationFailure] {
    let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    var found = [ValidationFailure]()
    check(value, against: root, path: "$", into: &found)
    return found
  }

  private func check(
    _ value: Any, against schema: [String: Any], path: String, into found: inout [ValidationFailure]
  ) {
    func fail(_ message: String) { found.append(ValidationFailure(path: path, message: message)) }
    for key in schema.keys where !Self.known.contains(key) {
      fail("the schema uses \(key), which this validator does not implement")
    }
    if let reference = schema["$ref"] as? String {
      guard reference.hasPrefix("#/$defs/"), let defs = root["$defs"] as? [String: Any],
        let target = defs[String(reference.dropFirst("#/$defs/".count))] as? [String: Any]
      else { return fail("unresolvable $ref \(reference)") }
      check(value, against: target, path: path, into: &found)
    }
    if let type = schema["type"] {
      let types = (type as? [String]) ?? [(type as? String) ?? "?"]
      if !types.contains(where: { Self.matches(value, type: $0) }) {
        fail("expected \(types.joined(separator: " or ")), found \(Self.describe(value))")
        return
      }
    }
    if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) {
      fail("\(Self.describe(value)) is not one of the allowed values")
    }
    if let constant = schema["const"], !Self.equal(constant, value) {
      fail("expected the constant \(constant)")
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for name in schema["required"] as? [String] ?? [] where object[name] == nil {
        fail("missing required key \(name)")
      }
      for (name, member) in object {
        if let sub = properties[name] as? [String: Any] {
          check(member, against: sub, path: "\(path).\(name)", into: &found)
        } else if schema["additionalProperties"] as? Bool == false {
          fail("unexpected key \(name)")
        }
      }
    }
    if let array = value as? [Any] {
      if let min = schema["minItems"] as? Int, array.count < min { fail("fewer than \(min) items") }
      if let max = schema["maxItems"] as? Int, array.count > max { fail("more than \(max) items") }
      if let items = schema["items"] as? [String: Any] {
        for (i, item) in array.enumerated() {
          check(item, against: items, path: "\(path)[\(i)]", into: &found)
        }
      }
    }
    if let text = value as? String, let pattern = schema["pattern"] as? String {
      if text.range(of: pattern, options: .regularExpression) == nil {
        fail("\"\(text)\" does not match \(pattern)")
      }
    }
    if let number = Self.number(value) {
      if let min = schema["minimum"].flatMap(Self.number), number < min {
        fail("\(number) < \(min)")
      }
      if let max = schema["maximum"].flatMap(Self.number), number > max {
        fail("\(number) > \(max)")
      }
    }
    for (keyword, exactlyOne) in [("anyOf", false), ("oneOf", true)] {
      guard let branches = schema[keyword] as? [[String: Any]] else { continue }
      let passing = branches.filter { branch in
        var sub = [ValidationFailure]()
        check(value, against: branch, path: path, into: &sub)
        return sub.isEmpty
      }.count
      if exactlyOne ? passing != 1 : passing == 0 {
        fail("\(passing) of the \(keyword) branches match")
      }
    }
  }

  private static func isBoolean(_ value: Any) -> Bool {
    // JSONSerialization gives booleans their own NSNumber subclass on every platform.
    guard let number = value as? NSNumber else { return false }
    return String(describing: type(of: number)).contains("Boolean")
  }

  private static func number(_ value: Any) -> Double? {
    guard !isBoolean(value), let number = value as? NSNumber else { return nil }
    return number.doubleValue
  }

  private static func matches(_ value: Any, type: String) -> Bool {
    switch type {
    case "null": return value is NSNull
    case "boolean": return isBoolean(value)
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "number": return number(value) != nil
    case "integer": return number(value).map { $0 == $0.rounded() } ?? false
    default: return false
    }
  }

  private static func equal(_ a: Any, _ b: Any) -> Bool {
    if let x = a as? String, let y = b as? String { return x == y }
    if let x = number(a), let y = number(b) { return x == y }
    return (a is NSNull) && (b is NSNull)
  }

  private static func describe(_ value: Any) -> String {
    for type in ["null", "boolean", "integer", "number", "string", "array", "object"]
    where matches(value, type: type) { return type }
    return "unknown"
  }
}
