import Foundation
import SpriteFetch

/// What `fetch --download-only` remembers about the sprites it wrote, kept in the cache directory
/// (``fileName(forSpritesFolder:)``): for each URL, the file's name, size and SHA-256, when it was
/// fetched, and the response's `ETag` and `Last-Modified`. The cache thus keeps each sprite
/// response by URL with its validators, as SPEC section 9 asks, while its body is stored once, in
/// the sprites folder, rather than a second time as a response-cache entry.
///
/// The file is JSON (`{"version": 2, "records": {URL: record}}`, keys sorted); a file of another
/// version, or one that does not decode, counts as empty.
struct DownloadManifest: Codable, Sendable, Equatable {
  /// The version this code reads and writes.
  static let currentVersion = 2

  /// One sprite file and how it was fetched.
  struct Record: Codable, Sendable, Equatable {
    /// The file's name in the folder, e.g. `pikachu.png`.
    var file: String
    /// The file's size in bytes.
    var bytes: Int
    /// The hex SHA-256 of the file's bytes.
    var sha256: String
    /// When the body was fetched or last revalidated, in seconds since 1970.
    var fetchedAt: Double
    /// The response's `ETag`, if any.
    var etag: String?
    /// The response's `Last-Modified`, if any.
    var lastModified: String?
  }

  /// Always ``currentVersion`` once written.
  var version = Self.currentVersion
  /// The records by absolute URL.
  var records: [String: Record] = [:]

  /// An empty manifest.
  init() {}

  /// The manifest in `data`; empty when it is not a manifest of this version.
  init(parsing data: Data) {
    guard let manifest = try? JSONDecoder().decode(Self.self, from: data),
      manifest.version == Self.currentVersion
    else { return }
    self = manifest
  }

  /// The file's bytes.
  func encoded() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array((try? encoder.encode(self)) ?? Data())
  }

  /// The manifest's file name in the cache directory for a sprites folder (its absolute path):
  /// `downloads-<first 16 hex digits of its SHA-256>.json`, so that output directories sharing a
  /// cache keep apart.
  static func fileName(forSpritesFolder path: String) -> String {
    "downloads-\(ResponseCache.digest(Array(path.utf8)).prefix(16)).json"
  }
}
