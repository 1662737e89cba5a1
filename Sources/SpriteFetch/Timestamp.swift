#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A moment on the system's real-time clock: seconds since 1970-01-01 00:00:00 UTC (the Unix
/// epoch), as cache entries and download records store it.
///
/// ```swift
/// let storedAt = Timestamp.now
/// let age = Timestamp.now.seconds(since: storedAt)
/// ```
public struct Timestamp: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Seconds since the Unix epoch, with a fraction.
  public var secondsSince1970: Double

  /// The moment `secondsSince1970` seconds after the Unix epoch.
  public init(secondsSince1970: Double) {
    self.secondsSince1970 = secondsSince1970
  }

  /// The current time (`clock_gettime(CLOCK_REALTIME)`).
  public static var now: Timestamp {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Timestamp(secondsSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
  }

  /// The seconds from `earlier` to this moment (negative when `earlier` is later).
  public func seconds(since earlier: Timestamp) -> Double {
    secondsSince1970 - earlier.secondsSince1970
  }

  /// Orders moments by time.
  public static func < (a: Timestamp, b: Timestamp) -> Bool {
    a.secondsSince1970 < b.secondsSince1970
  }

  /// The seconds since the epoch.
  public var description: String { "\(secondsSince1970)" }
}
