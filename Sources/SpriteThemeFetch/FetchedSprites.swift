import Foundation
import SpriteFetch
import SpriteFlow
import SpriteTheme

/// The downloads of a ``ThemeFetch`` run as the ``ThemeEngine``'s input: a bounded, ordered
/// stage where up to `window` downloads run ahead of the analysis, and each sprite is handed on
/// in input order once its bytes (or its failure) are in.
///
/// The engine takes an input only when a job is free, so at most `window` downloaded sprites wait
/// for analysis. Entries skipped on purpose are recorded in the counters, not handed on.
struct FetchedSprites: AsyncSequence, Sendable {
  typealias Element = SpriteInput
  typealias Failure = Never

  /// A download's outcome, in input order.
  enum Fetched: Sendable {
    case sprite(SpriteInput)
    case skipped(name: String, reason: String)
  }

  let inputs: FetchInputs
  let loader: any DataLoading
  let window: Int
  let counters: FetchCounters

  func makeAsyncIterator() -> AsyncIterator {
    let loader = self.loader
    let counters = self.counters
    let downloads = OrderedConcurrentMap(
      NamedInputs(inputs: inputs, counters: counters), window: window
    ) { input in
      await Self.fetch(input, loader: loader, counters: counters)
    }
    return AsyncIterator(downloads: downloads.makeAsyncIterator(), counters: counters)
  }

  /// Downloads one sprite, or passes a skipped or failed entry on.
  static func fetch(_ input: NamedInput, loader: any DataLoading, counters: FetchCounters) async
    -> Fetched
  {
    switch input {
    case .skipped(let name, let reason):
      return .skipped(name: name, reason: reason)
    case .failed(let failure):
      return .sprite(
        SpriteInput(
          name: SpriteNamer.sanitise(failure.source),
          source: ThemeSource(name: failure.source, url: failure.source), failure: failure))
    case .sprite(let url, let name, let id, let origin):
      let source = ThemeSource(name: name, url: url.absoluteString, id: id)
      do {
        let response = try await loader.load(
          FetchRequest(url: url, expecting: .png, origin: origin))
        counters.update {
          if response.source == .network { $0.downloaded += 1 } else { $0.cached += 1 }
        }
        return .sprite(SpriteInput(name: name, source: source, bytes: response.body))
      } catch {
        let failure = BatchIndex.Failure(
          source: url.absoluteString, stage: "fetch", message: String(describing: error))
        return .sprite(SpriteInput(name: name, source: source, failure: failure))
      }
    }
  }

  /// Iterates ``FetchedSprites``.
  struct AsyncIterator: AsyncIteratorProtocol {
    var downloads: OrderedConcurrentMap<NamedInputs, Fetched>.AsyncIterator
    let counters: FetchCounters

    /// The next sprite in input order; nil at the end or once the task is cancelled.
    mutating func next() async -> SpriteInput? {
      await next(isolation: nil)
    }

    /// The next sprite (see ``next()``), staying in the caller's isolation.
    mutating func next(isolation actor: isolated (any Actor)?) async -> SpriteInput? {
      while true {
        guard let fetched = try? await downloads.next(isolation: actor) else { return nil }
        switch fetched {
        case .sprite(let input): return input
        case .skipped(let name, let reason): counters.skip(name: name, reason: reason)
        }
      }
    }
  }
}
