import SpriteFetch

/// What `fetch --download-only` remembers about the sprites it wrote, kept beside them in
/// `sprites/.downloads`: for each URL, the file's name, size and FNV-1a hash, when it was fetched,
/// and the response's `ETag` and `Last-Modified`. With it the sprites folder is its own cache: each
/// sprite is stored once, not also as a response-cache entry.
///
/// The file is text: a first line `sprite-theme-downloads 1`, then one record per line, fields
/// separated by tabs, sorted by URL:
///
/// ```text
/// URL <TAB> name <TAB> bytes <TAB> hash <TAB> fetched-at <TAB> etag <TAB> last-modified
/// ```
///
/// Empty fields are absent validators. A file with another first line is ignored whole; a line
/// that does not parse is skipped.
struct DownloadManifest: Sendable, Equatable {
  /// The first line of every manifest this code writes.
  static let magic = "sprite-theme-downloads 1"
  /// The manifest's file name inside the sprites folder.
  static let fileName = ".downloads"

  /// One sprite file and how it was fetched.
  struct Record: Sendable, Equatable {
    /// The file's name in the folder, e.g. `pikachu.png`.
    var file: String
    /// The file's size in bytes.
    var bytes: Int
    /// The FNV-1a hash of the file's bytes.
    var hash: UInt64
    /// When the body was fetched or last revalidated, in seconds since 1970.
    var fetchedAt: Double
    /// The response's `ETag`, if any.
    var etag: String?
    /// The response's `Last-Modified`, if any.
    var lastModified: String?
  }

  /// The records by absolute URL.
  var records: [String: Record] = [:]

  /// An empty manifest.
  init() {}

  /// The manifest in `bytes`; empty when they are not a manifest of this version.
  init(parsing bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
    guard lines.popFirst() == Substring(Self.magic) else { return }
    for line in lines {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 7, !fields[0].isEmpty, !fields[1].isEmpty,
        let bytes = Int(fields[2]), bytes >= 0, fields[3].utf8.count == 16,
        let hash = UInt64(fields[3], radix: 16), let fetchedAt = Double(fields[4]),
        fetchedAt.isFinite
      else { continue }
      records[String(fields[0])] = Record(
        file: String(fields[1]), bytes: bytes, hash: hash, fetchedAt: fetchedAt,
        etag: fields[5].isEmpty ? nil : String(fields[5]),
        lastModified: fields[6].isEmpty ? nil : String(fields[6]))
    }
  }

  /// The file's bytes: the magic line, then the records sorted by URL. Records whose URL or
  /// values hold a tab or a line break are left out (HTTP header values cannot hold either).
  func encoded() -> [UInt8] {
    var out = Array(Self.magic.utf8)
    out.append(UInt8(ascii: "\n"))
    for url in records.keys.sorted() {
      let record = records[url]!
      var hash = [UInt8]()
      FNV1a.appendHex(record.hash, to: &hash)
      let fields = [
        url, record.file, String(record.bytes), String(decoding: hash, as: UTF8.self),
        String(record.fetchedAt), record.etag ?? "", record.lastModified ?? "",
      ]
      guard fields.allSatisfy({ !$0.utf8.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } })
      else { continue }
      out.append(contentsOf: fields.joined(separator: "\t").utf8)
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }
}
