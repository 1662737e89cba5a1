import Foundation
import SpriteCore
import SpriteFetch
import SpritePNG
import SpriteShard
import SpriteTheme
import Synchronization
import SystemPackage
import Testing
import _SpriteTestSupport

@testable import SpriteThemeStream

/// `ThemeStream` (`batch --jsonl`) over loaders in the test: order, the bounded window, lines.
@Suite("ThemeStream")
struct ThemeStreamTests {
  /// A loader answering every URL with `png`; the URLs listed in `held` wait until ``release()``.
  final class GatedLoader: DataLoading {
    private struct State {
      var started: [String] = []
      var inFlight = 0
      var mostInFlight = 0
      var waiting: [CheckedContinuation<Void, Never>] = []
      var open = false
    }

    let png: [UInt8]
    let held: Set<String>
    /// Pauses per URL, longest first, so later inputs finish first.
    let pauses: [String: Duration]
    private let state = Mutex(State())

    init(png: [UInt8], held: Set<String> = [], pauses: [String: Duration] = [:]) {
      self.png = png
      self.held = held
      self.pauses = pauses
    }

    /// The URLs asked for so far, in order.
    var started: [String] { state.withLock { $0.started } }
    /// The most loads that were running at once.
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    /// Lets the held loads finish.
    func release() {
      let waiting = state.withLock { state in
        state.open = true
        defer { state.waiting = [] }
        return state.waiting
      }
      for continuation in waiting { continuation.resume() }
    }

    func load(_ request: FetchRequest) async throws -> FetchResponse {
      let url = request.url.absoluteString
      state.withLock {
        $0.started.append(url)
        $0.inFlight += 1
        $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
      }
      defer { state.withLock { $0.inFlight -= 1 } }
      if held.contains(url) {
        await withCheckedContinuation { continuation in
          let open = state.withLock { state -> Bool in
            if !state.open { state.waiting.append(continuation) }
            return state.open
          }
          if open { continuation.resume() }
        }
      }
      if let pause = pauses[url] { try? await Task.sleep(for: pause) }
      return FetchResponse(status: 200, body: png, finalURL: request.url)
    }
  }

  /// Collects the lines a stream writes.
  final class Lines: Sendable {
    private let lines = Mutex<[[UInt8]]>([])
    func append(_ line: [UInt8]) { lines.withLock { $0.append(line) } }
    var all: [[UInt8]] { lines.withLock { $0 } }

    /// Each line parsed as a JSON object.
    func objects() throws -> [[String: Any]] {
      try all.map { try #require(JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]) }
    }
  }

  static func png(_ seed: UInt64, side: Int = 8) throws -> [UInt8] {
    try PNGEncoder.encode(SyntheticSprites.noise(width: side, height: side, seed: seed))
  }

  /// The inputs of `lines` as if they came on standard input.
  static func inputs(_ lines: [String]) -> [StreamInput] {
    lines.map { StreamInput.parse(Array($0.utf8)) }
  }

  @Test("lines come in input order however the downloads finish, with jobs 1 and 2")
  func order() async throws {
    let urls = (0..<24).map { "http://mock.invalid/sprites/\($0).png" }
    // Early inputs take longest.
    let pauses = Dictionary(
      uniqueKeysWithValues: urls.enumerated().map { ($1, Duration.milliseconds(2 * (24 - $0))) })
    for jobs in [1, 2] {
      let loader = GatedLoader(png: try Self.png(1), pauses: pauses)
      let lines = Lines()
      let stream = ThemeStream(options: .init(jobs: jobs), loader: { loader })
      let outcome = try await stream.run(Self.inputs(urls).async, write: lines.append)
      #expect(outcome == ThemeStream.Outcome(lines: 24, failed: 0, interrupted: false))
      let sources = try lines.objects().map { ($0["source"] as? [String: Any])?["url"] as? String }
      #expect(sources == urls, "jobs \(jobs)")
    }
  }

