import SpriteFetch
import Synchronization

/// A ``DataLoading`` made on its first load, so a stream of files only never starts the
/// downloader (libcurl's thread, the cache).
final class LazyDataLoader: DataLoading {
  private let make: @Sendable () -> any DataLoading
  private let made = Mutex<(any DataLoading)?>(nil)

  /// A loader that calls `make` once, on the first ``load(_:)``.
  init(make: @escaping @Sendable () -> any DataLoading) {
    self.make = make
  }

  /// Loads `request` through the loader, making it first if needed.
  func load(_ request: FetchRequest) async throws -> FetchResponse {
    let loader = made.withLock { made in
      if let made { return made }
      let loader = make()
      made = loader
      return loader
    }
    return try await loader.load(request)
  }
}
