import Foundation
import SpriteFetch
import SpriteTheme
import SpriteThemeFetch
import SystemPackage

/// `sprite-theme fetch (--pokeapi BASE | --urls FILE) --out DIR`: themes for downloaded sprites.
struct Fetch: Subcommand {
  /// The rows of `fetch`'s argument table.
  enum Table {
    /// `--pokeapi <base>`.
    static let pokeapi = ArgumentSpec.option(
      "pokeapi", valueName: "base",
      help: "A PokeAPI root to crawl, e.g. https://pokeapi.co/api/v2.", of: String.self)
    /// `--limit <n>`.
    static let limit = ArgumentSpec.option(
      "limit", valueName: "n", help: "The most PokeAPI list entries to take.", of: Int.self)
    /// `--offset <m>`.
    static let offset = ArgumentSpec.option(
      "offset", valueName: "m", help: "PokeAPI list entries to skip first.", of: Int.self,
      default: 0)
    /// `--include-forms`.
    static let includeForms = ArgumentSpec.flag(
      "include-forms", help: "Also fetch forms (PokeAPI ids above 10000).")
    /// `--sprite <key>`.
    static let spriteKey = ArgumentSpec.option(
      "sprite", valueName: "key",
      help: "The key path under sprites, e.g. other.home.front_default.", of: String.self,
      default: PokeAPIEntry.defaultSpriteKey)
    /// `--urls <file>`.
    static let urls = ArgumentSpec.option(
      "urls", valueName: "file", help: "A file of sprite URLs, one per line.", of: String.self)
    /// `--out <dir>`.
    static let outputDirectory = Batch.Table.outputDirectory
    /// `--thumbnails <sizes>`.
    static let thumbnails = Batch.Table.thumbnails
    /// `--download-only`.
    static let downloadOnly = ArgumentSpec.flag(
      "download-only", help: "Only download: write sprites/<name>.png and index.json, no themes.")
    /// Every row, in help and usage order.
    static let all =
      [
        pokeapi, limit, offset, includeForms, spriteKey, urls, outputDirectory, thumbnails,
        downloadOnly,
      ] + NetworkOptions.Table.all + AnalysisOptions.Table.all + ProgressOptions.Table.all
  }

  /// The word that selects `fetch`.
  static let name = "fetch"

