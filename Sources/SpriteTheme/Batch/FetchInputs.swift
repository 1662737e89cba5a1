import SpriteFetch

/// The items of a ``ThemeFetch`` run, produced on the thread that runs it: a list, a URL list's
/// lines (parsed one at a time, so the first download starts before the last line is read), or
/// a PokeAPI crawl.
///
/// ```swift
/// let inputs = FetchInputs.crawl(PokeAPICrawler(base: api, limit: 151), loader: loader)
/// let fetch = ThemeFetch(options: .init(outputDirectory: "out"))
/// let outcome = try fetch.run(inputs: inputs, loader: loader)
/// ```
public struct FetchInputs: Sendable {
  /// Hands each item to `each` in order until there are no more or `each` returns false; stops
  /// early, throwing `FetchError.cancelled`, when `stop` is cancelled. An error it throws is
  /// recorded as one `fetch` failure of the run.
  public typealias Producer =
    @Sendable (_ stop: LoadHandle, _ each: (FetchInput) -> Bool) throws -> Void

  private let producer: Producer

  /// Inputs made by `producer`.
  public init(_ producer: @escaping Producer) {
    self.producer = producer
  }

  /// Runs the producer (see ``Producer``).
  func produce(stop: LoadHandle, each: (FetchInput) -> Bool) throws {
    try producer(stop, each)
  }

  /// The items of `list`, in order.
  public static func list(_ list: [FetchInput]) -> FetchInputs {
    FetchInputs { stop, each in
      for item in list {
        if stop.isCancelled || !each(item) { return }
      }
    }
  }

  /// The items of a URL list's lines (``FetchInput/urlListLines(_:)``), each parsed when reached.
  public static func urlListLines(_ lines: [Substring]) -> FetchInputs {
    FetchInputs { stop, each in
      for line in lines {
        guard let item = FetchInput.urlListItem(line) else { continue }
        if stop.isCancelled || !each(item) { return }
      }
    }
  }

  /// The items of a PokeAPI crawl, whose list and entry documents come through `loader`.
  public static func crawl(_ crawler: PokeAPICrawler, loader: any DataLoading) -> FetchInputs {
    FetchInputs { stop, each in
      try crawler.crawl(using: loader, stop: stop) { each(FetchInput($0)) }
    }
  }
}
