import SpriteCore
import Testing
import _SpriteTestSupport

@testable import sprite_theme

/// Random valid command lines, rendered in random order with both option forms, parse back to
/// the values they were rendered from.
@Suite("Command-line parsing: random command lines")
struct ParsingPropertyTests {
  typealias P = CommandLineParsing

  /// Extent spellings with the extent each one means.
  static let extents: [(String, Extent)] = [
    ("centre", .centre), ("center", .centre), ("seed", .seed), ("full", .full),
    ("centre:0.25", .centre(fraction: 0.25)),
    ("1,2,30,40", .rect(x: 1, y: 2, width: 30, height: 40)),
    ("ci:0.5,1,8,8", .coreImage(x: 0.5, y: 1, width: 8, height: 8)),
  ]

  /// One piece of a command line: an option with its words, or a positional word.
  enum Piece {
    /// `--name value`, `--name=value` or a flag: kept together when shuffled.
    case option([String])
    /// A positional word.
    case input(String)
  }

  /// The analysis options and their expected values, chosen at random.
  struct RandomAnalysis {
    /// The options as command-line pieces.
    var pieces: [Piece] = []
    /// The extent they ask for.
    var extent: Extent = .centre
    /// The palette size they ask for.
    var paletteSize = 8
    /// The pixel limit they ask for.
    var maxPixels = 64 * 1024 * 1024
    /// Whether `--quiet` is among them.
    var quiet = false
    /// Whether `--progress` is among them.
    var progress = false

    /// Chooses each option or leaves it out (then the default is expected).
    init(using random: inout SeededRandom) {
      if Bool.random(using: &random) {
        let (spelling, extent) = ParsingPropertyTests.extents.randomElement(using: &random)!
        self.extent = extent
        pieces.append(.option(P.option("extent", spelling, using: &random)))
      }
      if Bool.random(using: &random) {
        paletteSize = Int.random(in: 1...64, using: &random)
        pieces.append(.option(P.option("palette-size", "\(paletteSize)", using: &random)))
      }
      if Bool.random(using: &random) {
        maxPixels = Int.random(in: 1...(1 << 40), using: &random)
        pieces.append(.option(P.option("max-pixels", "\(maxPixels)", using: &random)))
      }
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        quiet = true
        pieces.append(.option(["--quiet"]))
      case 1:
        progress = true
        pieces.append(.option(["--progress"]))
      default: break
      }
    }

