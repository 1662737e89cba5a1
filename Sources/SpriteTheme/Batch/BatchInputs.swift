import SpriteFiles

/// The inputs of `batch` as the ``ThemeEngine`` takes them: each file is read when the engine
/// asks for it, so only the files of the jobs in progress are in memory.
///
/// ```swift
/// let inputs = BatchInputs(BatchInput.collect(["samples/sprites"]))
/// let index = try await engine.run(inputs)
/// ```
public struct BatchInputs: AsyncSequence, Sendable {
  /// The files, named, in output order.
  public let files: [BatchInput]
  /// The largest file read, in bytes: `--max-memory`, since a file the budget cannot hold is
  /// refused before it is read rather than read whole.
  public let limit: Int

  /// Reads `files` in order, each at most `limit` bytes.
  public init(_ files: [BatchInput], limit: Int = .max) {
    self.files = files
    self.limit = limit
  }

  /// The number of inputs.
  public var count: Int { files.count }

  /// Reads the next file when asked.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var remaining: ArraySlice<BatchInput>
    private let limit: Int

    fileprivate init(_ files: [BatchInput], limit: Int) {
      remaining = files[...]
      self.limit = limit
    }

    /// The next input with its bytes, or with why they could not be read.
    public mutating func next() async -> SpriteInput? {
      readNext()
    }

    /// The next input, as ``next()``.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> SpriteInput? {
      readNext()
    }

    /// Reads the next file.
    private mutating func readNext() -> SpriteInput? {
      remaining.popFirst()?.read(limit: limit)
    }
  }

  /// Starts reading from the first file.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(files, limit: limit)
  }
}

extension BatchInput {
  /// The input with its file's bytes, or with why they could not be read (stage `read`); a
  /// ``refusal`` fails without opening the file, and a file over `limit` bytes (the memory
  /// budget) without reading it.
  public func read(limit: Int = .max) -> SpriteInput {
    let source = ThemeSource.file(path)
    do throws(RegularFile.Failure) {
      if let refusal { throw RegularFile.Failure(reason: refusal) }
      return SpriteInput(
        name: name, source: source, bytes: try RegularFile.read(path, limit: limit))
    } catch {
      let message =
        error.isTooLarge
        ? "larger than the memory budget (--max-memory, \(limit) bytes)" : error.reason
      return SpriteInput(
        name: name, source: source,
        failure: BatchIndex.Failure(source: source.description, stage: "read", message: message))
    }
  }
}
