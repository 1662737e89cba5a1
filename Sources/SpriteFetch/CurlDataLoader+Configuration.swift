extension CurlDataLoader {
  /// The download policy of SPEC section 9: timeouts, caps, redirects, retries and identity.
  public struct Configuration: Sendable, Equatable {
    /// The longest wait for a connection to be established; 10 s by default.
    public var connectTimeout: Duration = .seconds(10)
    /// A transfer receiving no body bytes for this long fails (checked about once a second); 30 s.
    public var noProgressTimeout: Duration = .seconds(30)
    /// A limit on each attempt's total time, so a server that sends a byte now and then cannot
    /// hold a download for ever; 300 s by default (nil: none).
    public var totalTimeout: Duration? = .seconds(300)
    /// The largest body accepted, in bytes; 16 MiB by default.
    public var maxBytes: Int = 16 << 20
    /// The most redirects followed before failing; 5 by default.
    public var maxRedirects: Int = 5
    /// Extra attempts after connection errors, 5xx and 429; 3 by default.
    public var retries: Int = 3
    /// The first retry delay, doubled on each later retry before jitter; 0.5 s by default.
    public var backoffBase: Duration = .milliseconds(500)
    /// The longest computed backoff delay; 30 s by default.
    public var maxBackoff: Duration = .seconds(30)
    /// The longest `Retry-After` delay honoured; longer values are cut to this; 60 s by default.
    public var maxRetryAfter: Duration = .seconds(60)
    /// A seed for the backoff jitter so tests are repeatable; nil seeds from the system.
    public var jitterSeed: UInt64?
    /// The User-Agent header sent with every request.
    public var userAgent: String = CurlDataLoader.defaultUserAgent
    /// How long an idle connection may wait and still be reused; 118 s by default (libcurl's).
    public var maxConnectionAge: Duration = .seconds(118)
    /// The most transfers running at once; 8 by default.
    public var concurrency: Int = 8

    /// Creates the default configuration; adjust fields as needed.
    public init() {}
  }

  /// The version of this library sent in the default User-Agent.
  public static let version = "0.1.0"

  /// The default User-Agent, `sprite-theme/<version>`.
  public static let defaultUserAgent = "sprite-theme/\(version)"
}

extension Duration {
  /// This duration in whole milliseconds, rounded up, never negative.
  var wholeMilliseconds: Int {
    let (seconds, attoseconds) = components
    let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int(max(0, ms))
  }
}