    /// Expects the parsed options to hold the chosen values.
    func check(_ analysis: AnalysisOptions, _ progressOptions: ProgressOptions, _ context: String) {
      #expect(analysis.extent == extent, "\(context)")
      #expect(analysis.paletteSize == paletteSize, "\(context)")
      #expect(analysis.decoding.maxPixels == maxPixels, "\(context)")
      #expect(progressOptions.quiet == quiet && progressOptions.progress == progress, "\(context)")
    }
  }

  /// Random thumbnail sizes (repeats allowed) as written, and as parsed: sorted, no repeats.
  static func thumbnailSizes(using random: inout SeededRandom) -> (text: String, sizes: [Int]) {
    let sizes = (0..<Int.random(in: 1...4, using: &random)).map { _ in
      Int.random(in: 1...16384, using: &random)
    }
    return (sizes.map(String.init).joined(separator: ","), Array(Set(sizes)).sorted())
  }

  /// Shuffles `pieces` and renders them as argv after `command`; `trailing` words go after `--`.
  static func render(
    _ command: String, _ pieces: [Piece], trailing: [String], using random: inout SeededRandom
  ) -> (argv: [String], inputs: [String]) {
    let shuffled = pieces.shuffled(using: &random)
    var argv = [command]
    var inputs: [String] = []
    for piece in shuffled {
      switch piece {
      case .option(let words): argv += words
      case .input(let word):
        argv.append(word)
        inputs.append(word)
      }
    }
    if !trailing.isEmpty { argv += ["--"] + trailing }
    return (argv, inputs + trailing)
  }

  @Test("batch: 400 random command lines")
  func batchRoundTrips() throws {
    for seed in UInt64(1)...400 {
      var random = SeededRandom(seed: seed)
      var pieces: [Piece] = (0..<Int.random(in: 1...4, using: &random)).map {
        .input("sprite-\(seed)-\($0).png")
      }
      if Bool.random(using: &random) { pieces.append(.input("-")) }
      let out = "out \(seed)/themes"
      pieces.append(.option(P.option("out", out, using: &random)))
      var jobs: Int?
      if Bool.random(using: &random) {
        jobs = Int.random(in: 1...256, using: &random)
        pieces.append(.option(P.option("jobs", "\(jobs!)", using: &random)))
      }
      var thumbnails: [Int] = []
      if Bool.random(using: &random) {
        let (text, sizes) = Self.thumbnailSizes(using: &random)
        thumbnails = sizes
        pieces.append(.option(P.option("thumbnails", text, using: &random)))
      }
      let analysis = RandomAnalysis(using: &random)
      pieces += analysis.pieces
      let trailing = Bool.random(using: &random) ? ["-dashed-\(seed).png"] : []
      let (argv, inputs) = Self.render("batch", pieces, trailing: trailing, using: &random)
      let context = "seed \(seed): \(argv)"

      let batch = try P.command(argv, as: Batch.self)
      #expect(batch.inputs.map(\.description) == inputs, "\(context)")
      #expect(batch.outputDirectory?.description == out, "\(context)")
      #expect(batch.jobs == jobs, "\(context)")
      #expect((batch.thumbnails ?? []) == thumbnails, "\(context)")
      analysis.check(batch.analysis, batch.progressOptions, context)
    }
  }

  @Test("fetch: 400 random command lines")
  func fetchRoundTrips() throws {
    for seed in UInt64(1)...400 {
      var random = SeededRandom(seed: seed)
      var pieces: [Piece] = []
      var pokeapi: String?
      var urls: String?
      if Bool.random(using: &random) {
        pokeapi = (Bool.random(using: &random) ? "https" : "http") + "://host-\(seed).test/api/v2"
        pieces.append(.option(P.option("pokeapi", pokeapi!, using: &random)))
      } else {
        urls = "lists/urls-\(seed).txt"
        pieces.append(.option(P.option("urls", urls!, using: &random)))
      }
      var limit: Int?
      if Bool.random(using: &random) {
        limit = Int.random(in: 0...2000, using: &random)
        pieces.append(.option(P.option("limit", "\(limit!)", using: &random)))
      }
      var offset = 0
      if Bool.random(using: &random) {
        offset = Int.random(in: 0...2000, using: &random)
        pieces.append(.option(P.option("offset", "\(offset)", using: &random)))
      }
      let includeForms = Bool.random(using: &random)
      if includeForms { pieces.append(.option(["--include-forms"])) }
      var spriteKey = "front_default"
      if Bool.random(using: &random) {
        spriteKey = ["other.home.front_default", "back_shiny", "front_default"].randomElement(
          using: &random)!
        pieces.append(.option(P.option("sprite", spriteKey, using: &random)))
      }
      let out = "fetched-\(seed)"
      pieces.append(.option(P.option("out", out, using: &random)))
      let downloadOnly = Bool.random(using: &random)
      var thumbnails: [Int] = []
      if downloadOnly {
        pieces.append(.option(["--download-only"]))
      } else if Bool.random(using: &random) {
        let (text, sizes) = Self.thumbnailSizes(using: &random)
        thumbnails = sizes
        pieces.append(.option(P.option("thumbnails", text, using: &random)))
      }
      var cache: String?
      if Bool.random(using: &random) {
        cache = "cache-\(seed)"
        pieces.append(.option(P.option("cache", cache!, using: &random)))
      }
      var ttl = 86400.0
      if Bool.random(using: &random) {
        ttl = Double.random(in: 0...1e6, using: &random)
        pieces.append(.option(P.option("ttl", "\(ttl)", using: &random)))
      }
      var concurrency = 8
      if Bool.random(using: &random) {
        concurrency = Int.random(in: 1...64, using: &random)
        pieces.append(.option(P.option("concurrency", "\(concurrency)", using: &random)))
      }
      var retries = 3
      if Bool.random(using: &random) {
        retries = Int.random(in: 0...20, using: &random)
        pieces.append(.option(P.option("retries", "\(retries)", using: &random)))
      }
      var timeout: Double?
      if Bool.random(using: &random) {
        timeout = Double.random(in: 0.001...3600, using: &random)
        pieces.append(.option(P.option("timeout", "\(timeout!)", using: &random)))
      }
      var maxBytes = 16 << 20
      if Bool.random(using: &random) {
        maxBytes = Int.random(in: 1...(1 << 34), using: &random)
        pieces.append(.option(P.option("max-bytes", "\(maxBytes)", using: &random)))
      }
      let analysis = RandomAnalysis(using: &random)
      pieces += analysis.pieces
      let (argv, _) = Self.render("fetch", pieces, trailing: [], using: &random)
      let context = "seed \(seed): \(argv)"

      let fetch = try P.command(argv, as: Fetch.self)
      #expect(fetch.pokeapi == pokeapi && fetch.urls?.description == urls, "\(context)")
      #expect(fetch.limit == limit && fetch.offset == offset, "\(context)")
      #expect(fetch.includeForms == includeForms && fetch.spriteKey == spriteKey, "\(context)")
      #expect(fetch.outputDirectory == out && (fetch.thumbnails ?? []) == thumbnails, "\(context)")
      #expect(fetch.downloadOnly == downloadOnly, "\(context)")
      #expect(fetch.network.cache == cache && fetch.network.ttl == ttl, "\(context)")
      #expect(
        fetch.network.concurrency == concurrency && fetch.network.retries == retries, "\(context)")
      #expect(
        fetch.network.timeout == (timeout ?? 300) && fetch.network.maxBytes == maxBytes,
        "\(context)")
      analysis.check(fetch.analysis, fetch.progressOptions, context)
    }
  }
}
