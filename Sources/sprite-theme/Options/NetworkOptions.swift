import ArgumentParser
import Foundation
import SpriteFetch

/// Download options: cache, freshness, concurrency, retries, timeout and body cap.
struct NetworkOptions: ParsableArguments {
  /// The response cache directory, or `nil` for `<out>/.cache`.
  @Option(
    help: ArgumentHelp(
      "The response cache directory (default: <out>/.cache; none for batch --jsonl).",
      valueName: "dir"))
  var cache: String?

  /// Seconds a cached response stays fresh.
  @Option(help: ArgumentHelp("Seconds a cached response stays fresh.", valueName: "seconds"))
  var ttl: Double = CachingDataLoader.defaultTTL

  /// Downloads at once.
  @Option(help: ArgumentHelp("Downloads at once.", valueName: "n"))
  var concurrency = 8

  /// Retries of a transient failure.
  @Option(help: ArgumentHelp("Retries of a transient download failure.", valueName: "n"))
  var retries = 3

  /// Seconds allowed for one download, or `nil` for no limit.
  @Option(
    help: ArgumentHelp(
      "Total time allowed for one download (default: none).", valueName: "seconds"))
  var timeout: Double?

  /// The largest response body accepted, in bytes.
  @Option(help: ArgumentHelp("Refuse a response body larger than this.", valueName: "n"))
  var maxBytes = 16 << 20

  /// Checks the values' ranges.
  func validate() throws {
    guard ttl >= 0 else { throw ValidationError("--ttl must not be negative.") }
    guard (1...64).contains(concurrency) else {
      throw ValidationError("--concurrency must be between 1 and 64, not \(concurrency).")
    }
    guard retries >= 0 else { throw ValidationError("--retries must not be negative.") }
    guard (timeout ?? 1) > 0 else { throw ValidationError("--timeout must be positive.") }
    guard maxBytes > 0 else { throw ValidationError("--max-bytes must be positive.") }
  }

  /// The cache directory: `cache`, or `<outputDirectory>/.cache`.
  func cacheDirectory(outputDirectory: String) -> String {
    cache ?? (outputDirectory + "/.cache")
  }

  /// The downloader's policy per these options.
  var curlConfiguration: CurlDataLoader.Configuration {
    var configuration = CurlDataLoader.Configuration()
    configuration.concurrency = concurrency
    configuration.retries = retries
    configuration.maxBytes = maxBytes
    configuration.totalTimeout = timeout.map { .milliseconds(Int64(($0 * 1000).rounded())) }
    return configuration
  }

  /// A caching curl loader per these options, caching in `cache` or `<outputDirectory>/.cache`.
  func loader(outputDirectory: String) -> any DataLoading {
    let directory = cacheDirectory(outputDirectory: outputDirectory)
    return CachingDataLoader(
      wrapping: CurlDataLoader(configuration: curlConfiguration),
      cache: ResponseCache(directory: URL(filePath: directory, directoryHint: .isDirectory)),
      ttl: ttl)
  }
}

extension NetworkOptions {
  /// A curl loader per these options for `batch --jsonl`, which has no output directory:
  /// caching in `cache` when given, else not at all.
  func streamLoader() -> any DataLoading {
    guard let cache else { return CurlDataLoader(configuration: curlConfiguration) }
    return CachingDataLoader(
      wrapping: CurlDataLoader(configuration: curlConfiguration),
      cache: ResponseCache(directory: URL(filePath: cache, directoryHint: .isDirectory)), ttl: ttl)
  }
}
