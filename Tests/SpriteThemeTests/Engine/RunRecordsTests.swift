import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The state file's records are appended in batches, and a stopped run writes what it holds.
@Suite("RunRecords")
struct RunRecordsTests {
  /// A record named `name` with made-up digests.
  static func record(_ name: String) -> RunRecord {
    let digest = String(repeating: "a", count: 64)
    return RunRecord(
      name: name, key: digest, theme: digest, thumbnails: digest, average: "#000000",
      dominant: nil)
  }

  /// The lines of the state file in `directory`.
  static func lines(in directory: TemporaryDirectory) throws -> [String] {
    let file = directory.url.appendingPathComponent(RunRecords.fileName)
    return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  @Test("records are held back until a batch is full, then written together")
  func batches() throws {
    let directory = try TemporaryDirectory()
    let records = try RunRecords(directory: FilePath(directory.url.path))
    try records.append(Self.record("first"))
    #expect(try Self.lines(in: directory).isEmpty)
    for n in 1..<RunRecords.batchSize { try records.append(Self.record("sprite-\(n)")) }
    let lines = try Self.lines(in: directory)
    #expect(lines.count == RunRecords.batchSize)
    #expect(lines.first == Self.record("first").line.dropLast().description)
  }

  @Test("flush writes the records held back, and a new run reads them")
  func flushWritesHeldRecords() throws {
    let directory = try TemporaryDirectory()
    let records = try RunRecords(directory: FilePath(directory.url.path))
    try records.append(Self.record("one"))
    try records.append(Self.record("two"))
    try records.flush()
    #expect(try Self.lines(in: directory).count == 2)
    let next = try RunRecords(directory: FilePath(directory.url.path))
    #expect(next.previous["two"] == Self.record("two"))
  }
}
