import SpriteFetch

/// Loader configurations for tests: short backoff and a fixed jitter seed.
enum TestLoaders {
  /// A configuration with 10 ms backoff, seeded jitter and the given overrides.
  static func configuration(
    retries: Int = 3, maxBytes: Int = 16 << 20, noProgress: Duration = .seconds(30)
  ) -> CurlDataLoader.Configuration {
    var configuration = CurlDataLoader.Configuration()
    configuration.retries = retries
    configuration.maxBytes = maxBytes
    configuration.noProgressTimeout = noProgress
    configuration.backoffBase = .milliseconds(10)
    configuration.jitterSeed = 42
    return configuration
  }

  /// A loader with `configuration(...)`.
  static func loader(
    retries: Int = 3, maxBytes: Int = 16 << 20, noProgress: Duration = .seconds(30)
  ) -> CurlDataLoader {
    CurlDataLoader(
      configuration: configuration(retries: retries, maxBytes: maxBytes, noProgress: noProgress))
  }

  /// Runs `body` and returns the `FetchError` it threw, or nil if it did not throw one.
  static func fetchError(_ body: () async throws -> Void) async -> FetchError? {
    do {
      try await body()
      return nil
    } catch let error as FetchError {
      return error
    } catch {
      return nil
    }
  }
}
