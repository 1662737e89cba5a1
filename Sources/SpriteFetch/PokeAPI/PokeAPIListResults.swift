import Foundation

/// The results of a PokeAPI list, page after page, as an async sequence: each page is loaded
/// when the sequence reaches it (see ``PokeAPICrawler`` for paging, `offset` and `limit`), and
/// only the results in the crawler's ``PokeAPICrawler/shard`` are yielded.
public struct PokeAPIListResults: AsyncSequence, Sendable {
  /// One list result.
  public typealias Element = PokeAPIListPage.Item

  let crawler: PokeAPICrawler
  let loader: any DataLoading

  /// Starts at the first page.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      crawler: crawler, loader: loader, pageURL: crawler.firstPageURL,
      remaining: crawler.limit ?? Int.max)
  }

  /// Iterates ``PokeAPIListResults``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let crawler: PokeAPICrawler
    let loader: any DataLoading
    var pageURL: URL?
    var remaining: Int
    var visited: Set<URL> = []
    var isFirstPage = true
    var buffer: ArraySlice<PokeAPIListPage.Item> = []

    /// The next result, loading the next page when this one is used up.
    ///
    /// - Throws: ``PokeAPIListError`` for a page that cannot be loaded or decoded;
    ///   `FetchError.cancelled` when the task is cancelled.
    public mutating func next() async throws -> PokeAPIListPage.Item? {
      while let item = try await nextInList() {
        if crawler.shard?.contains(item.reference) ?? true { return item }
      }
      return nil
    }

    /// The next result of the list, whatever its shard.
    private mutating func nextInList() async throws -> PokeAPIListPage.Item? {
      while buffer.isEmpty {
        guard remaining > 0, let url = pageURL, visited.insert(url).inserted else { return nil }
        if Task.isCancelled { throw FetchError.cancelled }
        let page: PokeAPIListPage
        do {
          // The first page is built from the user's base; later ones come from `next`.
          let response = try await loader.load(
            FetchRequest(url: url, expecting: .json, origin: isFirstPage ? .user : .response))
          page = try PokeAPIListPage.decode(
            response.body, pageURL: response.finalURL, base: crawler.base)
        } catch FetchError.cancelled {
          throw FetchError.cancelled
        } catch {
          throw PokeAPIListError(url: url, underlying: error)
        }
        var results = page.results[...]
        if isFirstPage, crawler.offset > 0, page.previous == nil {
          results = results.dropFirst(crawler.offset)
        }
        isFirstPage = false
        buffer = results.prefix(remaining)
        remaining -= buffer.count
        pageURL = page.next
      }
      return buffer.popFirst()
    }
  }
}
