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

  @Test(
    "HTTP dates parse in all three RFC 9110 forms to the same instant",
    arguments: [
      "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ])
  func httpDateForms(text: String) throws {
    // 1994-11-06T08:49:37Z, as `date -u -d '1994-11-06 08:49:37' +%s` gives.
    let date = try #require(RetryPolicy.httpDate(text))
    #expect(date.timeIntervalSince1970 == 784_111_777)
  }

  @Test(
    "malformed HTTP dates are refused",
    arguments: [
      "", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Foo 1994 08:49:37 GMT",
      "Sun, 32 Nov 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 8:49:37 GMT",
      "Sun, 06 Nov 19940 08:49:37 GMT",
      "1, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 PST",
    ])
  func malformedHTTPDates(text: String) {
    #expect(RetryPolicy.httpDate(text) == nil)
  }
}
