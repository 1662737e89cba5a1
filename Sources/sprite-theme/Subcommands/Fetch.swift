import ArgumentParser
import Foundation
import SpriteFetch
import SpriteFiles
import SpriteShard
import SpriteTheme
import SpriteThemeFetch

/// `sprite-theme fetch (--pokeapi BASE | --urls FILE) --out DIR`: themes for downloaded sprites.
struct Fetch: AsyncParsableCommand {
  /// `fetch`'s name and help texts.
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

      --shard I/N keeps the sprites whose FNV-1a 64 hash modulo N is I, so N workers share \
      one list: with --urls, the hash is of each line without surrounding spaces (the URL as \
      given; names are given over the whole list first, so each shard names its sprites as one \
      run would); with --pokeapi, of each entry's URL as the list page writes it \
      (results[].url), after --offset and --limit, and other shards' entries are not loaded.

      Exit codes: 0 every sprite done, 1 some downloads or sprites failed (listed in \
      index.json), 2 usage error, 3 the output cannot be written, 130 interrupted.
      """)

  /// The PokeAPI root to crawl, if sprites come from PokeAPI.
  @Option(
    help: ArgumentHelp(
      "A PokeAPI root to crawl, e.g. https://pokeapi.co/api/v2.", valueName: "base"))
  var pokeapi: String?

  /// The most list entries to take, or `nil` for all.
  @Option(help: ArgumentHelp("The most PokeAPI list entries to take.", valueName: "n"))
  var limit: Int?

  /// List entries to skip first.
  @Option(help: ArgumentHelp("PokeAPI list entries to skip first.", valueName: "m"))
  var offset = 0

  /// Whether to fetch forms (ids above 10000) too.
  @Flag(help: "Also fetch forms (PokeAPI ids above 10000).")
  var includeForms = false

  /// The key path of the sprite under an entry's `sprites`.
  @Option(
    name: .customLong("sprite"),
    help: ArgumentHelp(
      "The key path under sprites, e.g. other.home.front_default.", valueName: "key"))
  var spriteKey = PokeAPIEntry.defaultSpriteKey

  /// The file of sprite URLs, if sprites come from a list.
  @Option(help: ArgumentHelp("A file of sprite URLs, one per line.", valueName: "file"))
  var urls: PathArgument?

  /// Where sprites, themes, thumbnails and `index.json` go.
  @Option(
    name: .customLong("out"), help: ArgumentHelp("The output directory.", valueName: "dir"),
    completion: .directory)
  var outputDirectory: String

  /// Thumbnail sizes to write, sorted, without repeats; `nil` for none.
  @Option(
    name: .customLong("thumbnails"), help: ThumbnailSizes.help, transform: ThumbnailSizes.parse)
  var thumbnails: [Int]?

  /// How each thumbnail fills its size; `nil` (contain) when not given.
  @Option(name: .customLong("thumbnail-fit"), help: ThumbnailFit.help)
  var thumbnailFit: Thumbnail.Fit?

  /// The share of the sprites to fetch, or nil for all.
  @Option(help: ShardOption.help, transform: ShardOption.parse)
  var shard: Shard?

  /// Only download the sprites; analyse nothing.
  @Flag(help: "Only download: write sprites/<name>.png and index.json, no themes.")
  var downloadOnly = false

  /// Cache, freshness, concurrency, retries, timeout and body cap.
  @OptionGroup var network: NetworkOptions

  /// The extent, palette size and decoding limits.
  @OptionGroup var analysis: AnalysisOptions

  /// Whether to draw the progress line.
  @OptionGroup var progressOptions: ProgressOptions

  /// Exactly one source, an http(s) PokeAPI root, no negative counts, and no thumbnails when
  /// only downloading.
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
    if downloadOnly && thumbnails != nil {
      throw ValidationError("--thumbnails cannot be combined with --download-only.")
    }
    try ThumbnailFit.validate(thumbnailFit, sizes: thumbnails)
  }

  /// Downloads and writes; exit 1 when a download or sprite failed (or no PokeAPI entry has the
  /// sprite key), 3 when the output failed, 130 when SIGINT or SIGTERM stopped it.
  func run() async throws {
    let loader = network.loader(outputDirectory: outputDirectory)
    let inputs = try fetchInputs(loader: loader)
    var options = ThemeFetch.Options(
      outputDirectory: FilePath(outputDirectory), concurrency: network.concurrency,
      thumbnailSizes: thumbnails ?? [], pipeline: analysis.pipeline, downloadOnly: downloadOnly,
      cacheDirectory: FilePath(network.cacheDirectory(outputDirectory: outputDirectory)),
      ttl: network.ttl, thumbnailFit: thumbnailFit ?? .contain)
    options.shard = shard
    let fetch = ThemeFetch(options: options)
    // Cancelling the run's task (SIGINT, SIGTERM) cancels the transfers in flight.
    let outcome = try await OutputRun.execute(progress: progressOptions) {
      [downloadOnly] reporter throws(ThemeEngine.Fatal) in
      try await fetch.run(inputs: inputs, loader: loader) { counts in
        reporter.update(fetch: counts, analysing: !downloadOnly, expected: inputs.expectedCount)
      }
    }
    let written = outcome.downloads?.entries.count ?? outcome.index.entries.count
    let count = outcome.downloads?.count ?? outcome.index.count
    // Every entry skipped and none with a sprite: most likely a --sprite key no entry has.
    let noSprite = pokeapi != nil && outcome.counts.sprites == 0 && outcome.counts.listed > 0
    if noSprite && !outcome.interrupted {
      Diagnostics.error(
        "no entry has a sprite at --sprite \(spriteKey) (\(outcome.counts.skipped) skipped, "
          + "listed in index.json).")
    }
    try OutputRun.finish(
      index: outcome.index, interrupted: outcome.interrupted,
      interruption: "interrupted after \(counted(count, "sprite"))",
      summary:
        "\(counted(written, downloadOnly ? "sprite" : "theme")) written to \(outputDirectory), "
        + "\(outcome.index.errors.count) failed, \(outcome.counts.skipped) skipped.",
      quiet: progressOptions.quiet)
    if noSprite { throw ExitCode.inputFailed }
  }

  /// The items to fetch: the PokeAPI crawl, or the URL file's lines.
  private func fetchInputs(loader: any DataLoading) throws -> FetchInputs {
    if let urls {
      // A regular file only: a FIFO or device is refused at once.
      let bytes: [UInt8]
      do {
        bytes = try RegularFile.read(urls.path)
      } catch {
        throw ValidationError("Cannot read the URL list '\(urls)': \(error.reason).")
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw ValidationError("The URL list '\(urls)' is not UTF-8 text.")
      }
      return .urlList(text, shard: shard)
    }
    let crawler = PokeAPICrawler(
      base: URL(string: pokeapi!)!, limit: limit, offset: offset,
      includeForms: includeForms, spriteKey: spriteKey, concurrency: network.concurrency,
      shard: shard)
    return .crawl(crawler, loader: loader)
  }
}
