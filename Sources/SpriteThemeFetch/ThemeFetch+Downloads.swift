import Foundation
import SpriteFetch
import SpriteFiles
import SpriteFlow
import SpriteTheme

extension ThemeFetch {
  /// What became of one input of a download-only run.
  private enum Downloaded: Sendable {
    case written(DownloadIndex.Entry)
    case failed(BatchIndex.Failure)
    case skipped(BatchIndex.Skip)
    case fatal(ThemeEngine.Fatal)
    case cancelled
  }

  /// Runs a download-only fetch: up to twice `concurrency` downloads at once, each sprite written
  /// as received to `sprites/<name>.png` (or kept, see ``DownloadedSprites``), then the manifest
  /// (even when cancelled: it describes whole files only) and `index.json`.
  func runDownloads(inputs: FetchInputs, loader: any DataLoading, counters: FetchCounters)
    async throws(ThemeEngine.Fatal) -> Outcome
  {
    let output = URL(filePath: options.outputDirectory.string, directoryHint: .isDirectory)
    let folder = output.appending(path: "sprites", directoryHint: .isDirectory)
    do {
      try Folder.create(FilePath(folder.path))
    } catch {
      throw ThemeEngine.Fatal(path: folder.path, reason: DownloadedSprites.reason(error))
    }
    let cache =
      options.cacheDirectory.map { URL(filePath: $0.string, directoryHint: .isDirectory) }
      ?? output.appending(path: ".cache", directoryHint: .isDirectory)
    let sprites = DownloadedSprites(
      folder: folder, cacheDirectory: cache, ttl: options.ttl, now: options.now)
    let downloads = OrderedConcurrentMap(
      NamedInputs(inputs: inputs, counters: counters), window: 2 * options.concurrency
    ) { input in
      await Self.download(input, into: sprites, loader: loader, counters: counters)
    }

    var index = DownloadIndex(entries: [], errors: [])
    var fatal: ThemeEngine.Fatal?
    do {
      gathering: for try await result in downloads {
        switch result {
        case .written(let entry): index.entries.append(entry)
        case .failed(let failure):
          index.errors.append(failure)
          counters.update { $0.failed += 1 }
        case .skipped(let skip): counters.skip(name: skip.name, reason: skip.reason)
        case .fatal(let error):
          fatal = error
          break gathering
        case .cancelled: break
        }
      }
    } catch {
      // Cancelled: the index is not written.
    }
    do {
      try sprites.save()
    } catch {
      throw ThemeEngine.Fatal(
        path: sprites.manifestFile.path, reason: DownloadedSprites.reason(error))
    }
    if let fatal { throw fatal }
    index.count = index.entries.count + index.errors.count
    index.skipped = counters.skipped
    let summary = BatchIndex(entries: [], errors: index.errors, skipped: index.skipped)
    let interrupted = Task.isCancelled
    if !interrupted {
      let file = output.appending(path: "index.json", directoryHint: .notDirectory)
      do {
        try AtomicFile.write(index.encoded(), to: FilePath(file.path))
      } catch {
        throw ThemeEngine.Fatal(path: file.path, reason: DownloadedSprites.reason(error))
      }
    }
    return Outcome(
      index: summary, downloads: index, interrupted: interrupted, counts: counters.counts)
  }

  /// Keeps one sprite in the sprites folder, or passes a skipped or failed entry on.
  private static func download(
    _ input: NamedInput, into sprites: DownloadedSprites, loader: any DataLoading,
    counters: FetchCounters
  ) async -> Downloaded {
    switch input {
    case .skipped(let name, let reason):
      return .skipped(BatchIndex.Skip(name: name, reason: reason))
    case .failed(let failure):
      return .failed(failure)
    case .sprite(let url, let name, _, let origin):
      let file = name + ".png"
      do throws(DownloadedSprites.Failure) {
        let kept = try await sprites.keep(url, origin: origin, as: file, loader: loader)
        counters.update { if kept.fromCache { $0.cached += 1 } else { $0.downloaded += 1 } }
        return .written(
          DownloadIndex.Entry(
            name: name, source: url.absoluteString, sprite: "sprites/" + file, bytes: kept.bytes))
      } catch {
        switch error {
        case .fetch(let error) where (error as? FetchError) == .cancelled:
          return .cancelled
        case .fetch(let error):
          return .failed(
            BatchIndex.Failure(
              source: url.absoluteString, stage: "fetch", message: String(describing: error)))
        case .write(let path, let reason):
          return .fatal(ThemeEngine.Fatal(path: path, reason: reason))
        }
      }
    }
  }
}
