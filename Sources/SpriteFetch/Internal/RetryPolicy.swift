import Foundation

/// Backoff and `Retry-After` arithmetic for `CurlDataLoader`.
enum RetryPolicy {
  /// The delay before retry number `attempt + 1`: base × 2^attempt, capped, scaled by a jitter
  /// factor in [0.5, 1) taken from `unit` (a value in [0, 1)).
  static func backoff(attempt: Int, configuration: CurlDataLoader.Configuration, unit: Double)
    -> Duration
  {
    let base = Double(configuration.backoffBase.wholeMilliseconds)
    let capped = min(
      base * pow(2, Double(min(attempt, 30))), Double(configuration.maxBackoff.wholeMilliseconds))
    return .milliseconds(Int(capped * (0.5 + unit / 2)))
  }

  /// The delay a `Retry-After` value asks for (delta-seconds or an HTTP-date), capped; nil when
  /// the value cannot be parsed.
  static func retryAfterDelay(_ value: String, cap: Duration, now: Date = Date()) -> Duration? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    var seconds: Double
    if let delta = Int(trimmed) {
      seconds = Double(max(0, delta))
    } else if let date = httpDate(trimmed) {
      seconds = max(0, date.timeIntervalSince(now))
    } else {
      return nil
    }
    seconds = min(seconds, Double(cap.wholeMilliseconds) / 1000)
    return .milliseconds(Int(seconds * 1000))
  }

  /// Parses an IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: text)
  }
}

/// A thread-safe SplitMix64 stream of jitter values in [0, 1), seedable for tests.
final class JitterSource: @unchecked Sendable {
  private let lock = NSLock()
  private var state: UInt64

  /// Creates a stream from `seed`, or from the system generator when nil.
  init(seed: UInt64?) { state = seed ?? UInt64.random(in: .min ... .max) }

  /// The next value in [0, 1).
  func next() -> Double {
    lock.withLock {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return Double(z >> 11) / Double(1 << 53)
    }
  }
}
