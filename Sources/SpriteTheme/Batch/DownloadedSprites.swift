import SpriteFetch

/// The `sprites/` folder of a `fetch --download-only` run and its ``DownloadManifest`` in the
/// cache directory: each sprite is written once, as received, and its validators are recorded,
/// instead of a second copy of its body in the response cache (a second atomic file per sprite was
/// the largest cost of a download-only run after the transfers themselves).
///
/// A sprite whose file still matches its record (name, size and hash) is not fetched again while
/// younger than `ttl`; after that it is revalidated with `If-None-Match` / `If-Modified-Since`, and
/// a 304 keeps the file. A file that was changed or removed is fetched again. Sprite requests go
/// to the loader's completion form with `usesCache` false, so a ``CachingDataLoader`` neither reads
/// nor stores them and hands them straight to `CurlDataLoader`'s transfer thread: no thread hop per
/// sprite.
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
  private let ttl: Double
  private let now: @Sendable () -> Timestamp
  /// Writes new bodies off the loader's thread (see ``keep(_:as:loader:completion:)``).
  private let writer = WriteBehind(maxPendingBytes: 32 << 20, name: "SpriteTheme.sprite-writer")
  /// The first write the writer could not do, for ``finishWrites()``.
  private let writeFailure = Locked<Failure?>(nil)
  private let whenWriteFails: @Sendable () -> Void

  /// Opens the records kept for `folder` by earlier runs.
  ///
  /// - Parameters:
  ///   - folder: The sprites folder.
  ///   - cacheDirectory: Where the manifest is kept (created when it is first written).
  ///   - ttl: Seconds a sprite stays fresh after it was fetched or revalidated.
  ///   - now: The clock.
  ///   - whenWriteFails: Called (once, on the writer's thread) when a new body could not be
  ///     written; ``finishWrites()`` then throws that failure.
  init(
    folder: OutputFolder, cacheDirectory: String, ttl: Double,
    now: @escaping @Sendable () -> Timestamp, whenWriteFails: @escaping @Sendable () -> Void = {}
  ) {
    self.folder = folder
    self.manifestPath =
      cacheDirectory + "/" + DownloadManifest.fileName(forSpritesFolder: folder.absolutePath)
    self.previous = DownloadManifest(parsing: (try? FileIO.read(manifestPath)) ?? [])
    self.current = Locked(previous)
    self.ttl = ttl
    self.now = now
    self.whenWriteFails = whenWriteFails
  }

  /// Makes `file` in the folder hold the sprite at `url`: kept when fresh, revalidated when stale,
  /// downloaded otherwise; then calls `completion` once with what was kept or the failure.
  ///
  /// A fresh file completes at once, on this thread. Otherwise the request goes to the loader's
  /// completion form, and `completion` runs where the loader's does (for `CurlDataLoader`, its
  /// transfer thread). A new body is then handed to a writer thread and `completion` reports it
  /// kept at once; the file and its record exist after ``finishWrites()``, which reports a write
  /// that failed. When the writer's queue is full, the body is written before `completion`, and
  /// a failed write is reported to it.
  ///
  /// - Returns: The load's handle (nil when the file was fresh and nothing was loaded).
  @discardableResult
  func keep(
    _ url: AbsoluteURL, as file: String, loader: any DataLoading,
    completion: @escaping @Sendable (Result<Kept, Failure>) -> Void
  ) -> LoadHandle? {
    let source = url.absoluteString
    var request = FetchRequest(url: url, expecting: .png)
    request.usesCache = false
    var revalidating: (record: DownloadManifest.Record, bytes: Int)?
    if let record = previous.records[source], record.file == file,
      let kept = folder.contents(of: file), kept.count == record.bytes,
      FNV1a.hash(kept) == record.hash
    {
      let age = now().secondsSince1970 - record.fetchedAt
      if age >= 0 && age < ttl {
        completion(.success(Kept(bytes: kept.count, fromCache: true)))
        return nil
      }
      if record.etag != nil || record.lastModified != nil {
        request.ifNoneMatch = record.etag
        request.ifModifiedSince = record.lastModified
        revalidating = (record, kept.count)
      }
    }
    let stored = revalidating
    return loader.load(request) { [self] result in
      switch result {
      case .failure(let error):
        completion(.failure(.fetch(error)))
      case .success(let response) where response.isNotModified:
        guard let (record, bytes) = stored else {
          completion(.failure(.fetch(FetchError.httpStatus(304))))
          return
        }
        var refreshed = record
        refreshed.fetchedAt = now().secondsSince1970
        if let etag = response.etag { refreshed.etag = etag }
        if let lastModified = response.lastModified { refreshed.lastModified = lastModified }
        current.withLock { $0.records[source] = refreshed }
        completion(.success(Kept(bytes: bytes, fromCache: true)))
      case .success(let response):
        let kept = Kept(bytes: response.body.count, fromCache: false)
        let queued = writer.submit(bytes: response.body.count) { [self] in
          do throws(Failure) {
            try store(response, source: source, file: file)
          } catch {
            let first = writeFailure.withLock { failure in
              defer { failure = failure ?? error }
              return failure == nil
            }
            if first { whenWriteFails() }
          }
        }
        guard !queued else {
          completion(.success(kept))
          return
        }
        do throws(Failure) {
          try store(response, source: source, file: file)
          completion(.success(kept))
        } catch {
          completion(.failure(error))
        }
      }
    }
  }

  /// Waits until every body handed to the writer thread is written, and stops the thread;
  /// throws the first write that failed. Call it once the last ``keep(_:as:loader:completion:)``
  /// has completed.
  func finishWrites() throws(Failure) {
    writer.drain()
    writer.shutdown()
    if let failure = writeFailure.withLock({ $0 }) { throw failure }
  }

  /// The manifest's bytes: the records of earlier runs, updated by this one (complete after
  /// ``finishWrites()``).
  func encodedManifest() -> [UInt8] {
    current.withLock { $0 }.encoded()
  }

  /// Writes the manifest, whose bytes are ``encodedManifest()``.
  func save(_ encoded: [UInt8]) throws(FileIO.Failure) {
    let directory = String(manifestPath[..<manifestPath.lastIndex(of: "/")!])
    try FileIO.createDirectory(directory)
    try FileIO.writeAtomically(encoded, to: manifestPath)
  }

  /// Writes a response's body as `file` and records it (with its validators when the status is
  /// 200).
  private func store(_ response: FetchResponse, source: String, file: String) throws(Failure) {
    do throws(FileIO.Failure) {
      try folder.write(response.body, named: file)
    } catch {
      throw .write(file: file, error)
    }
    let record = DownloadManifest.Record(
      file: file, bytes: response.body.count, hash: FNV1a.hash(response.body),
      fetchedAt: now().secondsSince1970,
      etag: response.status == 200 ? response.etag : nil,
      lastModified: response.status == 200 ? response.lastModified : nil)
    current.withLock { $0.records[source] = record }
  }
}
