import Foundation

/// The results of a PokeAPI list, page after page, as an async sequence: each page is loaded
/// when the sequence reaches it (see ``PokeAPICrawler`` for paging, `offset` and `limit`), and
/// only the results in the crawler's ``PokeAPICrawler/shard`` are yielded.
///
/// The pages come from a server, so the list is checked as it goes: an entry listed again (by
/// the same resolved URL) is yielded once; a page whose `next` is refused keeps its results and
/// the list ends after them with that refusal; a `next` back to a page already read, or a page
/// that lists no new entry yet links a next one, ends the list with an error saying so, so a
/// server's loop neither repeats work nor runs for ever.
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
    /// Every entry listed so far, by resolved URL (or the reference, when it has none).
    var listed: Set<String> = []
    /// The error that ends the list once the buffered results are yielded.
    var ending: PokeAPIListError?

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
        if let ending {
          self.ending = nil
          throw ending
        }
        guard remaining > 0, let url = pageURL else { return nil }
        guard visited.insert(url).inserted else {
          throw PokeAPIListError(
            url: url,
            underlying: PokeAPIError.badList(
              "the next page link goes back to \(URLText.shortened(url)), which was read already"))
        }
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
        let fresh = results.filter {
          listed.insert($0.url?.absoluteString ?? $0.reference).inserted
        }
        if fresh.isEmpty, page.next != nil {
          throw PokeAPIListError(
            url: url,
            underlying: PokeAPIError.badList(
              "\(URLText.shortened(url)) lists no entry that earlier pages did not, "
                + "yet links a next page"))
        }
        buffer = fresh.prefix(remaining)
        remaining -= buffer.count
        pageURL = page.next
        if remaining > 0, let refusal = page.nextRefusal {
          ending = PokeAPIListError(url: url, underlying: refusal)
        }
      }
      return buffer.popFirst()
    }
  }
}
