import Foundation
import Testing
import _SpriteTestSupport

/// Devices and FIFOs given to any command are refused at once, unread, with one line naming the
/// input and what it is: opened without blocking and checked with `fstat` before any read.
@Suite("End to end: devices and FIFOs are refused, never read", .timeLimit(.minutes(10)))
struct NonRegularInputEndToEndTests {
  /// A folder with a FIFO `f.png`, a FIFO `themes/f.json`, a FIFO `index.json` beside it and a
  /// FIFO `list`.
  struct Fixture {
    let directory = try! TemporaryDirectory()
    var root: String { directory.url.path }
    var fifo: String { root + "/f.png" }

    init() throws {
      try FileManager.default.createDirectory(
        atPath: root + "/out/themes", withIntermediateDirectories: true)
      for path in [fifo, root + "/out/index.json", root + "/out/themes/f.json", root + "/list"] {
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EIO) }
      }
    }
  }

  static let device = "/dev/zero"
  static let deviceReason = "not a regular file (a character device)"
  static let fifoReason = "not a regular file (a FIFO)"

  @Test("analyze and thumbnail refuse a device and a FIFO, exit 1")
  func singleFile() async throws {
    let fixture = try Fixture()
    for (input, reason) in [(Self.device, Self.deviceReason), (fixture.fifo, Self.fifoReason)] {
      let analyzed = try await BuiltBinary.run(["analyze", input])
      #expect(analyzed.status == 1)
      #expect(analyzed.stderr == "sprite-theme: error: \(input): cannot read: \(reason)\n")
      let scaled = try await BuiltBinary.run(
        ["thumbnail", input, "--size", "8", "-o", fixture.root + "/t.png"])
      #expect(scaled.status == 1)
      #expect(scaled.stderr == "sprite-theme: error: \(input): cannot read: \(reason)\n")
    }
  }

  @Test("batch lists a device and a FIFO among its failures, exit 1")
  func batch() async throws {
    let fixture = try Fixture()
    let out = fixture.root + "/batch"
    let result = try await BuiltBinary.run(
      ["batch", Self.device, fixture.fifo, "--out", out, "--quiet"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "sprite-theme: error: \(Self.device): \(Self.deviceReason)\n"
        + "sprite-theme: error: \(fixture.fifo): \(Self.fifoReason)\n")
  }

  @Test("export refuses a device, a FIFO and a FIFO in a folder, naming each, exit 1")
  func export() async throws {
    let fixture = try Fixture()
    let themes = fixture.root + "/out/themes"
    let result = try await BuiltBinary.run(
      ["export", Self.device, fixture.fifo, themes, "--format", "css", "-o", fixture.root + "/e"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "sprite-theme: error: \(Self.device): cannot read: \(Self.deviceReason)\n"
        + "sprite-theme: error: \(fixture.fifo): cannot read: \(Self.fifoReason)\n"
        + "sprite-theme: error: \(themes)/f.json: cannot read: \(Self.fifoReason)\n")
  }

  @Test("report refuses an index.json that is a FIFO: not an output directory, exit 2")
  func report() async throws {
    let fixture = try Fixture()
    let result = try await BuiltBinary.run(["report", fixture.root + "/out"])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(fixture.root)/out: not an output directory of batch or fetch "
          + "(no readable index.json)\n"))
  }

  @Test("merge refuses a device or FIFO as a shard (exit 1) and as --list (exit 2)")
  func merge() async throws {
    let fixture = try Fixture()
    for (input, reason) in [(Self.device, Self.deviceReason), (fixture.fifo, Self.fifoReason)] {
      let shard = try await BuiltBinary.run(["merge", input, "--out", fixture.root + "/m"])
      #expect(shard.status == 1)
      #expect(shard.stderr == "sprite-theme: error: \(input): cannot read: \(reason)\n")
    }
    let list = fixture.root + "/list"
    let result = try await BuiltBinary.run(
      ["merge", fixture.root + "/out", "--list", list, "--out", fixture.root + "/m"])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "Error: --list \(list): cannot read the file (\(Self.fifoReason)).\n"))
  }
}
