import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A disk cache of HTTP responses kept by URL, per SPEC section 9 (`--cache DIR`).
///
/// Each entry is two files in `directory`: `<key>.body` with the body bytes and `<key>.json` with
/// the metadata (URL, status, `ETag`, `Last-Modified`, content type, storage time, body length and
/// hash). The key is a readable prefix of the URL plus its 64-bit FNV-1a hash; the metadata holds
/// the full URL, so a key collision reads as a miss. Files are written to a uniquely named
/// temporary file in the same directory and renamed into place, body first, so several processes
/// may share a directory: a reader sees whole files only, and an entry whose body does not match
/// its metadata (length or hash) is a miss, never returned.
///
/// ```swift
/// let cache = ResponseCache(directory: outDir.appendingPathComponent(".cache"))
/// let loader = CachingDataLoader(wrapping: CurlDataLoader(), cache: cache)
/// ```
public final class ResponseCache: Sendable {
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

  /// The entry stored for `url`, or nil when there is none or it is incomplete or inconsistent.
  public func entry(for url: URL) -> Entry? {
    let files = self.files(for: url)
    guard let data = try? Data(contentsOf: files.metadata),
      let metadata = try? JSONDecoder().decode(Metadata.self, from: data),
      metadata.version == Metadata.currentVersion, metadata.url == url.absoluteString,
      let bodyData = try? Data(contentsOf: files.body)
    else { return nil }
    let body = [UInt8](bodyData)
    guard body.count == metadata.bodyLength, FNV1a.hex(body) == metadata.bodyHash else {
      return nil
    }
    return Entry(
      url: metadata.url, status: metadata.status, body: body, etag: metadata.etag,
      lastModified: metadata.lastModified, contentType: metadata.contentType,
      finalURL: metadata.finalURL, storedAt: Date(timeIntervalSince1970: metadata.storedAt))
  }

  /// Stores a response's body and validators under `url`, dated now.
  ///
  /// - Returns: The entry as written.
  /// - Throws: A file-system error when the directory or a file cannot be written.
  @discardableResult
  public func store(_ response: FetchResponse, for url: URL) throws -> Entry {
    let entry = Entry(
      url: url.absoluteString, status: response.status, body: response.body, etag: response.etag,
      lastModified: response.lastModified, contentType: response.contentType,
      finalURL: response.finalURL.absoluteString, storedAt: now())
    try createDirectory()
    let files = self.files(for: url)
    try writeAtomically(Data(entry.body), to: files.body)
    try writeMetadata(for: entry, to: files.metadata)
    return entry
  }

  /// Marks an entry as revalidated now, keeping its body and updating any validators given.
  ///
  /// Only the metadata is rewritten; if another writer replaced the body meanwhile, the
  /// length and hash check turns the entry into a miss rather than a mismatched answer.
  ///
  /// - Returns: The entry as written.
  /// - Throws: A file-system error when the metadata cannot be written.
  @discardableResult
  public func refresh(_ entry: Entry, etag: String? = nil, lastModified: String? = nil) throws
    -> Entry
  {
    var updated = entry
    updated.storedAt = now()
    if let etag { updated.etag = etag }
    if let lastModified { updated.lastModified = lastModified }
    guard let url = URL(string: entry.url) else { return updated }
    try createDirectory()
    try writeMetadata(for: updated, to: files(for: url).metadata)
    return updated
  }

  /// The file-name stem for a URL: a sanitised readable prefix plus the URL's FNV-1a hash.
  static func key(for url: String) -> String {
    let readable = url.replacingOccurrences(of: "://", with: "_")
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    let prefix = String(readable.map { allowed.contains($0) ? $0 : "_" }.suffix(48))
    return prefix + "-" + FNV1a.hex(Array(url.utf8))
  }

  /// The body and metadata files for a URL.
  func files(for url: URL) -> (body: URL, metadata: URL) {
    let key = Self.key(for: url.absoluteString)
    return (
      directory.appendingPathComponent(key + ".body"),
      directory.appendingPathComponent(key + ".json")
    )
  }

  private func writeMetadata(for entry: Entry, to file: URL) throws {
    let metadata = Metadata(
      version: Metadata.currentVersion, url: entry.url, status: entry.status, etag: entry.etag,
      lastModified: entry.lastModified, contentType: entry.contentType, finalURL: entry.finalURL,
      storedAt: entry.storedAt.timeIntervalSince1970, bodyLength: entry.body.count,
      bodyHash: FNV1a.hex(entry.body))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try writeAtomically(try encoder.encode(metadata), to: file)
  }

  private func createDirectory() throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      return
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      // Another process may have created it between the check and the call.
      guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { throw error }
    }
  }

  /// Writes `data` to a unique temporary file beside `file`, then renames it over `file`.
  ///
  /// Plain `open`/`write`/`rename`, no `fsync`: readers never see a partial file, which is what
  /// the cache needs; `Data.write` synced twice per response and tripled a cold `fetch`.
  private func writeAtomically(_ data: Data, to file: URL) throws {
    let temporary = directory.appendingPathComponent(
      ".\(file.lastPathComponent).\(UUID().uuidString).tmp")
    let failure = CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure }
    var written = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let n = Foundation.write(fd, base + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += n
      }
      return true
    }
    if close(fd) != 0 { written = false }
    guard written, rename(temporary.path, file.path) == 0 else {
      unlink(temporary.path)
      throw failure
    }
  }
}
