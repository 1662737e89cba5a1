import Foundation
import SpriteFetch
import SpriteTheme

/// One fetch input with its unique output name, given in input order so that names do not
/// depend on which download finishes first.
enum NamedInput: Sendable {
  /// A sprite to download as `name` (`[a-z0-9._-]`, unique in the run).
  case sprite(url: URL, name: String, id: Int?, origin: FetchRequest.Origin)
  /// An entry skipped on purpose.
  case skipped(name: String, reason: String)
  /// An entry that failed before its sprite was known.
  case failed(BatchIndex.Failure)
}

/// ``FetchInputs`` with unique output names, counting each input as listed.
struct NamedInputs: AsyncSequence, Sendable {
  typealias Element = NamedInput
  typealias Failure = Never

  let inputs: FetchInputs
  let counters: FetchCounters

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(inputs: inputs.makeAsyncIterator(), counters: counters)
  }

  /// Iterates ``NamedInputs``.
  struct AsyncIterator: AsyncIteratorProtocol {
    var inputs: FetchInputs.AsyncIterator
    let counters: FetchCounters
    var namer = SpriteNamer()

    mutating func next() async -> NamedInput? {
      await next(isolation: nil)
    }

    mutating func next(isolation actor: isolated (any Actor)?) async -> NamedInput? {
      guard let input = await inputs.next(isolation: actor) else { return nil }
      counters.update { $0.listed += 1 }
      switch input {
      case .sprite(let url, let raw, let id, let origin):
        counters.update { $0.sprites += 1 }
        return .sprite(url: url, name: namer.uniqueName(for: raw), id: id, origin: origin)
      case .skipped(let name, let reason):
        return .skipped(name: name, reason: reason)
      case .failed(let source, let stage, let message):
        return .failed(BatchIndex.Failure(source: source, stage: stage, message: message))
      }
    }
  }
}
