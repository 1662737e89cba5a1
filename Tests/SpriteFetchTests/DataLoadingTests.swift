import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// A loader with only the blocking form, which returns once its gate is opened.
private final class GatedLoader: DataLoading {
  let gate = ThreadHandoff<Void>()
  let returned = ThreadHandoff<Void>()

  func load(_ request: FetchRequest) throws -> FetchResponse {
    gate.take()
    defer { returned.put(()) }
    return FetchResponse(status: 200, body: [1, 2, 3], finalURL: request.url)
  }
}

/// The completion form every `DataLoading` gets from its blocking form.
@Suite("DataLoading's default completion form")
struct DataLoadingTests {
  static let url = AbsoluteURL(string: "http://mock.invalid/sprite.png")!

  @Test("runs the blocking load on a thread of its own and passes its outcome on")
  func completesFromBlockingLoad() async throws {
    let loader = GatedLoader()
    let load = StartedLoad(loader, FetchRequest(url: Self.url))
    loader.gate.put(())
    let response = try await load.outcome.get()
    #expect(response.body == [1, 2, 3])
  }

  @Test("a cancel reports cancelled at once; the blocking load's later outcome is dropped")
  func cancelReportsAtOnce() async throws {
    let loader = GatedLoader()
    let outcomes = LockedBox<[Result<FetchResponse, any Error>]>([])
    let handle = loader.load(FetchRequest(url: Self.url)) { outcome in
      outcomes.withLock { $0.append(outcome) }
    }
    handle.cancel()
    #expect(outcomes.withLock { $0.count } == 1)
    #expect(throws: FetchError.cancelled) { try outcomes.withLock { $0[0] }.get() }
    loader.gate.put(())
    try await offPool { loader.returned.take() }
    // The drop happens right after the load returns; a late second call would show up here
    // (waiting longer could only hide a failure, never invent one).
    try await Task.sleep(for: .milliseconds(50))
    #expect(outcomes.withLock { $0.count } == 1)
  }
}
