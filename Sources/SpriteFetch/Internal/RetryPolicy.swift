import Foundation
import Synchronization

/// Backoff and `Retry-After` arithmetic for `CurlDataLoader`.
enum RetryPolicy {
  /// The delay before retry number `attempt + 1`: base × 2^attempt, capped, scaled by a jitter
  /// factor in [0.5, 1) taken from `unit` (a value in [0, 1)): "equal jitter" from AWS's
  /// "Exponential Backoff And Jitter" (2015).
  static func backoff(attempt: Int, configuration: CurlDataLoader.Configuration, unit: Double)
    -> Duration
  {
    let base = Double(configuration.backoffBase.wholeMilliseconds)
    let capped = min(
      base * Double(1 << min(attempt, 30)), Double(configuration.maxBackoff.wholeMilliseconds))
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

  /// The three forms of HTTP-date RFC 9110 section 5.6.7 says a recipient must accept:
  /// IMF-fixdate, the obsolete RFC 850 form and asctime.
  private static let httpDateFormats = [
    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy",
  ]

  /// Parses an HTTP-date in any of its three forms (`Sun, 06 Nov 1994 08:49:37 GMT`,
  /// `Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`), or nil.
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.isLenient = false
    // RFC 850's two-digit years: 70-99 are 19xx, 00-69 20xx (RFC 9110 asks for a 50-year window).
    formatter.twoDigitStartDate = Date(timeIntervalSince1970: 0)
    let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(
      separator: " ")
    for format in httpDateFormats {
      formatter.dateFormat = format
      // Formatting the date again must give the text back: the parser alone forgives missing
      // literals and digits.
      if let date = formatter.date(from: collapsed), formatter.string(from: date) == collapsed {
        return date
      }
    }
    return nil
  }
}

/// A thread-safe SplitMix64 stream of jitter values in [0, 1), seedable for tests.
final class JitterSource: Sendable {
  private let state: Mutex<UInt64>

  /// Creates a stream from `seed`, or from the system generator when nil.
  init(seed: UInt64?) { state = Mutex(seed ?? UInt64.random(in: .min ... .max)) }

  /// The next value in [0, 1) (SplitMix64, Steele, Lea and Flood, OOPSLA 2014).
  func next() -> Double {
    state.withLock { state in
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return Double(z >> 11) / Double(1 << 53)
    }
  }
}
