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

  /// Seconds allowed for one download attempt.
  @Option(help: ArgumentHelp("Total time allowed for one download.", valueName: "seconds"))
  var timeout: Double = 300

  /// Seconds allowed to establish a connection.
  @Option(help: ArgumentHelp("Time allowed to connect to a server.", valueName: "seconds"))
  var connectTimeout: Double = 10

  /// Seconds a download may receive nothing before it fails.
  @Option(
    help: ArgumentHelp(
      "Fail a download that receives nothing for this long.", valueName: "seconds"))
  var stallTimeout: Double = 30

  /// The largest response body accepted, in bytes.
  @Option(help: ArgumentHelp("Refuse a response body larger than this.", valueName: "n"))
  var maxBytes = 16 << 20

  /// The options' defaults, for a command without them (`analyze URL`).
  static var defaults: NetworkOptions {
    // Parsing no arguments gives every default; it cannot fail.
    (try? NetworkOptions.parse([])) ?? NetworkOptions()
  }

  /// The longest `--ttl` accepted: about 31 years, so every value is a whole `Duration`.
  static let maxTTL: Double = 1e9
  /// The longest timeout accepted: about 11 days.
  static let maxTimeout: Double = 1e6

  /// Checks the values' ranges.
  func validate() throws {
    guard (0...Self.maxTTL).contains(ttl) else {
      throw ValidationError(
        "--ttl must be between 0 and \(Int(Self.maxTTL)) seconds, not \(ttl).")
    }
    guard (1...64).contains(concurrency) else {
      throw ValidationError("--concurrency must be between 1 and 64, not \(concurrency).")
    }
    guard retries >= 0 else { throw ValidationError("--retries must not be negative.") }
    for (name, seconds) in [
      ("--timeout", timeout), ("--connect-timeout", connectTimeout),
      ("--stall-timeout", stallTimeout),
    ] {
      guard seconds > 0, seconds <= Self.maxTimeout else {
        throw ValidationError(
          "\(name) must be more than 0 and at most \(Int(Self.maxTimeout)) seconds, not \(seconds)."
        )
      }
    }
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
    configuration.totalTimeout = Self.duration(timeout)
    configuration.connectTimeout = Self.duration(connectTimeout)
    configuration.noProgressTimeout = Self.duration(stallTimeout)
    return configuration
  }

  /// `seconds` (validated: finite, in range) as a whole number of milliseconds, at least 1.
  private static func duration(_ seconds: Double) -> Duration {
    .milliseconds(max(1, Int64((seconds * 1000).rounded(.up))))
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
