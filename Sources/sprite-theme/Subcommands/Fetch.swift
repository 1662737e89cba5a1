import ArgumentParser
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SpriteFetch
import SpriteTheme

/// `sprite-theme fetch (--pokeapi BASE | --urls FILE) --out DIR`: themes for downloaded sprites.
struct Fetch: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fetch",
    abstract: "Download sprites and write a theme file for each, plus index.json.",
    discussion: """
      Sprites come from a PokeAPI server (--pokeapi, e.g. https://pokeapi.co/api/v2: the \
      pokemon list, then each entry's sprite at --sprite) or from a file of URLs (--urls, one \
      per line, # comments allowed). The output directory is laid out as for batch; each \
      theme's source records the sprite URL and, for PokeAPI, the id. Entries without a sprite \
      and forms (ids above 10000, unless --include-forms) are skipped and counted.

      Responses are cached in <out>/.cache (or --cache) and reused without any request for \
      --ttl seconds; stale entries are revalidated.

      With --download-only, each sprite is written as received to <out>/sprites/<name>.png \
      (names as for themes) and index.json lists the sprites and the failures; nothing is \
      analysed. Each sprite is then stored once: the cache keeps its size, hash and validators \
      (not a second copy), and within --ttl a re-run makes no request for a sprite whose file \
      is unchanged.

      Exit codes: 0 every sprite done, 1 some downloads or sprites failed (listed in \
      index.json), 2 usage error, 3 the output cannot be written, 130 interrupted.
      """)

  @Option(help: ArgumentHelp("A PokeAPI root to crawl, e.g. https://pokeapi.co/api/v2.", valueName: "base"))
  var pokeapi: String?

  @Option(help: ArgumentHelp("The most PokeAPI list entries to take.", valueName: "n"))
  var limit: Int?

  @Option(help: ArgumentHelp("PokeAPI list entries to skip first.", valueName: "m"))
  var offset: Int = 0

  @Flag(help: "Also fetch forms (PokeAPI ids above 10000).")
  var includeForms = false

  @Option(
    name: .customLong("sprite"),
    help: ArgumentHelp("The key path under sprites, e.g. other.home.front_default.", valueName: "key"))
  var spriteKey: String = PokeAPIEntry.defaultSpriteKey

  @Option(help: ArgumentHelp("A file of sprite URLs, one per line.", valueName: "file"))
  var urls: String?

  @Option(name: .customLong("out"), help: ArgumentHelp("The output directory.", valueName: "dir"))
  var outputDirectory: String

  @Option(
    help: ArgumentHelp(
      "Thumbnail sizes to write, comma-separated longest sides, e.g. 32,96.", valueName: "sizes"),
    transform: Batch.parseSizes)
  var thumbnails: [Int] = []

  @Flag(help: "Only download: write sprites/<name>.png and index.json, no themes.")
  var downloadOnly = false

  @OptionGroup var network: NetworkOptions

  @OptionGroup var analysis: AnalysisOptions

  @OptionGroup var progressOptions: ProgressOptions

  func validate() throws {
    guard (pokeapi == nil) != (urls == nil) else {
      throw ValidationError("Give exactly one of --pokeapi and --urls.")
    }
    if let pokeapi {
      guard let url = URL(string: pokeapi), ["http", "https"].contains(url.scheme?.lowercased())
      else { throw ValidationError("--pokeapi must be an http or https URL, not '\(pokeapi)'.") }
    }
    guard (limit ?? 0) >= 0, offset >= 0 else {
      throw ValidationError("--limit and --offset must not be negative.")
    }
    if downloadOnly && !thumbnails.isEmpty {
      throw ValidationError("--thumbnails cannot be combined with --download-only.")
    }
  }

  func run() throws {
    let loader = network.loader(outputDirectory: outputDirectory)
    let inputs = try inputStream(loader: loader)
    let fetch = ThemeFetch(
      options: .init(
        outputDirectory: outputDirectory, concurrency: network.concurrency,
        thumbnailSizes: thumbnails, pipeline: analysis.pipeline, downloadOnly: downloadOnly,
        cacheDirectory: network.cacheDirectory(outputDirectory: outputDirectory), ttl: network.ttl))
    let outcome = try OutputRun.execute(progress: progressOptions, cancel: { fetch.cancel() }) {
      reporter throws(ThemeBatch.Fatal) in
      try fetch.runBlocking(inputs: inputs, loader: loader) { [downloadOnly] counts in
        reporter.update(fetch: counts, analysing: !downloadOnly)
      }
    }
    let written = outcome.downloads?.entries.count ?? outcome.index.entries.count
    let count = outcome.downloads?.count ?? outcome.index.count
    try OutputRun.finish(
      index: outcome.index, interrupted: outcome.interrupted,
      interruption: "interrupted after \(count) sprites",
      summary: "\(written) \(downloadOnly ? "sprites" : "themes") written to \(outputDirectory), "
        + "\(outcome.index.errors.count) failed, \(outcome.skipped) skipped.",
      quiet: progressOptions.quiet)
  }

  /// The items to fetch: the PokeAPI crawl, or the URL file's lines.
  private func inputStream(loader: any DataLoading) throws -> AsyncThrowingStream<FetchInput, any Error> {
    if let urls {
      guard let text = try? String(contentsOfFile: urls, encoding: .utf8) else {
        throw ValidationError("Cannot read the URL list '\(urls)'.")
      }
      // Lines are parsed as the stream is read, so the first download need not wait for all.
      let lines = FetchInput.urlListLines(text)
      return AsyncThrowingStream { continuation in
        let task = Task {
          for line in lines {
            if Task.isCancelled { break }
            if let item = FetchInput.urlListItem(line) { continuation.yield(item) }
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
    let crawler = PokeAPICrawler(
      base: URL(string: pokeapi!)!, limit: limit, offset: offset, includeForms: includeForms,
      spriteKey: spriteKey, concurrency: network.concurrency)
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          for try await item in crawler.entries(using: loader) { continuation.yield(FetchInput(item)) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
