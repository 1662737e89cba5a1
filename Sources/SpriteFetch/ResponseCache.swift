import Crypto
import Foundation
import SpriteFiles
import SystemPackage

/// A disk cache of HTTP responses kept by URL, per SPEC section 9 (`--cache DIR`).
///
/// Each entry is one file in `directory`, `<SHA-256 of the URL>.entry`: a short text header (URL,
/// status, `ETag`, `Last-Modified`, content type, final URL, storage time, body length and
/// digest; see ``EntryFile``) followed by the body bytes. The header holds the full URL, so a
/// file that is not this URL's reads as a miss. An entry is written whole to a uniquely named
/// temporary file in the same directory and renamed into place (``AtomicFile``), so several
/// processes may share a directory: a reader sees whole entries only, and one whose body does not
/// match its header is a miss, never returned.
///
/// ```swift
/// let cache = ResponseCache(directory: URL(filePath: "out/.cache"))
/// let loader = CachingDataLoader(wrapping: CurlDataLoader(), cache: cache)
/// ```
public struct ResponseCache: Sendable {
  /// The directory holding the entries; created on the first store.
  public let directory: URL
  /// The clock used for `storedAt` and freshness; injectable for tests.
  public let now: @Sendable () -> Date

  /// Creates a cache over a directory.
  ///
  /// - Parameters:
  ///   - directory: Where entries are kept; created when first needed.
  ///   - now: The clock; the system clock by default.
  public init(directory: URL, now: @escaping @Sendable () -> Date = { Date() }) {
    self.directory = directory
    self.now = now
  }

  /// The entry file for `url`: the hex SHA-256 of its absolute string, then `.entry`.
  public func file(for url: URL) -> URL {
    directory.appending(
      path: Self.digest(url.absoluteString) + ".entry", directoryHint: .notDirectory)
  }

  /// The entry stored for `url`, or nil when there is none or it is incomplete or inconsistent.
  public func entry(for url: URL) -> Entry? {
    guard let bytes = try? RegularFile.read(FilePath(file(for: url).path)),
      let entry = EntryFile.decode(Data(bytes)),
      entry.url == url.absoluteString
    else { return nil }
    return entry
  }

  /// Stores a response's body and validators under `url`, dated now.
  ///
  /// - Returns: The entry as written.
  /// - Throws: A file-system error when the directory or the entry cannot be written.
  @discardableResult
  public func store(_ response: FetchResponse, for url: URL) throws -> Entry {
    let entry = Entry(
      url: url.absoluteString, status: response.status, body: response.body, etag: response.etag,
      lastModified: response.lastModified, contentType: response.contentType,
      finalURL: response.finalURL.absoluteString, storedAt: now())
    try write(entry, for: url)
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
    guard let url = URL(string: entry.url) else { return updated }
    try write(updated, for: url)
    return updated
  }

  /// The lowercase hex SHA-256 of `text`'s UTF-8 bytes.
  package static func digest(_ text: String) -> String {
    digest(Array(text.utf8))
  }

  /// The lowercase hex SHA-256 of `bytes` (also names and checks the download manifest's files).
  package static func digest(_ bytes: [UInt8]) -> String {
    SHA256.hash(data: bytes).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }

  /// Writes `entry` atomically as `url`'s entry file, creating the directory when missing.
  private func write(_ entry: Entry, for url: URL) throws(Errno) {
    let bytes = EntryFile.encode(entry)
    do {
      try AtomicFile.write(bytes, to: FilePath(file(for: url).path))
    } catch .noSuchFileOrDirectory {
      try Folder.create(FilePath(directory.path))
      try AtomicFile.write(bytes, to: FilePath(file(for: url).path))
    }
  }
}
