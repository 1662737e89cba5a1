#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A disk cache of HTTP responses kept by URL, per SPEC section 9 (`--cache DIR`).
///
/// Each entry is one file in `directory`, `<key>.entry`: a short text header (URL, status, `ETag`,
/// `Last-Modified`, content type, final URL, storage time, body length and hash; see
/// ``EntryFile``) followed by the body bytes. The key is a readable prefix of the URL plus its
/// 64-bit FNV-1a hash; the header holds the full URL, so a key collision reads as a miss. An entry
/// is written whole to a uniquely named temporary file in the same directory and renamed into
/// place, so several processes may share a directory: a reader sees whole entries only, and one
/// whose body does not match its header (length or hash) is a miss, never returned. Files of the
/// older two-file layout (`<key>.body` and `<key>.json`) are never read; those entries are misses.
///
/// ```swift
/// let cache = ResponseCache(directory: outputPath + "/.cache")
/// let loader = CachingDataLoader(wrapping: CurlDataLoader(), cache: cache)
/// ```
public final class ResponseCache: Sendable {
  /// The directory holding the entries; created on the first store.
  public let directory: String
  /// The clock used for `storedAt` and freshness; injectable for tests.
  public let now: @Sendable () -> Timestamp
  /// The directory, opened once and used for every entry.
  private let folder: CacheDirectory
  /// Which URL hashes have an entry file: listed once, then kept up to date by this cache.
  private let known: KnownEntries

  /// Creates a cache over a directory.
  ///
  /// - Parameters:
  ///   - directory: Where entries are kept; created when first needed.
  ///   - now: The clock; the system clock by default.
  public init(directory: String, now: @escaping @Sendable () -> Timestamp = { Timestamp.now }) {
    self.directory = directory
    self.now = now
    self.folder = CacheDirectory(path: directory)
    self.known = KnownEntries(folder: folder)
  }

  /// Where one URL's entry lives: its absolute string and its file, worked out once per load.
  struct Slot: Sendable {
    /// The absolute URL string the entry is kept under.
    let url: String
    /// The entry file's name in the directory.
    let name: String
    /// The URL's FNV-1a hash, the last part of `name`'s stem.
    let hash: UInt64
  }

  /// The slot for `url`.
  func slot(for url: AbsoluteURL) -> Slot {
    let string = url.absoluteString
    let (key, hash) = Self.keyAndHash(for: string)
    return Slot(url: string, name: key + ".entry", hash: hash)
  }

  /// The entry stored for `url`, or nil when there is none or it is incomplete or inconsistent.
  public func entry(for url: AbsoluteURL) -> Entry? {
    entry(in: slot(for: url))
  }

  /// The entry stored in `slot` (see ``entry(for:)``).
  func entry(in slot: Slot) -> Entry? {
    guard known.mayHold(slot.hash), let bytes = folder.contents(of: slot.name), let entry = EntryFile.decode(bytes),
      entry.url == slot.url
    else { return nil }
    return entry
  }

  /// Stores a response's body and validators under `url`, dated now.
  ///
  /// - Returns: The entry as written.
  /// - Throws: A file-system error when the directory or the entry cannot be written.
  @discardableResult
  public func store(_ response: FetchResponse, for url: AbsoluteURL) throws -> Entry {
    try store(response, in: slot(for: url))
  }

  /// Stores a response in `slot` (see ``store(_:for:)``).
  @discardableResult
  func store(_ response: FetchResponse, in slot: Slot) throws -> Entry {
    let entry = Entry(
      url: slot.url, status: response.status, body: response.body, etag: response.etag,
      lastModified: response.lastModified, contentType: response.contentType,
      finalURL: response.finalURL.absoluteString, storedAt: now())
    try write(entry, to: slot.name)
    known.insert(slot.hash)
    return entry
  }

  /// Marks an entry as revalidated now, keeping its body and updating any validators given.
  ///
  /// The whole entry is rewritten, body included, so it stays consistent whatever other writers
  /// do meanwhile.
  ///
  /// - Returns: The entry as written.
  /// - Throws: A file-system error when the entry cannot be written.
  @discardableResult
  public func refresh(_ entry: Entry, etag: String? = nil, lastModified: String? = nil) throws
    -> Entry
  {
    var updated = entry
    updated.storedAt = now()
    if let etag { updated.etag = etag }
    if let lastModified { updated.lastModified = lastModified }
    try write(updated, to: Self.key(for: updated.url) + ".entry")
    return updated
  }

  /// The file-name stem for a URL: a sanitised readable prefix plus the URL's FNV-1a hash.
  static func key(for url: String) -> String {
    keyAndHash(for: url).key
  }

  /// The file-name stem for a URL and the hash that ends it.
  static func keyAndHash(for url: String) -> (key: String, hash: UInt64) {
    var url = url
    return url.withUTF8 { bytes in
      var readable = [UInt8]()
      readable.reserveCapacity(bytes.count + 17)
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ":"), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"),
          bytes[index + 1] == UInt8(ascii: "/")
        {
          index += 2
          readable.append(UInt8(ascii: "_"))
          continue
        }
        let allowed =
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        readable.append(allowed ? byte : UInt8(ascii: "_"))
      }
      var key = Array(readable.suffix(48))
      key.append(UInt8(ascii: "-"))
      let hash = FNV1a.hash(bytes)
      FNV1a.appendHex(hash, to: &key)
      return (String(decoding: key, as: UTF8.self), hash)
    }
  }

  /// The entry file for an absolute URL string.
  func path(for url: String) -> String {
    folder.path + "/" + Self.key(for: url) + ".entry"
  }

  /// Writes `entry` atomically as `name` in the directory, creating the directory when missing.
  private func write(_ entry: Entry, to name: String) throws {
    try folder.writeAtomically(header: EntryFile.header(of: entry), body: entry.body, to: name)
  }
}
