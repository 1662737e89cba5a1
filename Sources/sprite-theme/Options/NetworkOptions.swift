import Foundation
import SpriteFetch

/// Download options: cache, freshness, concurrency, retries, timeout and body cap.
struct NetworkOptions {
  /// The rows of this group's argument table.
  enum Table {
    /// `--cache <dir>`.
    static let cache = ArgumentSpec.option(
      "cache", valueName: "dir", help: "The response cache directory (default: <out>/.cache).",
      of: String.self)
    /// `--ttl <seconds>`.
    static let ttl = ArgumentSpec.option(
      "ttl", valueName: "seconds", help: "Seconds a cached response stays fresh.", of: Double.self,
      default: CachingDataLoader.defaultTTL)
    /// `--concurrency <n>`.
    static let concurrency = ArgumentSpec.option(
      "concurrency", valueName: "n", help: "Downloads at once.", of: Int.self, default: 8)
    /// `--retries <n>`.
    static let retries = ArgumentSpec.option(
      "retries", valueName: "n", help: "Retries of a transient download failure.", of: Int.self,
      default: 3)
    /// `--timeout <seconds>`.
    static let timeout = ArgumentSpec.option(
      "timeout", valueName: "seconds", help: "Total time allowed for one download (default: none).",
      of: Double.self)
    /// `--max-bytes <n>`.
    static let maxBytes = ArgumentSpec.option(
      "max-bytes", valueName: "n", help: "Refuse a response body larger than this.", of: Int.self,
      default: 16 << 20)
    /// Every row, in help order.
    static let all = [cache, ttl, concurrency, retries, timeout, maxBytes]
  }

  /// The response cache directory, or `nil` for `<out>/.cache`.
  var cache: String?
  /// Seconds a cached response stays fresh.
  var ttl: Double
  /// Downloads at once.
  var concurrency: Int
  /// Retries of a transient failure.
  var retries: Int
  /// Seconds allowed for one download, or `nil` for no limit.
  var timeout: Double?
  /// The largest response body accepted, in bytes.
  var maxBytes: Int

  /// Reads the group's values and checks their ranges.
  init(parsed: ParsedArguments) throws(UsageError) {
    cache = try parsed.optional(Table.cache)
    ttl = try parsed.value(Table.ttl)
    concurrency = try parsed.value(Table.concurrency)
    retries = try parsed.value(Table.retries)
    timeout = try parsed.optional(Table.timeout)
    maxBytes = try parsed.value(Table.maxBytes)
    guard ttl >= 0 else { throw UsageError("--ttl must not be negative.") }
    guard (1...64).contains(concurrency) else {
      throw UsageError("--concurrency must be between 1 and 64, not \(concurrency).")
    }
    guard retries >= 0 else { throw UsageError("--retries must not be negative.") }
    guard (timeout ?? 1) > 0 else { throw UsageError("--timeout must be positive.") }
    guard maxBytes > 0 else { throw UsageError("--max-bytes must be positive.") }
  }

  /// The cache directory: `cache`, or `<outputDirectory>/.cache`.
  func cacheDirectory(outputDirectory: String) -> String {
    cache ?? (outputDirectory + "/.cache")
  }

  /// A caching curl loader per these options, caching in `cache` or `<outputDirectory>/.cache`.
  func loader(outputDirectory: String) -> any DataLoading {
    var configuration = CurlDataLoader.Configuration()
    configuration.concurrency = concurrency
    configuration.retries = retries
    configuration.maxBytes = maxBytes
    configuration.totalTimeout = timeout.map { .milliseconds(Int64(($0 * 1000).rounded())) }
    let directory = cacheDirectory(outputDirectory: outputDirectory)
    return CachingDataLoader(
      wrapping: CurlDataLoader(configuration: configuration),
      cache: ResponseCache(directory: URL(filePath: directory, directoryHint: .isDirectory)),
      ttl: ttl)
  }
}
