import SpriteFiles
import SpriteShard
import SpriteTheme
import SystemPackage

/// The inputs of `batch --jsonl` as an async sequence, read as they are asked for: the
/// arguments in order, a folder becoming every `*.png` below it (as `batch` walks it), and `-`
/// one input per line of standard input, read a chunk at a time, so memory does not grow with
/// the length of the stream.
///
/// A line (or argument) is trimmed of spaces, tabs and `\r`; a blank line is no input. With a
/// ``Shard``, only the inputs in it are yielded: the hash is of the path's or URL's bytes as
/// given (the line's bytes after trimming, the argument's bytes) or, for a folder, of each file's
/// path as found (the folder as given, `/`, the path below it).
///
/// ```swift
/// for await input in StreamInputs(arguments: [Array("-".utf8)]) { print(input.given) }
/// ```
public struct StreamInputs: AsyncSequence, Sendable {
  /// One input.
  public typealias Element = StreamInput
  /// Read errors of standard input end the stream with a ``StreamInput/failed(given:stage:message:)``.
  public typealias Failure = Never

  /// The command-line inputs, their bytes as in `argv`: paths, URLs, folders and `-`.
  public let arguments: [[UInt8]]
  /// The shard to keep, or nil for every input.
  public let shard: Shard?
  /// Where `-` reads its lines.
  public let standardInput: FileDescriptor

  /// The inputs of `arguments`, `-` reading `standardInput`, keeping only `shard`'s.
  public init(
    arguments: [[UInt8]], shard: Shard? = nil, standardInput: FileDescriptor = .standardInput
  ) {
    self.arguments = arguments
    self.shard = shard
    self.standardInput = standardInput
  }

  /// Starts at the first argument.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(inputs: self)
  }

  /// Iterates ``StreamInputs``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private let inputs: StreamInputs
    private var remaining: ArraySlice<[UInt8]>
    private var found: ArraySlice<BatchInput> = []
    private var lines: LineReader?

    fileprivate init(inputs: StreamInputs) {
      self.inputs = inputs
      remaining = inputs.arguments[...]
    }

    /// The next input in the shard, or nil at the end.
    public mutating func next() async -> StreamInput? {
      nextInput()
    }

    /// The next input, as ``next()``.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> StreamInput? {
      nextInput()
    }

    private mutating func nextInput() -> StreamInput? {
      while true {
        if let file = found.popFirst() {
          guard inputs.shard?.contains(path: file.path) ?? true else { continue }
          return .file(file.path, given: file.path.string, refusal: file.refusal)
        }
        if lines != nil {
          if let input = nextLine() { return input }
          lines = nil
          continue
        }
        guard let argument = remaining.popFirst() else { return nil }
        if argument == [UInt8(ascii: "-")] {
          lines = LineReader(inputs.standardInput)
        } else if StreamInput.isURL(argument) {
          guard inputs.shard?.contains(argument) ?? true else { continue }
          return StreamInput.parse(argument)
        } else {
          // A file stays as given; a folder becomes its *.png files, as for `batch`.
          found = BatchInput.collect([FilePath(bytes: argument)])[...]
        }
      }
    }

    /// The next input of standard input in the shard, or nil at its end.
    private mutating func nextLine() -> StreamInput? {
      while true {
        let line: LineReader.Line?
        do {
          line = try lines!.next()
        } catch {
          return .failed(given: "-", stage: "read", message: "standard input: \(error)")
        }
        switch line {
        case nil:
          return nil
        case .text(let bytes):
          let trimmed = BatchInput.trimmingSpaces(bytes)
          guard !trimmed.isEmpty, inputs.shard?.contains(trimmed) ?? true else { continue }
          return StreamInput.parse(Array(trimmed))
        case .tooLong(let prefix):
          let start = String(decoding: BatchInput.trimmingSpaces(prefix), as: UTF8.self)
          return .failed(
            given: start + "…", stage: "read",
            message: "The line is longer than \(LineReader.maxLength) bytes.")
        }
      }
    }
  }
}
