import Foundation
import SpriteCore
import SpritePNG
import Testing
import _SpriteTestSupport

/// Issue 32 item 3: a run never holds more than `--max-memory` and a small constant, whatever
/// its images, and a sprite that needs more than all of it is refused, naming both sizes.
@Suite("End to end: memory stays under --max-memory", .externalTools)
struct MemoryBoundEndToEndTests {
  /// Runs the built binary with `arguments` under `Scripts/peak_rss.py`: its exit status, peak
  /// resident memory in bytes and standard error.
  static func measured(_ arguments: [String]) async throws -> (Int32, Int, String) {
    let script = Fixtures.packageRoot.appendingPathComponent(
      "Tests/SpriteThemeCLITests/Scripts/peak_rss.py")
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", script.path, BuiltBinary.url.path] + arguments)
    try #require(result.status == 0, "python3 failed: \(result.stderr)")
    let fields = result.stdout.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(fields.count == 2, "\(result.stdout)")
    return (Int32(fields[0]), fields[1] * 1024, result.stderr)
  }

  @Test("three opaque 4096 x 4096 sprites under 400 MiB: at most the budget and 64 MiB more")
  func bounded() async throws {
    let directory = try TemporaryDirectory()
    // One grey colour: a tiny file, 64 MiB decoded, every pixel visible (the colour count's
    // worst layout for the old per-pixel entries: 8 bytes a pixel beyond the budget's share).
    let png = Data(
      try PNGEncoder.encode(
        RGBAImage(width: 4096, height: 4096, filledWith: RGBA8(r: 0x70, g: 0x70, b: 0x70))))
    var files = [String]()
    for i in 0..<3 {
      let file = directory.url.appendingPathComponent("big-\(i).png")
      try png.write(to: file)
      files.append(file.path)
    }
    let out = directory.url.appendingPathComponent("out").path
    let (status, peak, stderr) = try await Self.measured(
      ["batch"] + files + ["--out", out, "--jobs", "8", "--max-memory", "400M", "--quiet"])
    #expect(status == 0, "\(stderr)")
    #expect(peak <= (400 + 64) << 20, "peak \(peak >> 20) MiB")

    let (refused, small, message) = try await Self.measured(
      ["batch"] + files + ["--out", out + "-2", "--jobs", "8", "--max-memory", "128M"])
    #expect(refused == 1)
    #expect(small <= (128 + 64) << 20, "peak \(small >> 20) MiB")
    #expect(
      message.split(separator: "\n").filter {
        $0.contains(" MiB of memory to analyse, more than --max-memory (128 MiB)")
      }.count == 3, "\(message)")
  }
}
