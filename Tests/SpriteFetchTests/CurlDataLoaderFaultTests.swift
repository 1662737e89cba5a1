import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// Broken servers, timeouts, cancellation and refused URLs.
@Suite("CurlDataLoader faults")
struct CurlDataLoaderFaultTests {
  @Test("a response that stalls mid-body fails with timedOut after the no-progress timeout")
  func stalledResponse() async throws {
    // The server holds the connection until the load has ended: the timeout is the only way out,
    // however slow the machine (a server that gave up first would make a short body instead).
    let server = try RawSocketServer(
      response: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly a little",
      then: .holdUntilReleased)
    defer { server.stop() }
    let clock = ContinuousClock()
    let start = clock.now
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader(retries: 0, noProgress: .seconds(1)).load(
        FetchRequest(url: server.url("/stall")))
    }
    server.release()
    #expect(error == .timedOut)
    #expect(clock.now - start >= .milliseconds(900))
  }

  @Test("a server that trickles a byte at a time is ended by the total limit (300 s by default)")
  func slowLoris() async throws {
    #expect(CurlDataLoader.Configuration().totalTimeout == .seconds(300))
    let server = try RawSocketServer(
      response: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", then: .trickleUntilReleased)
    defer { server.stop() }
    var configuration = TestLoaders.configuration(retries: 0, noProgress: .seconds(1))
    configuration.totalTimeout = .seconds(2)
    let error = await TestLoaders.fetchError {
      _ = try await CurlDataLoader(configuration: configuration).load(
        FetchRequest(url: server.url("/trickle")))
    }
    server.release()
    #expect(error == .timedOut)
  }

  @Test("a connection closed before Content-Length bytes arrive is a transport error")
  func shortBody() async throws {
    let server = try RawSocketServer(
      response: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly a little", then: .close)
    defer { server.stop() }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader(retries: 0).load(
        FetchRequest(url: server.url("/short")))
    }
    guard case .transport(let code, let message) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 18)  // CURLE_PARTIAL_FILE
    #expect(!message.isEmpty)
  }

  @Test(
    "a connection closed in the middle of a chunked body is a transport error, not a short body")
  func closedMidChunkedBody() async throws {
    // No Content-Length: only the chunk framing tells that the body was cut off.
    let server = try RawSocketServer(
      response: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n100\r\nonly a little",
      then: .close)
    defer { server.stop() }
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader(retries: 0).load(
        FetchRequest(url: server.url("/chunked")))
    }
    guard case .transport(let code, let message) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect([18, 56].contains(code), "CURLE_PARTIAL_FILE or CURLE_RECV_ERROR, got \(code)")
    #expect(!message.isEmpty)
  }

  @Test("a refused connection is retried, then reported as a transport error")
  func connectionRefused() async throws {
    // Bind a port, then close it so nothing listens there.
    let closed = try RawSocketServer(response: "", then: .close)
    let url = closed.url("/nothing")
    closed.stop()
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader(retries: 2).load(FetchRequest(url: url))
    }
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 7)  // CURLE_COULDNT_CONNECT
  }

  @Test("cancelling during a retry's backoff ends the wait at once with cancelled")
  func cancellationDuringBackoff() async throws {
    let server = try RawSocketServer(
      response: "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n", then: .close)
    defer { server.stop() }
    // An hour's backoff: only the cancel can end the wait within the test's patience.
    var configuration = TestLoaders.configuration(retries: 1)
    configuration.backoffBase = .seconds(3600)
    configuration.maxBackoff = .seconds(3600)
    let load = StartedLoad(
      CurlDataLoader(configuration: configuration), FetchRequest(url: server.url("/busy")))
    // Cancel once the 503 has been sent, so the load is in (or on its way to) the backoff.
    #expect(await server.requests.reach(1), "the request never reached the server")
    load.cancel()
    let outcome = await load.outcome(within: TestLoaders.hangLimit)
    #expect(outcome != nil, "the backoff wait did not end on the cancel")
    #expect(throws: FetchError.cancelled) { try outcome?.get() }
    #expect(server.connectionCount == 1, "no retry after the cancel")
  }

  @Test("cancelling the task stops a transfer in flight at once with cancelled")
  func taskCancellation() async throws {
    // The server reads the request, sends the headers and part of the body, and then holds the
    // connection (sending no more) until the client closes it: the load cannot end by itself.
    let server = try HeldResponseServer(
      head: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly a little")
    defer { server.stop() }
    // No progress for 10 minutes before a timeout: only the cancel can end the load, however
    // long a busy machine keeps the test from sending it.
    let loader = TestLoaders.loader(retries: 2, noProgress: .seconds(600))
    let load = StartedLoad(loader, FetchRequest(url: server.url("/held")))
    // The premise: the transfer is in flight when the cancel comes (request sent, response
    // begun, connection open). The deadlines here only catch a hang.
    let inFlight = await server.wait(within: 600) { $0.responded == 1 }
    try #require(inFlight, "the request never reached the server: \(server.events)")
    #expect(server.events.closedByClient == 0, "the transfer ended before the cancel")
    load.cancel()
    let outcome = await load.outcome(within: 300)
    #expect(outcome != nil, "the held transfer did not end on the cancel")
    #expect(throws: FetchError.cancelled) { try outcome?.get() }
    // The loader gave the connection up, and did not retry.
    let closed = await server.wait(within: 600) { $0.closedByClient == 1 }
    #expect(closed, "the connection stayed open after the cancel: \(server.events)")
    #expect(server.events.connections == 1)
  }

  @Test("a load whose task is already cancelled never transfers")
  func cancelledBeforeStart() async throws {
    let server = try RawSocketServer(
      response: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", then: .close)
    defer { server.stop() }
    let loader = TestLoaders.loader()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await loader.load(FetchRequest(url: server.url("/never")))
    }
    await #expect(throws: FetchError.cancelled) { try await task.value }
    #expect(server.connectionCount == 0)
  }

  @Test("a body cut short (CURLE_PARTIAL_FILE) is retried like a connection error")
  func shortBodyRetried() async throws {
    let full = String(repeating: "x", count: 1000)
    let server = try RawSocketServer(
      responses: [
        "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\nonly a little",
        "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n\(full)",
      ], then: .close)
    defer { server.stop() }
    let response = try await TestLoaders.loader(retries: 2).load(
      FetchRequest(url: server.url("/cut")))
    #expect(response.body == Array(full.utf8))
    #expect(server.connectionCount == 2)
  }

  @Test("a connection closed with no response (CURLE_GOT_NOTHING) is retried")
  func gotNothingRetried() async throws {
    let server = try RawSocketServer(
      responses: ["", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"],
      then: .close)
    defer { server.stop() }
    let response = try await TestLoaders.loader(retries: 2).load(
      FetchRequest(url: server.url("/nothing")))
    #expect(response.body == Array("ok".utf8))
    #expect(server.connectionCount == 2)
  }

  @Test("cancelling a transfer that waits for a free slot stops it; the running one is unaffected")
  func cancellationWhileQueued() async throws {
    // The first transfer gets part of its body, then the server holds it until the test sends
    // the rest: it runs, holding the only slot, for exactly as long as the test wants.
    let server = try RawSocketServer(
      response: "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\nfirst half, ",
      then: .holdUntilReleased)
    defer { server.stop() }
    var configuration = TestLoaders.configuration(retries: 0)
    configuration.concurrency = 1
    let loader = CurlDataLoader(configuration: configuration)
    let running = StartedLoad(loader, FetchRequest(url: server.url("/stall")))
    #expect(await server.requests.reach(1), "the first request never reached the server")
    let queued = StartedLoad(loader, FetchRequest(url: server.url("/queued")))
    // Time for the load to join the queue. Nothing below depends on it: a cancel that meets the
    // load before it is queued must end it the same way.
    try await Task.sleep(for: .milliseconds(100))
    queued.cancel()
    let queuedOutcome = await queued.outcome(within: TestLoaders.hangLimit)
    #expect(queuedOutcome != nil, "the queued transfer did not end on the cancel")
    #expect(throws: FetchError.cancelled) { try queuedOutcome?.get() }
    #expect(server.connectionCount == 1, "the queued transfer never connected")
    // The running transfer is still there: given the rest of its body, it completes.
    server.release(sending: "the rest")
    let response = try #require(await running.outcome(within: TestLoaders.hangLimit)).get()
    #expect(response.body == Array("first half, the rest".utf8))
  }

  @Test("schemes other than http, https and file are refused before any transfer")
  func unsupportedScheme() async throws {
    let url = try #require(URL(string: "ftp://127.0.0.1/sprite.png"))
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: url))
    }
    #expect(error == .unsupportedURL("ftp://127.0.0.1/sprite.png"))
  }

  @Test("the User-Agent is sprite-theme/<version>")
  func userAgent() async throws {
    let server = try await LoopbackServer()
    defer { Task { await server.stop() } }
    let response = try await TestLoaders.loader().load(
      FetchRequest(url: server.url("/user-agent")))
    #expect(
      String(decoding: response.body, as: UTF8.self) == "sprite-theme/\(CurlDataLoader.version)")
    #expect(CurlDataLoader.defaultUserAgent.hasPrefix("sprite-theme/"))
  }

  @Test("every error describes itself in one sentence")
  func descriptions() {
    let errors: [FetchError] = [
      .unsupportedURL("ftp://x"), .schemeNotAllowed(url: "file:///etc/passwd", scheme: "file"),
      .urlTooLong(length: 9000), .transport(code: 7, message: "refused"), .httpStatus(404),
      .tooLarge(limit: 1), .timedOut, .cancelled, .badContent("not PNG"),
    ]
    for error in errors {
      #expect(error.description.hasPrefix("Download"))
      #expect(error.description.hasSuffix("."))
    }
  }
}
