import Foundation
import SpriteTheme

/// The `index.json` of a `fetch --download-only` output directory: one entry per sprite written
/// to `sprites/<name>.png`, the failures, and the entries skipped on purpose, each in input order.
public struct DownloadIndex: Codable, Hashable, Sendable {
  /// The schema identifier written in every download index.
  public static let schemaIdentifier = "spritetheme/downloads@1"

  /// A sprite that was downloaded and written.
  public struct Entry: Codable, Hashable, Sendable {
    /// The sprite's output name.
    public var name: String
    /// The URL it was downloaded from.
    public var source: String
    /// The sprite file, relative to the output directory (`sprites/<name>.png`).
    public var sprite: String
    /// The file's size in bytes.
    public var bytes: Int

    /// Creates an entry.
    public init(name: String, source: String, sprite: String, bytes: Int) {
      self.name = name
      self.source = source
      self.sprite = sprite
      self.bytes = bytes
    }
  }

  /// Always ``schemaIdentifier``.
  public var schema: String
  /// The number of inputs: `entries.count + errors.count`.
  public var count: Int
  /// The sprites written, in input order.
  public var entries: [Entry]
  /// The inputs that failed, in input order.
  public var errors: [BatchIndex.Failure]
  /// The entries skipped on purpose (no sprite at the key, forms left out), in input order.
  public var skipped: [BatchIndex.Skip]

  /// Creates an index of the current schema.
  public init(entries: [Entry], errors: [BatchIndex.Failure], skipped: [BatchIndex.Skip] = []) {
    self.schema = Self.schemaIdentifier
    self.count = entries.count + errors.count
    self.entries = entries
    self.errors = errors
    self.skipped = skipped
  }

  /// The index as `index.json` holds it: pretty-printed JSON, keys in declaration order, a final
  /// line break.
  public func encoded() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    // Encoding plain strings and numbers cannot fail.
    return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
  }
}
