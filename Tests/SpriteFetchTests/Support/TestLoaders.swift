import Foundation
import SpriteFetch

/// Loader configurations for tests: short backoff, a fixed jitter seed, and timeouts no busy
/// machine trips.
enum TestLoaders {
  /// How long a test waits for something that must happen before calling it a hang, in seconds.
  /// It only catches hangs: a machine busy with other work can take many seconds for what
  /// takes milliseconds when idle, so nothing may be expected within less.
  static let hangLimit: Double = 120

  /// A configuration with 10 ms backoff, seeded jitter and the given overrides. The connect and
  /// no-progress timeouts default to `hangLimit`: the in-process servers share the test
  /// process's two cooperative threads with every other suite, and a server that could not run
  /// for half a minute must not fail a test that is not about timeouts.
  static func configuration(
    retries: Int = 3, maxBytes: Int = 16 << 20, noProgress: Duration = .seconds(hangLimit)
  ) -> CurlDataLoader.Configuration {
    var configuration = CurlDataLoader.Configuration()
    configuration.retries = retries
    configuration.maxBytes = maxBytes
    configuration.connectTimeout = .seconds(hangLimit)
    configuration.noProgressTimeout = noProgress
    configuration.totalTimeout = .seconds(hangLimit)
    // A busy machine can hold the test between two loads for minutes: keep idle connections.
    configuration.maxConnectionAge = .seconds(3600)
    configuration.backoffBase = .milliseconds(10)
    configuration.jitterSeed = 42
    return configuration
  }

  /// A loader with `configuration(...)`.
  static func loader(
    retries: Int = 3, maxBytes: Int = 16 << 20, noProgress: Duration = .seconds(hangLimit)
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

/// A load running in a task of its own, which a test cancels or awaits.
final class StartedLoad: Sendable {
  private let task: Task<FetchResponse, any Error>

  /// Starts loading `request` with `loader`.
  init(_ loader: any DataLoading, _ request: FetchRequest) {
    task = Task { try await loader.load(request) }
  }

  /// Cancels the load's task.
  func cancel() { task.cancel() }

  /// The load's outcome.
  var outcome: Result<FetchResponse, any Error> {
    get async { await task.result }
  }

  /// The outcome, or nil when the load has not ended within `seconds`.
  func outcome(within seconds: Double) async -> Result<FetchResponse, any Error>? {
    await withTaskGroup(of: Result<FetchResponse, any Error>?.self) { group in
      group.addTask { await self.task.result }
      group.addTask {
        try? await Task.sleep(for: .seconds(seconds))
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }

  /// The `FetchError` the load threw, or nil.
  var fetchError: FetchError? {
    get async {
      if case .failure(let error as FetchError) = await task.result { return error }
      return nil
    }
  }
}
