#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SpriteFetch

/// The `sprites/` folder of a `fetch --download-only` run and its ``DownloadManifest`` in the
/// cache directory: each sprite is written once, as received, and its validators are recorded,
/// instead of a second copy of its body in the response cache (a second atomic file per sprite was
/// the largest cost of a download-only run after the transfers themselves).
///
/// A sprite whose file still matches its record (name, size and hash) is not fetched again while
/// younger than `ttl`; after that it is revalidated with `If-None-Match` / `If-Modified-Since`, and
/// a 304 keeps the file. A file that was changed or removed is fetched again. Sprite requests go
/// to the loader with `usesCache` false, so a ``CachingDataLoader`` neither reads nor stores them.
final class DownloadedSprites: Sendable {
  /// Why a sprite could not be kept: the transfer failed (the item fails), or its file could not
  /// be written (the run stops).
  enum Failure: Error {
    /// The loader's error.
    case fetch(any Error)
    /// The write error, with the file's name.
    case write(file: String, FileIO.Failure)
  }

  /// What ``keep(_:as:loader:)`` left in the folder: the file's size, and whether it was kept
  /// from an earlier run (fresh, or confirmed by a 304) rather than downloaded.
  struct Kept: Sendable {
    /// The file's size in bytes.
    var bytes: Int
    /// True when no body was transferred.
    var fromCache: Bool
  }

  /// The folder the sprites are written to.
  let folder: OutputFolder
  /// The manifest's path.
  let manifestPath: String
  private let previous: DownloadManifest
  private let current: Locked<DownloadManifest>
  private let ttl: TimeInterval
  private let now: @Sendable () -> Date

  /// Opens the records kept for `folder` by earlier runs.
  ///
  /// - Parameters:
  ///   - folder: The sprites folder.
  ///   - cacheDirectory: Where the manifest is kept (created when it is first written).
  ///   - ttl: Seconds a sprite stays fresh after it was fetched or revalidated.
  ///   - now: The clock.
  init(
    folder: OutputFolder, cacheDirectory: String, ttl: TimeInterval,
    now: @escaping @Sendable () -> Date
  ) {
    self.folder = folder
    self.manifestPath =
      cacheDirectory + "/" + DownloadManifest.fileName(forSpritesFolder: folder.absolutePath)
    self.previous = DownloadManifest(parsing: (try? FileIO.read(manifestPath)) ?? [])
    self.current = Locked(previous)
    self.ttl = ttl
    self.now = now
  }

  /// Makes `file` in the folder hold the sprite at `url`: kept when fresh, revalidated when stale,
  /// downloaded otherwise.
  ///
  /// - Returns: The file's size and where it came from.
  /// - Throws: ``Failure``.
  func keep(_ url: URL, as file: String, loader: any DataLoading) async throws(Failure) -> Kept {
    let source = url.absoluteString
    var request = FetchRequest(url: url, expecting: .png)
    request.usesCache = false
    if let record = previous.records[source], record.file == file,
      let kept = folder.contents(of: file), kept.count == record.bytes,
      FNV1a.hash(kept) == record.hash
    {
      let age = now().timeIntervalSince1970 - record.fetchedAt
      if age >= 0 && age < ttl {
        return Kept(bytes: kept.count, fromCache: true)
      }
      if record.etag != nil || record.lastModified != nil {
        request.ifNoneMatch = record.etag
        request.ifModifiedSince = record.lastModified
        let response = try await load(request, loader)
        guard response.isNotModified else {
          return Kept(bytes: try store(response, source: source, file: file), fromCache: false)
        }
        var refreshed = record
        refreshed.fetchedAt = now().timeIntervalSince1970
        if let etag = response.etag { refreshed.etag = etag }
        if let lastModified = response.lastModified { refreshed.lastModified = lastModified }
        current.withLock { $0.records[source] = refreshed }
        return Kept(bytes: kept.count, fromCache: true)
      }
    }
    return Kept(
      bytes: try store(try await load(request, loader), source: source, file: file), fromCache: false)
  }

  /// Writes the manifest: the records of earlier runs, updated by this one.
  func save() throws(FileIO.Failure) {
    let directory = String(manifestPath[..<manifestPath.lastIndex(of: "/")!])
    try FileIO.createDirectory(directory)
    try FileIO.writeAtomically(current.withLock { $0 }.encoded(), to: manifestPath)
  }

  private func load(_ request: FetchRequest, _ loader: any DataLoading) async throws(Failure)
    -> FetchResponse
  {
    do {
      return try await loader.load(request)
    } catch {
      throw .fetch(error)
    }
  }

  /// Writes a response's body as `file` and records it (with its validators when the status is
  /// 200).
  private func store(_ response: FetchResponse, source: String, file: String) throws(Failure)
    -> Int
  {
    do throws(FileIO.Failure) {
      try folder.write(response.body, named: file)
    } catch {
      throw .write(file: file, error)
    }
    let record = DownloadManifest.Record(
      file: file, bytes: response.body.count, hash: FNV1a.hash(response.body),
      fetchedAt: now().timeIntervalSince1970,
      etag: response.status == 200 ? response.etag : nil,
      lastModified: response.status == 200 ? response.lastModified : nil)
    current.withLock { $0.records[source] = record }
    return response.body.count
  }
}
