/// Backoff and `Retry-After` arithmetic for `CurlDataLoader`.
enum RetryPolicy {
  /// The delay before retry number `attempt + 1`: base × 2^attempt, capped, scaled by a jitter
  /// factor in [0.5, 1) taken from `unit` (a value in [0, 1)).
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
  static func retryAfterDelay(_ value: String, cap: Duration, now: Timestamp = .now) -> Duration? {
    let trimmed = value.trimmingWhitespace()
    var seconds: Double
    if let delta = Int(trimmed) {
      seconds = Double(max(0, delta))
    } else if let date = httpDate(trimmed) {
      seconds = max(0, date.seconds(since: now))
    } else {
      return nil
    }
    seconds = min(seconds, Double(cap.wholeMilliseconds) / 1000)
    return .milliseconds(Int(seconds * 1000))
  }

  /// Parses an HTTP-date in any of the three forms RFC 9110 section 5.6.7 says a recipient must
  /// accept: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
  /// (`Sunday, 06-Nov-94 08:49:37 GMT`; years 70-99 are 19xx, 00-69 are 20xx) and asctime
  /// (`Sun Nov  6 08:49:37 1994`). The weekday is not checked against the date.
  static func httpDate(_ text: String) -> Timestamp? {
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" })
    let day: Substring, month: Substring, year: Substring, time: Substring
    switch fields.count {
    case 6 where fields[5] == "GMT":  // IMF-fixdate or RFC 850
      (day, month, year, time) = (fields[1], fields[2], fields[3], fields[4])
    case 5:  // asctime
      (month, day, time, year) = (fields[1], fields[2], fields[3], fields[4])
    default:
      return nil
    }
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let clock = time.split(separator: ":", omittingEmptySubsequences: false)
    guard fields[0].allSatisfy(\.isLetter),
      let monthIndex = months.firstIndex(where: { $0 == month }),
      let dayNumber = Int(day), (1...31).contains(dayNumber), day.count <= 2,
      var yearNumber = Int(year), year.count == 2 || year.count == 4,
      clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    if year.count == 2 { yearNumber += yearNumber >= 70 ? 1900 : 2000 }
    let days = daysSinceEpoch(year: yearNumber, month: monthIndex + 1, day: dayNumber)
    return Timestamp(secondsSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`, https://howardhinnant.github.io/date_algorithms.html).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

/// A thread-safe SplitMix64 stream of jitter values in [0, 1), seedable for tests.
final class JitterSource: @unchecked Sendable {
  private let lock = ThreadLock()
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
