import Foundation
import SpriteFetch
import Synchronization

/// A `DataLoading` that answers from a table instead of the network (Nuke's `MockDataLoader`):
/// each URL maps to a body or an error; any other URL is a 404. Requests are recorded in order.
final class MockDataLoader: DataLoading {
  /// What the mock answers for one URL.
  enum Answer: Sendable {
    /// A 200 with this body.
    case body([UInt8])
    /// This error, thrown as the real loader would.
    case error(FetchError)
    /// A 200 with this body and `ETag`, or a 304 when the request's `If-None-Match` is that tag.
    case tagged([UInt8], etag: String)
  }

  private struct State {
    var answers: [String: Answer] = [:]
    var recorded: [FetchRequest] = []
  }

  private let state = Mutex(State())

  /// Creates a mock with no answers.
  init() {}

  /// Sets the answer for `url`.
  subscript(url: String) -> Answer? {
    get { state.withLock { $0.answers[url] } }
    set { state.withLock { $0.answers[url] = newValue } }
  }

  /// The requests made so far, in order.
  var requests: [FetchRequest] { state.withLock { $0.recorded } }

  /// Answers from the table; applies no content check, so a test can hand any body on.
  func load(_ request: FetchRequest) async throws -> FetchResponse {
    try URLText.check(request.url, origin: request.origin)
    let answer = state.withLock { state -> Answer? in
      state.recorded.append(request)
      return state.answers[request.url.absoluteString]
    }
    switch answer {
    case .body(let bytes):
      return FetchResponse(status: 200, body: bytes, finalURL: request.url)
    case .error(let error):
      throw error
    case .tagged(let bytes, let etag):
      if request.ifNoneMatch == etag {
        return FetchResponse(status: 304, body: [], etag: etag, finalURL: request.url)
      }
      return FetchResponse(status: 200, body: bytes, etag: etag, finalURL: request.url)
    case nil:
      throw FetchError.httpStatus(404)
    }
  }
}
