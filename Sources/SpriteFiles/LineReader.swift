import SystemPackage

/// Reads lines of raw bytes from a file descriptor (standard input) in 64 KiB chunks, so a path
/// that is not UTF-8 keeps its bytes and memory stays bounded however long the stream is: the
/// one reader of `batch -` lists, with or without `--jsonl`.
///
/// A line ends at `\n`; the last line may lack it. A line longer than ``maxLength`` is not
/// kept: the reader skips to its end and reports it as ``Line/tooLong(prefix:)``.
///
/// ```swift
/// var reader = LineReader(.standardInput)
/// while let line = try reader.next() { print(line) }
/// ```
package struct LineReader {
  /// One line read.
  package enum Line: Equatable, Sendable {
    /// The line's bytes, without the `\n`.
    case text([UInt8])
    /// A line over ``LineReader/maxLength`` bytes; `prefix` is its start, for the message.
    case tooLong(prefix: [UInt8])
  }

  /// The longest line kept: far more than any path (`PATH_MAX` is 4096) or URL (SPEC 9 caps
  /// them at 2048 bytes).
  package static let maxLength = 1 << 16

  private let file: FileDescriptor
  private var chunk: [UInt8]
  private var start = 0
  private var end = 0
  private var finished = false

  /// A reader of `file`, which it does not close.
  package init(_ file: FileDescriptor, chunkSize: Int = 1 << 16) {
    self.file = file
    chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
  }

  /// The next line, or nil at the end of the file.
  ///
  /// - Throws: `Errno` when a read fails.
  package mutating func next() throws -> Line? {
    var line = [UInt8]()
    var overlong = false
    while true {
      if start == end {
        if finished { break }
        let count = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
        if count == 0 {
          finished = true
          break
        }
        start = 0
        end = count
      }
      let newline = chunk[start..<end].firstIndex(of: 0x0A)
      let stop = newline ?? end
      if !overlong {
        line.append(contentsOf: chunk[start..<stop])
        if line.count > Self.maxLength {
          overlong = true
          line.removeSubrange(80...)
        }
      }
      start = newline.map { $0 + 1 } ?? end
      if newline != nil { return overlong ? .tooLong(prefix: line) : .text(line) }
    }
    if overlong { return .tooLong(prefix: line) }
    return line.isEmpty ? nil : .text(line)
  }
}
