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

  /// Reads `files` in order.
  public init(_ files: [BatchInput]) {
    self.files = files
  }

  /// The number of inputs.
  public var count: Int { files.count }

  /// Reads the next file when asked.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var remaining: ArraySlice<BatchInput>

    fileprivate init(_ files: [BatchInput]) {
      remaining = files[...]
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
      remaining.popFirst()?.read()
    }
  }

  /// Starts reading from the first file.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(files)
  }
}

extension BatchInput {
  /// The input with its file's bytes, or with why they could not be read (stage `read`); a
  /// ``refusal`` fails without opening the file.
  public func read() -> SpriteInput {
    let source = ThemeSource.file(path)
    do throws(RegularFile.Failure) {
      if let refusal { throw RegularFile.Failure(reason: refusal) }
      return SpriteInput(name: name, source: source, bytes: try RegularFile.read(path))
    } catch {
      return SpriteInput(
        name: name, source: source,
        failure: BatchIndex.Failure(
          source: source.description, stage: "read", message: error.reason))
    }
  }
}
