import Foundation
import SpriteFetch
import SpriteFiles
import Synchronization
import SystemPackage

/// The `sprites/` folder of a `fetch --download-only` run and its ``DownloadManifest`` in the
/// cache directory: each sprite is written once, as received, and its validators are recorded,
/// instead of a second copy of its body in the response cache.
///
/// A sprite whose file still matches its record (name, size and SHA-256) is not fetched again
/// while younger than `ttl`; after that it is revalidated with `If-None-Match` /
/// `If-Modified-Since`, and a 304 keeps the file. A file that was changed or removed is fetched
/// again. Sprite requests set `usesCache` false, so a ``CachingDataLoader`` neither reads nor
/// stores them.
final class DownloadedSprites: Sendable {
  /// Why a sprite could not be kept: the transfer failed (the item fails), or its file could not
  /// be written (the run stops).
  enum Failure: Error {
    /// The loader's error.
    case fetch(any Error)
    /// The write error, with the file's path.
    case write(path: String, reason: String)
  }

  /// What ``keep(_:origin:as:loader:)`` left in the folder: the file's size, and whether it was
  /// kept from an earlier run (fresh, or confirmed by a 304) rather than downloaded.
  struct Kept: Sendable {
    /// The file's size in bytes.
    var bytes: Int
    /// True when no body was transferred.
    var fromCache: Bool
  }

  /// The folder the sprites are written to.
  let folder: URL
  /// The manifest's file.
  let manifestFile: URL
  private let previous: DownloadManifest
  private let current: Mutex<DownloadManifest>
  private let ttl: Double
  private let now: @Sendable () -> Date

  /// Opens the records kept for `folder` by earlier runs.
  ///
  /// - Parameters:
  ///   - folder: The sprites folder.
  ///   - cacheDirectory: Where the manifest is kept (created when it is first written).
  ///   - ttl: Seconds a sprite stays fresh after it was fetched or revalidated.
  ///   - now: The clock.
  init(folder: URL, cacheDirectory: URL, ttl: Double, now: @escaping @Sendable () -> Date) {
    self.folder = folder
    self.manifestFile = cacheDirectory.appending(
      path: DownloadManifest.fileName(forSpritesFolder: folder.standardizedFileURL.path),
      directoryHint: .notDirectory)
    self.previous = DownloadManifest(
      parsing: Data((try? RegularFile.read(FilePath(manifestFile.path))) ?? []))
    self.current = Mutex(previous)
    self.ttl = ttl
    self.now = now
  }

  /// Makes `file` in the folder hold the sprite at `url`: kept when fresh, revalidated when stale,
  /// downloaded otherwise.
  ///
  /// - Throws: ``Failure/fetch(_:)`` when the load failed, ``Failure/write(path:reason:)`` when
  ///   the file could not be written.
  func keep(_ url: URL, origin: FetchRequest.Origin, as file: String, loader: any DataLoading)
    async throws(Failure) -> Kept
  {
    let source = url.absoluteString
    var request = FetchRequest(url: url, expecting: .png, origin: origin)
    request.usesCache = false
    var revalidating: (record: DownloadManifest.Record, bytes: Int)?
    let target = folder.appending(path: file, directoryHint: .notDirectory)
    if let record = previous.records[source], record.file == file,
      let kept = try? RegularFile.read(FilePath(target.path)), kept.count == record.bytes,
      ResponseCache.digest(kept) == record.sha256
    {
      let age = now().timeIntervalSince1970 - record.fetchedAt
      if age >= 0 && age < ttl {
        return Kept(bytes: kept.count, fromCache: true)
      }
      if record.etag != nil || record.lastModified != nil {
        request.ifNoneMatch = record.etag
        request.ifModifiedSince = record.lastModified
        revalidating = (record, kept.count)
      }
    }
    let response: FetchResponse
    do {
      response = try await loader.load(request)
    } catch {
      throw .fetch(error)
    }
    if response.isNotModified {
      guard let (record, bytes) = revalidating else { throw .fetch(FetchError.httpStatus(304)) }
      var refreshed = record
      refreshed.fetchedAt = now().timeIntervalSince1970
      if let etag = response.etag { refreshed.etag = etag }
      if let lastModified = response.lastModified { refreshed.lastModified = lastModified }
      current.withLock { $0.records[source] = refreshed }
      return Kept(bytes: bytes, fromCache: true)
    }
    do {
      try AtomicFile.write(response.body, to: FilePath(target.path))
    } catch {
      throw .write(path: target.path, reason: Self.reason(error))
    }
    let record = DownloadManifest.Record(
      file: file, bytes: response.body.count, sha256: ResponseCache.digest(response.body),
      fetchedAt: now().timeIntervalSince1970,
      etag: response.status == 200 ? response.etag : nil,
      lastModified: response.status == 200 ? response.lastModified : nil)
    current.withLock { $0.records[source] = record }
    return Kept(bytes: response.body.count, fromCache: false)
  }

  /// Writes the manifest: the records of earlier runs, updated by this one.
  ///
  /// - Throws: A file-system error when the cache directory or the file cannot be written.
  func save() throws {
    try Folder.create(FilePath(manifestFile.deletingLastPathComponent().path))
    try AtomicFile.write(current.withLock { $0 }.encoded(), to: FilePath(manifestFile.path))
  }

  /// The system's reason for a failed write.
  static func reason(_ error: any Error) -> String {
    (error as? Errno)?.reason ?? "\(error)"
  }
}
