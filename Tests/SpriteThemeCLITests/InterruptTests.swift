import Dispatch
import Foundation
import Synchronization
import Testing
import _SpriteTestSupport

/// SIGINT and SIGTERM sent to the built binary during a `batch`.
@Suite("End to end: signals stop a batch", .serialized)
struct InterruptTests {
  /// When the signal was sent, set from the thread that sends it.
  final class SentAt: Sendable {
    private let instant = Mutex<ContinuousClock.Instant?>(nil)

    /// Records now.
    func record() { instant.withLock { $0 = .now } }

    /// The time from the signal to `end`.
    func elapsed(until end: ContinuousClock.Instant) -> Duration? {
      instant.withLock { $0.map { end - $0 } }
    }
  }

  /// The longest a stop may take, measured from the signal to the exit: the grace period
  /// (0.9 s) with a margin for a machine busy with other tests.
  static let stopLimit: Duration = .seconds(2)

  /// `copies` copies of every sample under `directory/in/<copy>/`; the folder.
  static func manyInputs(in directory: TemporaryDirectory, copies: Int) throws -> URL {
    let inputs = directory.url.appendingPathComponent("in")
    for copy in 0..<copies {
      let folder = inputs.appendingPathComponent("\(copy)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for url in Fixtures.sampleSpriteFiles() {
        try FileManager.default.copyItem(
          at: url, to: folder.appendingPathComponent(url.lastPathComponent))
      }
    }
    return inputs
  }

  /// Runs `arguments` and sends `signal` once `folder` holds `count` visible files (or after
  /// 10 s); the result and the time from the signal to the exit.
  static func run(
    _ arguments: [String], signal: Int32, once folder: URL?, holds count: Int,
    inputPipe: Pipe? = nil
  ) async throws -> (result: BuiltBinary.Result, stopTime: Duration) {
    let sent = SentAt()
    let result = try await BuiltBinary.run(arguments, inputPipe: inputPipe) { pid in
      DispatchQueue.global().async {
        for _ in 0..<2000 {
          guard let folder else { break }
          let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
          if files.filter({ !$0.hasPrefix(".") }).count >= count { break }
          usleep(5000)
        }
        if folder == nil { usleep(300_000) }  // time to start and block
        sent.record()
        kill(pid, signal)
      }
    }
    return (result, try #require(sent.elapsed(until: result.exitedAt)))
  }

  @Test(
    "SIGINT and SIGTERM stop a batch over many inputs at once: 130, whole files, no index",
    arguments: [SIGINT, SIGTERM])
  func signalStopsBatchQuickly(signal: Int32) async throws {
    let directory = try TemporaryDirectory()
    let inputs = try Self.manyInputs(in: directory, copies: 40)
    let out = directory.url.appendingPathComponent("out")
    let themes = out.appendingPathComponent("themes")
    let arguments = [
      "batch", inputs.path, "--thumbnails", "32,96", "--jobs", "2", "--out", out.path,
    ]
    let (result, stopTime) = try await Self.run(arguments, signal: signal, once: themes, holds: 5)
    #expect(result.status == 130, "\(result.stderr)")
    #expect(stopTime < Self.stopLimit, "stopped \(stopTime) after the signal")
    #expect(result.stderr.contains("interrupted after"), "\(result.stderr)")
    #expect(!result.stderr.contains("did not finish in time"), "the files in flight finished")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
    let written = try FileManager.default.contentsOfDirectory(atPath: themes.path)
    #expect(written.count >= 5 && written.count < 40 * Fixtures.sampleSpriteFiles().count)
    for name in written {
      #expect(!name.hasPrefix("."), "no temporary file is left: \(name)")
      let data = try Data(contentsOf: themes.appendingPathComponent(name))
      #expect(throws: Never.self, "\(name) is whole") {
        try JSONSerialization.jsonObject(with: data)
      }
    }
  }

  @Test("a signal stops a batch within the grace period even while it waits for its list on stdin")
  func signalStopsBlockedBatch() async throws {
    let directory = try TemporaryDirectory()
    let out = directory.url.appendingPathComponent("out")
    // The pipe stays open and empty: reading the list of paths blocks until the signal.
    let pipe = Pipe()
    let (result, stopTime) = try await Self.run(
      ["batch", "-", "--out", out.path], signal: SIGINT, once: nil, holds: 0, inputPipe: pipe)
    try pipe.fileHandleForWriting.close()
    #expect(result.status == 130, "\(result.stderr)")
    #expect(stopTime < Self.stopLimit, "stopped \(stopTime) after the signal")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
  }
}