  @Test("a held first input keeps at most twice --jobs inputs in flight, then all come in order")
  func boundedWindow() async throws {
    let urls = (0..<40).map { "http://mock.invalid/s/\($0).png" }
    let loader = GatedLoader(png: try Self.png(2), held: [urls[0]])
    let lines = Lines()
    let stream = ThemeStream(options: .init(jobs: 2), loader: { loader })
    let run = Task { try await stream.run(Self.inputs(urls).async, write: lines.append) }
    // Wait until the window is full; nothing more may start while the first is held.
    while loader.started.count < 4 { try await Task.sleep(for: .milliseconds(5)) }
    try await Task.sleep(for: .milliseconds(200))
    #expect(loader.started.count == 4, "the window is 2 x --jobs")
    #expect(lines.all.isEmpty, "nothing is written before the first line")
    loader.release()
    let outcome = try await run.value
    #expect(outcome.lines == 40)
    #expect(loader.mostInFlight <= 4)
    let sources = try lines.objects().map { ($0["source"] as? [String: Any])?["url"] as? String }
    #expect(sources == urls)
  }

  @Test("a theme line parses to the theme file's document, on one line")
  func lineEqualsFile() throws {
    for (index, url) in Fixtures.sampleSpriteFiles().prefix(8).enumerated() {
      var theme = try ThemePipeline().analyze(fileAt: FilePath(url.path)).theme
      if index == 0 { theme.source.name = "quote \" back\\slash\nnewline é" }
      let line = ThemeLine.theme(theme).bytes
      #expect(line.last == 0x0A && line.dropLast().allSatisfy { $0 != 0x0A && $0 != 0x0D })
      #expect(!line.contains(0x20) || index == 0, "no spaces outside strings")
      let parsed = try JSONSerialization.jsonObject(with: Data(line)) as? NSDictionary
      let file =
        try JSONSerialization.jsonObject(with: Data(ThemeEncoder.encode(theme))) as? NSDictionary
      #expect(parsed != nil && parsed == file, "\(url.lastPathComponent)")
    }
  }

  @Test("an error line names the input as given, its stage and message")
  func errorLine() throws {
    let line = ThemeLine.failure(input: "a \"b\".png", stage: "read", message: "No such file")
    #expect(
      String(decoding: line.bytes, as: UTF8.self)
        == #"{"error":{"message":"No such file","stage":"read"},"input":"a \"b\".png"}"# + "\n")
    #expect(
      line.failure
        == BatchIndex.Failure(source: "a \"b\".png", stage: "read", message: "No such file"))
  }

  @Test("files, a missing file, a non-PNG and a failed download each give their line")
  func mixed() async throws {
    let directory = try TemporaryDirectory()
    let good = directory.url.appendingPathComponent("good.png")
    try Data(try Self.png(3)).write(to: good)
    let text = directory.url.appendingPathComponent("text.png")
    try Data("not a png".utf8).write(to: text)
    let loader = MockDataLoader()
    let inputs = Self.inputs([
      good.path, directory.url.appendingPathComponent("missing.png").path, text.path,
      "http://mock.invalid/404.png", "https://", good.path,
    ])
    let lines = Lines()
    let failures = Mutex<[String]>([])
    let outcome = try await ThemeStream(options: .init(jobs: 2), loader: { loader }).run(
      inputs.async, write: lines.append,
      failed: { failure in failures.withLock { $0.append(failure.stage) } })
    #expect(outcome == ThemeStream.Outcome(lines: 6, failed: 4, interrupted: false))
    let objects = try lines.objects()
    let stages = objects.map { ($0["error"] as? [String: Any])?["stage"] as? String }
    #expect(stages == [nil, "read", "decode", "fetch", "fetch", nil])
    #expect(failures.withLock { $0 } == ["read", "decode", "fetch", "fetch"])
    #expect(
      objects[1]["input"] as? String == directory.url.appendingPathComponent("missing.png").path)
    #expect(((objects[0]["source"] as? [String: Any])?["path"] as? String) == good.path)
  }

  @Test("a write error stops the stream as a fatal error")
  func writeError() async throws {
    struct Closed: Error {}
    let stream = ThemeStream(options: .init(jobs: 1), loader: { MockDataLoader() })
    await #expect(throws: ThemeEngine.Fatal.self) {
      _ = try await stream.run(
        Self.inputs(["/nonexistent.png"]).async, write: { _ in throw Closed() })
    }
  }
}

extension Array where Element: Sendable {
  /// The elements as an async sequence that never throws.
  var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
