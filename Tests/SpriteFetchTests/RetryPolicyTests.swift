import Foundation
import Testing

@testable import SpriteFetch

/// Backoff and Retry-After arithmetic.
@Suite("RetryPolicy")
struct RetryPolicyTests {
  @Test("backoff doubles per attempt, is capped, and jitter keeps it within [half, full]")
  func backoff() {
    var configuration = CurlDataLoader.Configuration()
    configuration.backoffBase = .milliseconds(100)
    configuration.maxBackoff = .milliseconds(1000)
    #expect(
      RetryPolicy.backoff(attempt: 0, configuration: configuration, unit: 0) == .milliseconds(50))
    #expect(
      RetryPolicy.backoff(attempt: 1, configuration: configuration, unit: 0) == .milliseconds(100))
    #expect(
      RetryPolicy.backoff(attempt: 2, configuration: configuration, unit: 0.5) == .milliseconds(300)
    )
    #expect(
      RetryPolicy.backoff(attempt: 10, configuration: configuration, unit: 0) == .milliseconds(500))
  }

  @Test("the same jitter seed gives the same sequence, within [0, 1)")
  func seededJitter() {
    let a = JitterSource(seed: 7)
    let b = JitterSource(seed: 7)
    let first = (0..<50).map { _ in a.next() }
    #expect(first == (0..<50).map { _ in b.next() })
    #expect(first.allSatisfy { $0 >= 0 && $0 < 1 })
  }

  @Test("Retry-After seconds and HTTP dates are honoured up to the cap")
  func retryAfter() throws {
    let cap = Duration.seconds(60)
    #expect(RetryPolicy.retryAfterDelay("1", cap: cap) == .seconds(1))
    #expect(RetryPolicy.retryAfterDelay(" 3600 ", cap: cap) == .seconds(60))
    #expect(RetryPolicy.retryAfterDelay("soon", cap: cap) == nil)
    let now = try #require(RetryPolicy.httpDate("Sun, 06 Nov 1994 08:49:37 GMT"))
    #expect(
      RetryPolicy.retryAfterDelay("Sun, 06 Nov 1994 08:49:47 GMT", cap: cap, now: now)
        == .seconds(10))
    #expect(
      RetryPolicy.retryAfterDelay("Sun, 06 Nov 1994 08:49:27 GMT", cap: cap, now: now) == .zero)
  }

  @Test("HTTP dates parse in all three RFC 9110 forms to the same instant", arguments: [
    "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
  ])
  func httpDateForms(text: String) throws {
    // 1994-11-06T08:49:37Z, as `date -u -d '1994-11-06 08:49:37' +%s` gives.
    let date = try #require(RetryPolicy.httpDate(text))
    #expect(date.secondsSince1970 == 784_111_777)
  }

  @Test("malformed HTTP dates are refused", arguments: [
    "", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
    "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 19940 08:49:37 GMT",
    "1, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 PST",
  ])
  func malformedHTTPDates(text: String) {
    #expect(RetryPolicy.httpDate(text) == nil)
  }

  @Test("days since the epoch match the calendar, leap years and centuries included")
  func daysSinceEpoch() {
    #expect(RetryPolicy.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
    #expect(RetryPolicy.daysSinceEpoch(year: 1969, month: 12, day: 31) == -1)
    #expect(RetryPolicy.daysSinceEpoch(year: 2000, month: 3, day: 1) == 11_017)
    #expect(RetryPolicy.daysSinceEpoch(year: 2100, month: 3, day: 1) == 47_541)
    // Consecutive days are one apart across every month end from 1899 to 2101.
    var previous = RetryPolicy.daysSinceEpoch(year: 1899, month: 1, day: 1) - 1
    for year in 1899...2101 {
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      for month in 1...12 {
        let length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        for day in 1...length {
          let days = RetryPolicy.daysSinceEpoch(year: year, month: month, day: day)
          #expect(days == previous + 1)
          previous = days
        }
      }
    }
  }

  @Test("whitespace trimming drops spaces and tabs at both ends only")
  func trimming() {
    #expect(" \t 12 3\t ".trimmingWhitespace() == "12 3")
    #expect("   ".trimmingWhitespace() == "")
    #expect("x".trimmingWhitespace() == "x")
    #expect("\u{00A0}y\u{2003}".trimmingWhitespace() == "y")
  }
}
