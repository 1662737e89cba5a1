import Foundation
import Testing

/// The JSON Schemas that ship beside the models they describe (`Sources/SpriteThemeModel/Schemas/`
/// for themes and indexes, `Sources/SpriteThemeFetch/Schemas/` for download indexes), ready to
/// validate documents.
public enum Schemas {
  /// The validator for `theme.schema.json` (`spritetheme/theme@2`).
  public static let theme = load("SpriteThemeModel/Schemas/theme.schema.json")
  /// The validator for `index.schema.json` (`spritetheme/index@1`).
  public static let index = load("SpriteThemeModel/Schemas/index.schema.json")
  /// The validator for `downloads.schema.json` (`spritetheme/downloads@1`).
  public static let downloads = load("SpriteThemeFetch/Schemas/downloads.schema.json")

  private static func load(_ path: String) -> JSONSchemaValidator? {
    let url = Fixtures.packageRoot.appendingPathComponent("Sources/\(path)")
    return (try? Data(contentsOf: url)).flatMap { try? JSONSchemaValidator(schema: $0) }
  }

  /// Records an issue for every way `document` fails `validator`.
  public static func expectValid(
    _ document: Data, against validator: JSONSchemaValidator?, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let validator else {
      Issue.record("the schema could not be loaded", sourceLocation: sourceLocation)
      return
    }
    do {
      for failure in try validator.failures(of: document) {
        Issue.record("\(label): \(failure)", sourceLocation: sourceLocation)
      }
    } catch {
      Issue.record("\(label): not JSON: \(error)", sourceLocation: sourceLocation)
    }
  }
}
