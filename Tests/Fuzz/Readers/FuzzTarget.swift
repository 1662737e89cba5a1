import Foundation
import SpriteMerge
import SpriteTheme
import SystemPackage

/// A reader of what another run wrote, fuzzed with the property it must keep on any bytes: no
/// crash, no hang, and the check below. A broken property is a `fatalError`, which libFuzzer
/// reports as a finding with the input that broke it.
enum FuzzTarget: String, CaseIterable {
  /// The engine's state file (`.spritetheme-state.tsv`): every record read writes back as the
  /// same line, and reading the file a line at a time gives the same records as reading bytes.
  case state
  /// `merge` of one shard: the first byte picks a JSON-lines file (even) or an output
  /// directory's `index.json` (odd), the rest is its content. A merge either fails with a
  /// one-line ``MergeError`` and writes no index, or writes an `index.json` that reads back as
  /// the index it returned.
  case merge

  /// Runs the target on `bytes`, with files under `scratch` (an empty folder it may fill).
  func run(_ bytes: [UInt8], scratch: FilePath) {
    switch self {
    case .state: Self.state(bytes, scratch: scratch)
    case .merge: Self.merge(bytes, scratch: scratch)
    }
  }

  /// The state file's property.
  private static func state(_ bytes: [UInt8], scratch: FilePath) {
    let records = RunRecords.records(in: bytes)
    for (name, record) in records {
      guard record.name == name,
        RunRecord(line: Substring(record.line.dropLast())) == record
      else { fatalError("state: the record of \(name) does not read back: \(record.line)") }
    }
    let file = scratch.appending("state.tsv")
    write(bytes, to: file)
    guard RunRecords.read(file) == records else {
      fatalError("state: the file read a line at a time gives other records than its bytes")
    }
  }

  /// Merge's property.
  private static func merge(_ bytes: [UInt8], scratch: FilePath) {
    let payload = Array(bytes.dropFirst())
    let shard: FilePath
    if (bytes.first ?? 0) & 1 == 0 {
      shard = scratch.appending("shard.jsonl")
      write(payload, to: shard)
    } else {
      shard = scratch.appending("shard")
      makeFolder(shard.appending("themes"))
      write(payload, to: shard.appending("index.json"))
    }
    let output = scratch.appending("out")
    let indexFile = output.appending("index.json")
    let index: BatchIndex
    do throws(MergeError) {
      index = try ShardMerge(shards: [shard], output: output).run()
    } catch {
      guard !error.message.isEmpty, !error.message.contains("\n") else {
        fatalError("merge: an error that is not one line: \(error.message)")
      }
      guard !FileManager.default.fileExists(atPath: indexFile.string) else {
        fatalError("merge: failed (\(error.message)) but wrote index.json")
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: indexFile.string),
      let written = try? JSONDecoder().decode(BatchIndex.self, from: data),
      written == index, index.count == index.entries.count + index.errors.count
    else { fatalError("merge: index.json does not read back as the index merged") }
  }

  /// Writes `bytes` as `file` (plainly: no temporary file, no `fsync`), or stops: the scratch
  /// folder must be writable.
  private static func write(_ bytes: [UInt8], to file: FilePath) {
    do {
      let descriptor = try FileDescriptor.open(
        file, .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
      _ = try descriptor.closeAfter { try descriptor.writeAll(bytes) }
    } catch {
      fatalError("cannot write \(file): \(error)")
    }
  }

  /// Creates `folder` with its parents.
  private static func makeFolder(_ folder: FilePath) {
    try! FileManager.default.createDirectory(
      atPath: folder.string, withIntermediateDirectories: true)
  }
}
