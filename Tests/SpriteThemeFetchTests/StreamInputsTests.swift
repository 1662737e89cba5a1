import Foundation
import SpriteFiles
import SpriteShard
import SystemPackage
import Testing
import _SpriteTestSupport

@testable import SpriteThemeStream

/// Reading `batch --jsonl`'s inputs: lines as bytes, arguments, folders and shards.
@Suite("StreamInputs and LineReader")
struct StreamInputsTests {
  /// A file holding `bytes`, open for reading (unlinked already); the caller closes it.
  static func pipe(_ bytes: [UInt8]) throws -> FileDescriptor {
    let path = FilePath(Scratch.path("lines").path)
    let write = try FileDescriptor.open(
      path, .writeOnly, options: [.create], permissions: .ownerReadWrite)
    _ = try write.closeAfter { try bytes.withUnsafeBytes { try write.writeAll($0) } }
    let read = try FileDescriptor.open(path, .readOnly)
    _ = path.withPlatformString { unlink($0) }
    return read
  }

  static func lines(_ bytes: [UInt8], chunkSize: Int) throws -> [LineReader.Line] {
    let file = try pipe(bytes)
    defer { try? file.close() }
    var reader = LineReader(file, chunkSize: chunkSize)
    var lines = [LineReader.Line]()
    while let line = try reader.next() { lines.append(line) }
    return lines
  }

  @Test("lines split at \\n across chunk boundaries, the last without one, bytes kept as they are")
  func lineReader() throws {
    let bytes = Array("a.png\r\nbb\n\n".utf8) + [0xFF, 0xFE] + Array("\nlast".utf8)
    for chunkSize in [1, 2, 3, 7, 1 << 16] {
      #expect(
        try Self.lines(bytes, chunkSize: chunkSize)
          == [
            .text(Array("a.png\r".utf8)), .text(Array("bb".utf8)), .text([]), .text([0xFF, 0xFE]),
            .text(Array("last".utf8)),
          ],
        "chunk \(chunkSize)")
    }
    #expect(try Self.lines([], chunkSize: 4) == [])
  }

  @Test("a line over the limit is reported once by its start, and the next line is read")
  func longLine() throws {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: LineReader.maxLength + 10)
    let lines = try Self.lines(long + Array("\nnext\n".utf8), chunkSize: 4096)
    #expect(lines == [.tooLong(prefix: Array(long.prefix(80))), .text(Array("next".utf8))])
  }

  @Test("standard input: trimmed, blank lines skipped, URLs told from paths, a shard kept")
  func standardInput() async throws {
    let text = "  a.png \n\n\tHTTPS://example.com/x/Pika.PNG\r\nhttp://\n" + "/tmp/b c.png\n"
    let file = try Self.pipe(Array(text.utf8))
    defer { try? file.close() }
    var given = [StreamInput]()
    for await input in StreamInputs(arguments: [Array("-".utf8)], standardInput: file) {
      given.append(input)
    }
    #expect(
      given.map(\.given) == ["a.png", "HTTPS://example.com/x/Pika.PNG", "http://", "/tmp/b c.png"])
    #expect(given[0] == .file(FilePath("a.png"), given: "a.png", refusal: nil))
    guard case .url(let url, let name, _) = given[1] else {
      Issue.record("not a URL: \(given[1])")
      return
    }
    #expect(url.absoluteString == "HTTPS://example.com/x/Pika.PNG" && name == "pika")
    if case .failed(_, let stage, _) = given[2] {
      #expect(stage == "fetch")
    } else {
      Issue.record("\(given[2])")
    }

    // Shards: each line in exactly one, decided by the trimmed line's bytes.
    var union = [String]()
    for index in 0..<3 {
      let file = try Self.pipe(Array(text.utf8))
      defer { try? file.close() }
      let shard = Shard(index: index, count: 3)!
      for await input in StreamInputs(
        arguments: [Array("-".utf8)], shard: shard, standardInput: file)
      {
        #expect(shard.contains(input.given))
        union.append(input.given)
      }
    }
    #expect(union.sorted() == given.map(\.given).sorted())
  }

  @Test("arguments: a folder becomes its sorted *.png files, hashed by the path as found")
  func folders() async throws {
    let folder = Array(Fixtures.sampleSprites.path.utf8)
    var all = [String]()
    for await input in StreamInputs(arguments: [folder]) { all.append(input.given) }
    #expect(all == Fixtures.sampleSpriteFiles().map(\.path))
    var union = [String]()
    for index in 0..<3 {
      for await input in StreamInputs(arguments: [folder], shard: Shard(index: index, count: 3)!) {
        #expect(FNV1a64.hash(input.given) % 3 == UInt64(index))
        union.append(input.given)
      }
    }
    #expect(union.sorted() == all.sorted())
  }

  @Test("a path that is not UTF-8 keeps its bytes and hashes by them")
  func rawBytes() throws {
    let bytes: [UInt8] = Array("/tmp/caf".utf8) + [0xE9] + Array(".png".utf8)
    guard case .file(let path, let given, _) = StreamInput.parse(bytes) else {
      Issue.record("not a file")
      return
    }
    #expect(given == "/tmp/caf\u{FFFD}.png")
    #expect(Shard(index: Int(FNV1a64.hash(bytes) % 5), count: 5)!.contains(path: path))
    path.withPlatformString { #expect(strlen($0) == bytes.count) }
  }
}