  /// `fetch`'s name, help texts and arguments.
  static let spec = CommandSpec(
    name: name, parentPath: SpriteThemeCommand.name,
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
      """,
    arguments: Table.all)

  /// The PokeAPI root to crawl, if sprites come from PokeAPI.
  var pokeapi: String?
  /// The most list entries to take, or `nil` for all.
  var limit: Int?
  /// List entries to skip first.
  var offset: Int
  /// Whether to fetch forms (ids above 10000) too.
  var includeForms: Bool
  /// The key path of the sprite under an entry's `sprites`.
  var spriteKey: String
  /// The file of sprite URLs, if sprites come from a list.
  var urls: String?
  /// Where sprites, themes, thumbnails and `index.json` go.
  var outputDirectory: String
  /// Thumbnail sizes to write, sorted, without repeats.
  var thumbnails: [Int]
  /// Only download the sprites; analyse nothing.
  var downloadOnly: Bool
  /// Cache, freshness, concurrency, retries, timeout and body cap.
  var network: NetworkOptions
  /// The extent, palette size and decoding limits.
  var analysis: AnalysisOptions
  /// Whether to draw the progress line.
  var progressOptions: ProgressOptions

  /// Reads the arguments; exactly one source, an http(s) PokeAPI root, no negative counts, and
  /// no thumbnails when only downloading.
  init(parsed: ParsedArguments) throws(UsageError) {
    pokeapi = try parsed.optional(Table.pokeapi)
    limit = try parsed.optional(Table.limit)
    offset = try parsed.value(Table.offset)
    includeForms = parsed.flag(Table.includeForms)
    spriteKey = try parsed.value(Table.spriteKey)
    urls = try parsed.optional(Table.urls)
    outputDirectory = try parsed.value(Table.outputDirectory)
    thumbnails = try parsed.optional(Table.thumbnails, convertedBy: Batch.parseSizes) ?? []
    downloadOnly = parsed.flag(Table.downloadOnly)
    network = try NetworkOptions(parsed: parsed)
    analysis = try AnalysisOptions(parsed: parsed)
    progressOptions = try ProgressOptions(parsed: parsed)
    guard (pokeapi == nil) != (urls == nil) else {
      throw UsageError("Give exactly one of --pokeapi and --urls.")
    }
    if let pokeapi {
      guard let url = URL(string: pokeapi), ["http", "https"].contains(url.scheme?.lowercased())
      else { throw UsageError("--pokeapi must be an http or https URL, not '\(pokeapi)'.") }
    }
    guard (limit ?? 0) >= 0, offset >= 0 else {
      throw UsageError("--limit and --offset must not be negative.")
    }
    if downloadOnly && !thumbnails.isEmpty {
      throw UsageError("--thumbnails cannot be combined with --download-only.")
    }
  }

  /// Downloads and writes; exit 1 when a download or sprite failed (or no PokeAPI entry has the
  /// sprite key), 3 when the output failed.
  func run() throws {
    let loader = network.loader(outputDirectory: outputDirectory)
    let inputs = try fetchInputs(loader: loader)
    let fetch = ThemeFetch(
      options: .init(
        outputDirectory: FilePath(outputDirectory), concurrency: network.concurrency,
        thumbnailSizes: thumbnails, pipeline: analysis.pipeline, downloadOnly: downloadOnly,
        cacheDirectory: FilePath(network.cacheDirectory(outputDirectory: outputDirectory)),
        ttl: network.ttl))
    let task = BlockingTask<Result<ThemeFetch.Outcome, ThemeEngine.Fatal>>()
    let outcome = try OutputRun.execute(
      progress: progressOptions, interrupts: .call { task.cancel() }
    ) { reporter throws(ThemeEngine.Fatal) in
      try task.run { [downloadOnly] in
        do throws(ThemeEngine.Fatal) {
          return .success(
            try await fetch.run(inputs: inputs, loader: loader) { counts in
              reporter.update(fetch: counts, analysing: !downloadOnly)
            })
        } catch {
          return .failure(error)
        }
      }.get()
    }
    let written = outcome.downloads?.entries.count ?? outcome.index.entries.count
    let count = outcome.downloads?.count ?? outcome.index.count
    let noSprite = pokeapi != nil && outcome.counts.sprites == 0 && outcome.counts.listed > 0
    if noSprite && !outcome.interrupted {
      Diagnostics.error(
        "no entry has a sprite at --sprite \(spriteKey) (\(outcome.counts.skipped) skipped, "
          + "listed in index.json).")
    }
    try OutputRun.finish(
      index: outcome.index, interrupted: outcome.interrupted,
      interruption: "interrupted after \(count) sprites",
      summary: "\(written) \(downloadOnly ? "sprites" : "themes") written to \(outputDirectory), "
        + "\(outcome.index.errors.count) failed, \(outcome.counts.skipped) skipped.",
      quiet: progressOptions.quiet)
    if noSprite { throw ExitCode.inputFailed }
  }

  /// The items to fetch: the PokeAPI crawl, or the URL file's lines.
  private func fetchInputs(loader: any DataLoading) throws -> FetchInputs {
    if let urls {
      guard let bytes = try? FileIO.read(urls), let text = String(validating: bytes, as: UTF8.self)
      else {
        throw UsageError("Cannot read the URL list '\(urls)'.", command: Self.spec)
      }
      return .urlList(text)
    }
    let crawler = PokeAPICrawler(
      base: URL(string: pokeapi!)!, limit: limit, offset: offset,
      includeForms: includeForms, spriteKey: spriteKey, concurrency: network.concurrency)
    return .crawl(crawler, loader: loader)
  }
}
