import Foundation
import SpriteFetch

/// A clock the tests move by hand.
final class TestClock: Sendable {
  private let date = LockedBox(Date(timeIntervalSince1970: 1_800_000_000))

  /// The current test time.
  @Sendable func now() -> Date { date.withLock { $0 } }

  /// Moves the clock forward.
  func advance(by seconds: Double) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// An in-memory `DataLoading` that records requests and serves PNG-like bodies with validators.
///
/// A request whose `If-None-Match` equals the current ETag gets a 304 with an empty body.
final class MockLoader: DataLoading {
  private struct State {
    var requests: [FetchRequest] = []
    var notModified = 0
    var version = 1
    var failure: FetchError?
  }

  private let state = LockedBox(State())
  private let bodyLength: Int
  private let validators: Bool

  /// The ETag of version 1.
  static let etag = "\"v1\""
  /// The Last-Modified value of every body.
  static let lastModified = "Sun, 06 Nov 1994 08:49:37 GMT"

  /// Creates a mock serving bodies of `bodyLength` bytes, with or without ETag and Last-Modified.
  init(bodyLength: Int = 256, validators: Bool = true) {
    self.bodyLength = bodyLength
    self.validators = validators
  }

  /// Every request received, in order.
  var requests: [FetchRequest] { state.withLock { $0.requests } }
  /// How many 304 answers were given.
  var notModifiedCount: Int { state.withLock { $0.notModified } }
  /// The resource version; changing it changes bodies and ETags.
  var version: Int {
    get { state.withLock { $0.version } }
    set { state.withLock { $0.version = newValue } }
  }
  /// An error every later load throws, when set.
  var failure: FetchError? {
    get { state.withLock { $0.failure } }
    set { state.withLock { $0.failure = newValue } }
  }

  /// The body served for a URL: the PNG signature, then bytes derived from the URL and version.
  static func body(for url: URL, version: Int = 1, length: Int = 256) -> [UInt8] {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var seed = UInt64(truncatingIfNeeded: version) &* 0x9E37_79B9_7F4A_7C15
    for byte in url.absoluteString.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
    while bytes.count < length {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes.append(UInt8(truncatingIfNeeded: seed >> 33))
    }
    return bytes
  }

  func load(_ request: FetchRequest) async throws -> FetchResponse {
    let (version, failure) = state.withLock { state -> (Int, FetchError?) in
      state.requests.append(request)
      return (state.version, state.failure)
    }
    if let failure { throw failure }
    let etag = "\"v\(version)\""
    if request.ifNoneMatch == etag {
      state.withLock { $0.notModified += 1 }
      return FetchResponse(status: 304, body: [], etag: etag, finalURL: request.url)
    }
    return FetchResponse(
      status: 200, body: Self.body(for: request.url, version: version, length: bodyLength),
      etag: validators ? etag : nil, lastModified: validators ? Self.lastModified : nil,
      contentType: "image/png",
      finalURL: request.url)
  }
}

/// Wraps a loader, recording each inner response; optionally drops `If-Modified-Since`.
final class RecordingLoader: DataLoading {
  let inner: any DataLoading
  let dropIfModifiedSince: Bool
  private let log = LockedBox<[(FetchRequest, FetchResponse)]>([])

  init(_ inner: any DataLoading, dropIfModifiedSince: Bool = false) {
    self.inner = inner
    self.dropIfModifiedSince = dropIfModifiedSince
  }

  /// The requests sent and the responses the inner loader returned.
  var exchanges: [(FetchRequest, FetchResponse)] { log.withLock { $0 } }

  func load(_ request: FetchRequest) async throws -> FetchResponse {
    var request = request
    if dropIfModifiedSince { request.ifModifiedSince = nil }
    let response = try await inner.load(request)
    log.withLock { $0.append((request, response)) }
    return response
  }
}
