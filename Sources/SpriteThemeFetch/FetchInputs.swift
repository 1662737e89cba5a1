import Foundation
import SpriteFetch
import SpriteShard
import SpriteTheme

/// The items of a ``ThemeFetch`` run as an async sequence: a fixed list (a URL list's lines) or
/// a PokeAPI crawl, whose list and entry documents load as the sequence is read.
///
/// The sequence never throws: a crawl that stops on a failed list page ends with one `.failed`
/// item naming the page, and a cancelled crawl just ends.
///
/// ```swift
/// let inputs = FetchInputs.crawl(PokeAPICrawler(base: api, limit: 151), loader: loader)
/// for await input in inputs { print(input) }
/// ```
public struct FetchInputs: AsyncSequence, Sendable {
  /// One item.
  public typealias Element = FetchInput
  /// Errors become items; see the type's documentation.
  public typealias Failure = Never

  private enum Source: Sendable {
    case list([FetchInput])
    case crawl(PokeAPICrawl)
  }

  private let source: Source
  /// How many items there will be, when known ahead: a list's length, or a crawl's `--limit`
  /// (the server may list fewer); nil for a crawl of everything.
  public let expectedCount: Int?

  /// The items of `list`, in order.
  public static func list(_ list: [FetchInput]) -> FetchInputs {
    FetchInputs(source: .list(list), expectedCount: list.count)
  }

  /// The items of a URL list's text (see ``FetchInput/urlList(_:)``).
  public static func urlList(_ text: String) -> FetchInputs {
    .list(FetchInput.urlList(text))
  }

  /// The items of a URL list's text in `shard` (`--shard I/N`): the lines whose bytes, without
  /// surrounding spaces and tabs, hash into it. Sprites are named over the whole list first, so
  /// each keeps the name a run over the whole list gives it.
  public static func urlList(_ text: String, shard: Shard?) -> FetchInputs {
    guard let shard else { return urlList(text) }
    var namer = SpriteNamer()
    var kept = [FetchInput]()
    for raw in text.split(whereSeparator: \.isNewline) {
      guard let item = FetchInput.urlListItem(raw) else { continue }
      var named = item
      if case .sprite(let url, let name, let id, let origin) = item {
        named = .sprite(url: url, name: namer.uniqueName(for: name), id: id, origin: origin)
      }
      if shard.contains(raw.trimmingCharacters(in: .whitespaces)) { kept.append(named) }
    }
    return .list(kept)
  }

  /// The items of a PokeAPI crawl, whose list and entry documents come through `loader`.
  public static func crawl(_ crawler: PokeAPICrawler, loader: any DataLoading) -> FetchInputs {
    FetchInputs(source: .crawl(crawler.crawl(using: loader)), expectedCount: crawler.limit)
  }

  /// Starts reading the items.
  public func makeAsyncIterator() -> AsyncIterator {
    switch source {
    case .list(let items): AsyncIterator(list: items[...], crawl: nil)
    case .crawl(let crawl): AsyncIterator(list: [], crawl: crawl.makeAsyncIterator())
    }
  }

  /// Iterates ``FetchInputs``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    fileprivate var list: ArraySlice<FetchInput>
    fileprivate var crawl: PokeAPICrawl.AsyncIterator?

    /// The next item, or nil at the end (or once the task is cancelled).
    public mutating func next() async -> FetchInput? {
      await next(isolation: nil)
    }

    /// The next item (see ``next()``), staying in the caller's isolation.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> FetchInput? {
      if Task.isCancelled { return nil }
      guard crawl != nil else { return list.popFirst() }
      do {
        if let item = try await crawl!.next(isolation: actor) { return FetchInput(item) }
      } catch let error as PokeAPIListError {
        crawl = nil
        return .failed(
          source: URLText.shortened(error.url.absoluteString, limit: URLText.maxLength),
          stage: "fetch", message: error.description)
      } catch {
        // Cancelled.
      }
      crawl = nil
      return nil
    }
  }
}
