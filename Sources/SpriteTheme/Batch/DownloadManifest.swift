import SpriteFetch

/// What `fetch --download-only` remembers about the sprites it wrote, kept in the cache directory
/// (``fileName(forSpritesFolder:)``): for each URL, the file's name, size and FNV-1a hash, when it
/// was fetched, and the response's `ETag` and `Last-Modified`. The cache thus keeps each sprite
/// response by URL with its validators, as SPEC section 9 asks, while its body is stored once, in
/// the sprites folder, rather than a second time as a response-cache entry.
///
/// The file is text: a first line `sprite-theme-downloads 1`, then one record per line, fields
/// separated by tabs, in the order of the URLs' FNV-1a hashes (a stable order that costs no string
/// comparisons):
///
/// ```text
/// URL <TAB> name <TAB> bytes <TAB> hash <TAB> fetched-at <TAB> etag <TAB> last-modified
/// ```
///
/// The hash is 16 hex digits; fetched-at is in milliseconds since 1970. Empty fields are absent
/// validators. A file with another first line is ignored whole; a line
/// that does not parse is skipped.
struct DownloadManifest: Sendable, Equatable {
  /// The first line of every manifest this code writes.
  static let magic = "sprite-theme-downloads 1"
  /// The manifest's file name in the cache directory for a sprites folder (its absolute path):
  /// `downloads-<FNV-1a of the path>.manifest`, so that output directories sharing a cache keep
  /// apart.
  static func fileName(forSpritesFolder path: String) -> String {
    var name = Array("downloads-".utf8)
    FNV1a.appendHex(FNV1a.hash(path), to: &name)
    name.append(contentsOf: ".manifest".utf8)
    return String(decoding: name, as: UTF8.self)
  }

  /// One sprite file and how it was fetched.
  struct Record: Sendable, Equatable {
    /// The file's name in the folder, e.g. `pikachu.png`.
    var file: String
    /// The file's size in bytes.
    var bytes: Int
    /// The FNV-1a hash of the file's bytes.
    var hash: UInt64
    /// When the body was fetched or last revalidated, in seconds since 1970 (kept to the
    /// millisecond).
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
        let hash = UInt64(fields[3], radix: 16), let milliseconds = Int64(fields[4])
      else { continue }
      let fetchedAt = Double(milliseconds) / 1000
      records[String(fields[0])] = Record(
        file: String(fields[1]), bytes: bytes, hash: hash, fetchedAt: fetchedAt,
        etag: fields[5].isEmpty ? nil : String(fields[5]),
        lastModified: fields[6].isEmpty ? nil : String(fields[6]))
    }
  }

  /// The file's bytes: the magic line, then the records in the order of their URLs' hashes.
  /// Records whose URL or values hold a tab or a line break are left out (HTTP header values
  /// cannot hold either). Written straight into one buffer sized up front: for a thousand
  /// sprites, appending field by field to a growing array cost 11 M instructions at the end of
  /// every `fetch --download-only`.
  func encoded() -> [UInt8] {
    // The order is sorted as (hash, position) pairs, which move without touching the strings;
    // sorting the (URL, record) pairs themselves cost twice the rest of the encoding.
    let pairs = Array(records)
    var order = pairs.indices.map { (hash: FNV1a.hash(pairs[$0].key), position: $0) }
    order.sort { a, b in
      a.hash != b.hash ? a.hash < b.hash : pairs[a.position].key < pairs[b.position].key
    }
    // Every field's bytes, two numbers of at most 20 characters, 16 hex digits, 7 separators.
    var capacity = Self.magic.utf8.count + 1
    for (url, record) in pairs {
      capacity += url.utf8.count + record.file.utf8.count + (record.etag?.utf8.count ?? 0)
      capacity += (record.lastModified?.utf8.count ?? 0) + 2 * 20 + 16 + 7
    }
    return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      var out = ManifestBytes(buffer)
      out.append(Self.magic)
      out.append(UInt8(ascii: "\n"))
      for (_, position) in order {
        let (url, record) = pairs[position]
        let etag = record.etag ?? ""
        let lastModified = record.lastModified ?? ""
        guard Self.isField(url), Self.isField(record.file), Self.isField(etag),
          Self.isField(lastModified)
        else { continue }
        let tab = UInt8(ascii: "\t")
        out.append(url)
        out.append(tab)
        out.append(record.file)
        out.append(tab)
        out.appendDecimal(Int64(record.bytes))
        out.append(tab)
        out.appendHex(record.hash)
        out.append(tab)
        out.appendDecimal(Int64((record.fetchedAt * 1000).rounded()))
        out.append(tab)
        out.append(etag)
        out.append(tab)
        out.append(lastModified)
        out.append(UInt8(ascii: "\n"))
      }
      count = out.count
    }
  }

  /// True when `text` can be a field: no tab, line feed or carriage return.
  static func isField(_ text: String) -> Bool {
    // No early exit: the loop then compiles to 16-byte vector compares (the closure-based
    // `contains` was a quarter of the manifest's encoding time for a thousand sprites).
    func separators(_ byte: UInt8) -> UInt8 {
      (byte == 0x09 ? 1 : 0) | (byte == 0x0A ? 1 : 0) | (byte == 0x0D ? 1 : 0)
    }
    return text.utf8.withContiguousStorageIfAvailable { bytes in
      var found: UInt8 = 0
      for byte in bytes { found |= separators(byte) }
      return found == 0
    } ?? !text.utf8.contains { separators($0) != 0 }
  }
}

/// Appends bytes into a buffer the caller sized for all of them.
private struct ManifestBytes {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  /// The bytes written so far.
  private(set) var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  mutating func append(_ byte: UInt8) {
    buffer[count] = byte
    count += 1
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
      (target + count).update(from: source, count: bytes.count)
      count += bytes.count
    }
  }

  /// `value` in decimal (``JSONWriter/writeInteger(_:to:)``).
  mutating func appendDecimal(_ value: Int64) {
    count += JSONWriter.writeInteger(Int(value), to: buffer.baseAddress! + count)
  }

  /// `value` as 16 lowercase hex digits.
  mutating func appendHex(_ value: UInt64) {
    for shift in stride(from: 60, through: 0, by: -4) {
      append(FNV1a.hexDigit(of: value, at: shift))
    }
  }
}
