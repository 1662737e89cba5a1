import ArgumentParser
import SpriteCore
import SpriteFetch
import SpriteMaterial
import Testing

@testable import sprite_theme

@Suite("Command-line parsing")
struct ParsingTests {
  typealias P = CommandLineParsing

  @Test("the root has its subcommands, in the order help lists them")
  func subcommands() {
    let names = SpriteThemeCommand.configuration.subcommands.map { $0.configuration.commandName }
    #expect(
      names == [
        "analyze", "batch", "fetch", "scheme", "thumbnail", "export", "report", "bench", "merge",
      ])
  }

  @Test(
    "analyze, batch and fetch take --variant and --contrast into the pipeline; defaults otherwise")
  func materialOptions() throws {
    let analyze = try P.command(
      ["analyze", "a.png", "--variant", "fruitSalad", "--contrast=-0.5"], as: Analyze.self)
    #expect(analyze.analysis.pipeline.configuration.variant == .fruitSalad)
    #expect(analyze.analysis.pipeline.configuration.contrastLevel == -0.5)
    let batch = try P.command(
      ["batch", "a", "--out", "o", "--contrast", "1", "--variant=monochrome"], as: Batch.self)
    #expect(batch.analysis.pipeline.configuration.variant == .monochrome)
    #expect(batch.analysis.pipeline.configuration.contrastLevel == 1)
    let fetch = try P.command(
      ["fetch", "--urls", "f", "--out", "o", "--contrast", ".5"], as: Fetch.self)
    #expect(fetch.analysis.pipeline.configuration.contrastLevel == 0.5)
    #expect(fetch.analysis.pipeline.configuration.variant == .tonalSpot)
    let plain = try P.command(["analyze", "a.png"], as: Analyze.self)
    #expect(plain.analysis.pipeline.configuration.variant == .tonalSpot)
    #expect(plain.analysis.pipeline.configuration.monochromeForGreys)
    #expect(plain.analysis.pipeline.configuration.spec == .spec2021)
    #expect(!analyze.analysis.pipeline.configuration.monochromeForGreys)
    let spec = try P.command(["batch", "a", "--out", "o", "--spec", "2025"], as: Batch.self)
    #expect(spec.analysis.pipeline.configuration.spec == .spec2025)
    let scheme2025 = try P.command(
      ["scheme", "--source", "#b33b15", "--spec", "2025"], as: SchemeCommand.self)
    #expect(scheme2025.spec == .spec2025)
    #expect(plain.analysis.pipeline.configuration.contrastLevel == 0)
    let scheme = try P.command(
      ["scheme", "--source", "#b33b15", "--variant", "content", "--json"], as: SchemeCommand.self)
    #expect(scheme.variant == .content && scheme.json && scheme.source == "#b33b15")
  }

  @Test("report takes one folder and --quiet; batch takes --report")
  func reportParses() throws {
    let report = try P.command(["report", "out", "-q"], as: Report.self)
    #expect(report.directory == "out" && report.quiet)
    let batch = try P.command(["batch", "a.png", "--out", "o", "--report"], as: Batch.self)
    #expect(batch.writeReport)
    #expect(try !P.command(["batch", "a.png", "--out", "o"], as: Batch.self).writeReport)
  }

  @Test("analyze takes a file, --json and every extent spelling")
  func analyzeParses() throws {
    let analyze = try P.command(
      ["analyze", "a.png", "--json", "--extent", "ci:1,2,3,4"], as: Analyze.self)
    #expect(analyze.file == "a.png")
    #expect(analyze.json)
    #expect(analyze.analysis.extent == .coreImage(x: 1, y: 2, width: 3, height: 4))
    let plain = try P.command(["analyze", "b.png"], as: Analyze.self)
    #expect(!plain.json)
    #expect(plain.analysis.extent == .centre)
    #expect(plain.analysis.paletteSize == 8)
    #expect(plain.analysis.text == .minimum)
    #expect(plain.analysis.pipeline.configuration.textMode == .minimumAlpha)
    let opaque = try P.command(["analyze", "b.png", "--text", "opaque"], as: Analyze.self)
    #expect(opaque.analysis.pipeline.configuration.textMode == .opaque)
    #expect(plain.analysis.decoding.maxPixels == 64 * 1024 * 1024)
    let attached = try P.command(
      ["analyze", "--extent=seed", "--palette-size=12", "c.png", "--max-pixels", "99"],
      as: Analyze.self)
    #expect(attached.file == "c.png")
    #expect(attached.analysis.extent == .seed)
    #expect(attached.analysis.paletteSize == 12)
    #expect(attached.analysis.decoding.maxPixels == 99)
  }

  @Test("thumbnail takes a size, an optional filter and an output as -o, --output or --output=")
  func thumbnailParses() throws {
    let thumbnail = try P.command(
      ["thumbnail", "a.png", "--size", "96", "--filter", "lanczos3", "-o", "t.png"],
      as: ThumbnailCommand.self)
    #expect(thumbnail.file == "a.png")
    #expect(thumbnail.size == 96)
    #expect(thumbnail.filter == .lanczos3)
    #expect(thumbnail.output == "t.png")
    let automatic = try P.command(
      ["thumbnail", "a.png", "--size", "8", "--output", "o.png"], as: ThumbnailCommand.self)
    #expect(automatic.filter == nil)
    #expect(automatic.output == "o.png")
    let attached = try P.command(
      ["thumbnail", "--output=x.png", "--size=16", "--filter=nearest", "a.png"],
      as: ThumbnailCommand.self)
    #expect(attached.output == "x.png" && attached.size == 16 && attached.filter == .nearest)
    #expect(automatic.fit == .contain)
    let padded = try P.command(
      ["thumbnail", "a.png", "--size", "8", "--fit", "pad", "-o", "p.png"],
      as: ThumbnailCommand.self)
    #expect(padded.fit == .pad)
  }

  @Test("batch takes inputs anywhere, every option in both forms, and defaults when absent")
  func batchParses() throws {
    let batch = try P.command(
      [
        "batch", "a.png", "--out", "o", "dir", "--jobs=3", "--thumbnails", "96,32, 96", "-",
        "--extent", "full", "--palette-size=5", "--max-pixels", "100", "--quiet",
        "--thumbnail-fit", "pad",
      ], as: Batch.self)
    #expect(batch.inputs == ["a.png", "dir", "-"])
    #expect(batch.outputDirectory == "o")
    #expect(batch.jobs == 3)
    #expect(batch.thumbnails == [32, 96] && batch.thumbnailFit == .pad)
    #expect(batch.analysis.extent == .full)
    #expect(batch.analysis.paletteSize == 5)
    #expect(batch.analysis.decoding.maxPixels == 100)
    #expect(batch.progressOptions.quiet && !batch.progressOptions.progress)
    #expect(batch.maxMemory.bytes == 1 << 30 && !batch.force)
    let engine = try P.command(
      ["batch", "a.png", "--out", "o", "--max-memory", "512M", "--force"], as: Batch.self)
    #expect(engine.maxMemory.bytes == 512 << 20 && engine.force)
    let plain = try P.command(["batch", "samples", "--out=o"], as: Batch.self)
    #expect(plain.jobs == nil)
    #expect(plain.thumbnails == nil && plain.thumbnailFit == nil)
    #expect(plain.analysis.extent == .centre && plain.analysis.paletteSize == 8)
    #expect(!plain.progressOptions.quiet && !plain.progressOptions.progress)
  }

  @Test("fetch takes every option in both forms, and defaults when absent")
  func fetchParses() throws {
    let fetch = try P.command(
      [
        "fetch", "--pokeapi", "https://pokeapi.co/api/v2", "--limit=151", "--offset", "3",
        "--include-forms", "--sprite=other.home.front_default", "--out", "o", "--thumbnails=32",
        "--thumbnail-fit=pad", "--cache", "c", "--ttl=60.5", "--concurrency", "4", "--retries=0",
        "--timeout", "2.5", "--connect-timeout=0.25", "--stall-timeout", "7",
        "--max-bytes=1024", "--extent", "seed", "--progress",
      ], as: Fetch.self)
    #expect(fetch.pokeapi == "https://pokeapi.co/api/v2" && fetch.urls == nil)
    #expect(fetch.limit == 151 && fetch.offset == 3 && fetch.includeForms)
    #expect(fetch.spriteKey == "other.home.front_default")
    #expect(fetch.outputDirectory == "o" && fetch.thumbnails == [32] && !fetch.downloadOnly)
    #expect(fetch.thumbnailFit == .pad)
    #expect(fetch.network.cache == "c" && fetch.network.ttl == 60.5)
    #expect(fetch.network.concurrency == 4 && fetch.network.retries == 0)
    #expect(fetch.network.timeout == 2.5 && fetch.network.maxBytes == 1024)
    let configuration = fetch.network.curlConfiguration
    #expect(configuration.totalTimeout == .milliseconds(2500))
    #expect(configuration.connectTimeout == .milliseconds(250))
    #expect(configuration.noProgressTimeout == .seconds(7))
    #expect(fetch.analysis.extent == .seed && fetch.progressOptions.progress)
    let plain = try P.command(
      ["fetch", "--urls", "list.txt", "--out", "o", "--download-only"], as: Fetch.self)
    #expect(plain.urls == "list.txt" && plain.pokeapi == nil && plain.downloadOnly)
    #expect(plain.limit == nil && plain.offset == 0 && !plain.includeForms)
    #expect(plain.spriteKey == "front_default")
    #expect(plain.network.cache == nil && plain.network.ttl == 86400)
    #expect(plain.network.concurrency == 8 && plain.network.retries == 3)
    #expect(plain.network.timeout == 300 && plain.network.maxBytes == 16 << 20)
    #expect(plain.network.curlConfiguration == CurlDataLoader.Configuration(), "SPEC 9's defaults")
  }

  @Test("after --, every word is positional, even one starting with -")
  func doubleDashEndsOptions() throws {
    let batch = try P.command(
      ["batch", "--out", "o", "a.png", "--", "-odd.png", "--jobs", "--help"], as: Batch.self)
    #expect(batch.inputs == ["a.png", "-odd.png", "--jobs", "--help"])
    #expect(batch.jobs == nil)
    let analyze = try P.command(["analyze", "--json", "--", "-a.png"], as: Analyze.self)
    #expect(analyze.file == "-a.png" && analyze.json)
    let thumbnail = try P.command(
      ["thumbnail", "--size", "8", "-o", "t.png", "--", "-x.png"], as: ThumbnailCommand.self)
    #expect(thumbnail.file == "-x.png")
    #expect(try P.command(["analyze", "-"], as: Analyze.self).file == "-", "a lone - is a value")
  }

  @Test("a repeated option keeps its last value, as with ArgumentParser")
  func lastValueWins() throws {
    let batch = try P.command(
      ["batch", "a", "--out=first", "--jobs", "2", "--out", "second", "--jobs=5"], as: Batch.self)
    #expect(batch.outputDirectory == "second")
    #expect(batch.jobs == 5)
    #expect(P.usageError(["batch", "a", "--out", "o", "--jobs", "0", "--jobs", "2"]) == nil)
    #expect(P.usageError(["batch", "a", "--out", "o", "--jobs", "2", "--jobs", "0"]) != nil)
  }

  @Test(
    "a value that starts with - must be attached: --limit=-1 reaches the rule, --limit -1 has no value"
  )
  func dashValues() {
    let attached = P.usageError(["fetch", "--urls", "f", "--out", "o", "--limit=-1"])
    #expect(attached == "--limit and --offset must not be negative.")
    let separate = P.usageError(["fetch", "--urls", "f", "--out", "o", "--limit", "-1"])
    #expect(separate == "Missing value for '--limit <n>'")
  }

  @Test(
    "help and version are asked for at any level; help batch and batch --help are the same",
    arguments: [
      ([String](), "sprite-theme"), (["help"], "sprite-theme"), (["--help"], "sprite-theme"),
      (["-h"], "sprite-theme"), (["help", "paint"], "sprite-theme"),
      (["-h", "batch"], "sprite-theme"),
      (["help", "batch"], "sprite-theme batch"), (["batch", "--help"], "sprite-theme batch"),
      (["batch", "-h"], "sprite-theme batch"),
      (["batch", "a", "--bogus", "--help"], "sprite-theme batch"),
      (["help", "fetch"], "sprite-theme fetch"),
      (["fetch", "--version", "-h"], "sprite-theme fetch"),
    ])
  func helpRequests(arguments: [String], path: String) {
    #expect(P.helpRequested(arguments) == path)
  }

  @Test(
    "--version asks for the version",
    arguments: [["--version"], ["analyze", "--version"], ["--version", "batch"]])
  func versionRequests(arguments: [String]) {
    let outcome = P.outcome(arguments)
    #expect(outcome?.status == 0 && outcome?.message == SpriteThemeCommand.version)
  }

  @Test(
    "usage errors are rejected with their message, and exit 2", arguments: ParsingTests.rejected)
  func rejects(arguments: [String], message: String) {
    let outcome = P.outcome(arguments)
    #expect(outcome?.status == 2, "\(arguments)")
    #expect(P.usageError(arguments) == message, "\(arguments)")
    #expect(outcome?.message.contains("\nUsage: sprite-theme") == true, "the usage follows")
  }

  /// Command lines that must fail, with the first line of what they print.
  static let rejected: [([String], String)] = [
    // Missing arguments and values.
    (["analyze"], "Missing expected argument '<file>'"),
    (["batch", "--out", "o"], "Missing expected argument '<input> ...'"),
    (["batch", "a.png"], "Missing expected argument '--out <dir>' (or give --jsonl)."),
    (
      ["batch", "--jsonl", "a.png", "--out", "d"],
      "--out cannot be combined with --jsonl, which writes no files."
    ),
    (
      ["batch", "a.png", "--out", "d", "--shard", "2/2"],
      "The value '2/2' is invalid for '--shard <I/N>': The shard number I must be from 0 to 1 for N = 2, not 2."
    ),
    (["fetch", "--urls", "f"], "Missing expected argument '--out <dir>'"),
    (["thumbnail", "a.png", "--size", "32"], "Missing expected argument '--output <out.png>'"),
    (["thumbnail", "a.png", "-o", "t.png"], "Missing expected argument '--size <n>'"),
    (["batch", "a", "--out"], "Missing value for '--out <dir>'"),
    (["analyze", "a.png", "--extent="], "Missing value for '--extent <extent>'"),
    (["analyze", "a.png", "--extent", "--json"], "Missing value for '--extent <extent>'"),
    (["thumbnail", "a.png", "--size", "8", "-o"], "Missing value for '-o <out.png>'"),
    // Unknown options, also those of another subcommand, and stray words.
    (["analyze", "a.png", "--bogus"], "Unknown option '--bogus'"),
    (["analyze", "a.png", "-x"], "Unknown option '-x'"),
    (["analyze", "a.png", "-json"], "Unknown option '-json'. Did you mean '--json'?"),
    (["batch", "a", "--out", "o", "--pokeapi", "http://x"], "Unknown option '--pokeapi'"),
    (["thumbnail", "a.png", "--size", "8", "-o", "t.png", "--json"], "Unknown option '--json'"),
    (
      ["fetch", "--urls", "f", "--out", "o", "--jobs=2"],
      "Unknown option '--jobs'. Did you mean '--urls'?"
    ),
    (["--quiet"], "Unknown option '--quiet'"),
    (["analyze", "a.png", "b.png"], "Unexpected argument 'b.png'"),
    (["paint", "a.png"], "2 unexpected arguments: 'paint', 'a.png'"),
    (
      ["analyze", "a.png", "--json=1"],
      "The option '--json' does not take any value, but '1' was specified."
    ),
    // Values that do not convert.
    (
      ["analyze", "a.png", "--extent", "middle"],
      "The value 'middle' is invalid for '--extent <extent>'"
    ),
    (
      ["analyze", "a.png", "--palette-size", "1e3"],
      "The value '1e3' is invalid for '--palette-size <k>'"
    ),
    (
      ["thumbnail", "a.png", "--size", "3.5", "-o", "t.png"],
      "The value '3.5' is invalid for '--size <n>'"
    ),
    (["batch", "a", "--out", "o", "--jobs", "x"], "The value 'x' is invalid for '--jobs <n>'"),
    (
      ["analyze", "a.png", "--text", "bold"],
      "The value 'bold' is invalid for '--text <text>'. Please provide one of 'minimum' and 'opaque'."
    ),
    (
      ["fetch", "--urls", "f", "--out", "o", "--ttl", "abc"],
      "The value 'abc' is invalid for '--ttl <seconds>'"
    ),
    (
      ["thumbnail", "a.png", "--size", "32", "--filter", "bicubic", "-o", "t.png"],
      "The value 'bicubic' is invalid for '--filter <filter>'. Please provide one of 'area', 'nearest' or 'lanczos3'."
    ),
    (
      ["batch", "a", "--out", "o", "--thumbnails", "32,0"],
      "The value '32,0' is invalid for '--thumbnails <sizes>': Thumbnail sizes are whole numbers from 1 to 16384, not '0'."
    ),
    (
      ["fetch", "--urls", "f", "--out", "o", "--thumbnails=32,,96"],
      "The value '32,,96' is invalid for '--thumbnails <sizes>': Thumbnail sizes are whole numbers from 1 to 16384, not ''."
    ),
    // The commands' own rules.
    (["analyze", "a.png", "--max-pixels", "0"], "--max-pixels must be positive."),
    (
      ["analyze", "a.png", "--palette-size", "0"], "--palette-size must be between 1 and 64, not 0."
    ),
    (
      ["batch", "a", "--out", "o", "--palette-size", "65"],
      "--palette-size must be between 1 and 64, not 65."
    ),
    (
      ["thumbnail", "a.png", "--size", "0", "-o", "t.png"],
      "--size must be between 1 and 16384, not 0."
    ),
    (
      ["thumbnail", "a.png", "--size", "99999", "-o", "t.png"],
      "--size must be between 1 and 16384, not 99999."
    ),
    (["batch", "a", "--out", "o", "--jobs", "0"], "--jobs must be between 1 and 1024, not 0."),
    // Values that crashed (exit 132 and 134) before they were refused.
    (
      ["batch", "a", "--out", "o", "--jobs", "9223372036854775807"],
      "--jobs must be between 1 and 1024, not 9223372036854775807."
    ),
    (
      ["bench", "a", "--repeat", "999999999999"],
      "--repeat must be between 1 and 100000, not 999999999999."
    ),
    (["batch", "a", "--out", "o", "--max-memory", "0"], "--max-memory must be positive."),
    (
      ["batch", "a", "--out", "o", "--max-memory", "1.5G"],
      "The value '1.5G' is invalid for '--max-memory <bytes>'"
    ),
    (["batch", "-", "a", "-", "--out", "o"], "Standard input (-) can be read only once."),
    (
      ["batch", "a", "--out", "o", "--quiet", "--progress"],
      "--quiet and --progress exclude each other."
    ),
    (["fetch", "--out", "o"], "Give exactly one of --pokeapi and --urls."),
    (
      ["fetch", "--out", "o", "--pokeapi", "http://a", "--urls", "f"],
      "Give exactly one of --pokeapi and --urls."
    ),
    (
      ["fetch", "--out", "o", "--pokeapi", "ftp://a"],
      "--pokeapi must be an http or https URL, not 'ftp://a'."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--offset=-1"],
      "--limit and --offset must not be negative."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--download-only", "--thumbnails", "32"],
      "--thumbnails cannot be combined with --download-only."
    ),
    (
      ["batch", "a", "--out", "o", "--thumbnail-fit", "pad"], "--thumbnail-fit needs --thumbnails."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--thumbnail-fit=pad"],
      "--thumbnail-fit needs --thumbnails."
    ),
    (
      ["batch", "a", "--out", "o", "--thumbnails", "32", "--thumbnail-fit", "cover"],
      "The value 'cover' is invalid for '--thumbnail-fit <fit>'. Please provide one of 'contain' and 'pad'."
    ),
    (
      ["thumbnail", "a.png", "--size", "8", "--fit", "fill", "-o", "t.png"],
      "The value 'fill' is invalid for '--fit <fit>'. Please provide one of 'contain' and 'pad'."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--ttl=-1"],
      "--ttl must be between 0 and 1000000000 seconds, not -1.0."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--concurrency", "0"],
      "--concurrency must be between 1 and 64, not 0."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--concurrency", "65"],
      "--concurrency must be between 1 and 64, not 65."
    ),
    (["fetch", "--out", "o", "--urls", "f", "--retries=-1"], "--retries must not be negative."),
    (
      ["fetch", "--out", "o", "--urls", "f", "--timeout", "0"],
      "--timeout must be more than 0 and at most 1000000 seconds, not 0.0."
    ),
    // Values a Duration cannot hold were a crash (exit 132) before they were refused.
    (
      ["fetch", "--out", "o", "--urls", "f", "--timeout", "inf"],
      "--timeout must be more than 0 and at most 1000000 seconds, not inf."
    ),
    (
      ["batch", "--jsonl", "-", "--timeout", "1e16"],
      "--timeout must be more than 0 and at most 1000000 seconds, not 1e+16."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--connect-timeout", "nan"],
      "--connect-timeout must be more than 0 and at most 1000000 seconds, not nan."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--stall-timeout=-1"],
      "--stall-timeout must be more than 0 and at most 1000000 seconds, not -1.0."
    ),
    (
      ["fetch", "--out", "o", "--urls", "f", "--ttl", "inf"],
      "--ttl must be between 0 and 1000000000 seconds, not inf."
    ),
    (["fetch", "--out", "o", "--urls", "f", "--max-bytes", "0"], "--max-bytes must be positive."),
    (
      ["fetch", "--out", "o", "--urls", "f", "--quiet", "--progress"],
      "--quiet and --progress exclude each other."
    ),
    // The Material options and `scheme`.
    (["analyze", "a.png", "--contrast", "2"], "--contrast must be between -1 and 1, not 2."),
    (
      ["batch", "a", "--out", "o", "--contrast=-1.5"],
      "--contrast must be between -1 and 1, not -1.5."
    ),
    (
      ["fetch", "--urls", "f", "--out", "o", "--contrast", "nan"],
      "--contrast must be between -1 and 1, not nan."
    ),
    (
      ["analyze", "a.png", "--contrast", "high"],
      "The value 'high' is invalid for '--contrast <level>'"
    ),
    (["analyze", "a.png", "--contrast", "-1"], "Missing value for '--contrast <level>'"),
    (
      ["batch", "a", "--out", "o", "--variant", "pastel"],
      "The value 'pastel' is invalid for '--variant <variant>'. Please provide one of the following:"
    ),
    (["scheme"], "Missing expected argument '--source <hex>'"),
    (["scheme", "--source", "12"], "--source must be a colour as #RRGGBB or RRGGBB, not '12'."),
    (
      ["scheme", "--source", "0x123456"],
      "--source must be a colour as #RRGGBB or RRGGBB, not '0x123456'."
    ),
    (["scheme", "--source", "123456", "--contrast", "1"], "Unknown option '--contrast'"),
    (
      ["scheme", "--source", "123456", "--variant", "Vibrant"],
      "The value 'Vibrant' is invalid for '--variant <variant>'. Please provide one of the following:"
    ),
    // Groups are checked in declaration order, the command's own rules last (as before).
    (
      ["fetch", "--out", "o", "--max-pixels", "0", "--palette-size", "0"],
      "--max-pixels must be positive."
    ),
  ]

  @Test("a usage error reports Error, the argument's help, the usage and where to look")
  func usageReport() throws {
    let error = try #require(P.outcome(["thumbnail", "a.png", "--size", "x", "-o", "t.png"]))
    #expect(
      error.message.split(separator: "\n") == [
        "Error: The value 'x' is invalid for '--size <n>'",
        "Help:  --size <n>  Longest side of the thumbnail in pixels (1-16384).",
        "Usage: sprite-theme thumbnail <file> --size <n> [--filter <filter>] [--fit <fit>] --output <out.png> [--max-pixels <n>]",
        "  See 'sprite-theme thumbnail --help' for more information.",
      ])
    let rule = try #require(P.outcome(["fetch", "--out", "o"]))
    #expect(
      rule.message == """
        Error: Give exactly one of --pokeapi and --urls.
        Usage: sprite-theme fetch [<options>] --out <dir>
          See 'sprite-theme fetch --help' for more information.
        """)
    let root = try #require(P.outcome(["--bogus"]))
    #expect(
      root.message.hasSuffix(
        "Usage: sprite-theme <subcommand>\n  See 'sprite-theme --help' for more information."))
  }

  @Test("a usage error found while running (an unreadable URL list) shows its command's usage")
  func runtimeUsageReport() {
    let message = SpriteThemeCommand.message(
      reporting: ValidationError("Cannot read the URL list 'x'."), for: Fetch.self)
    #expect(
      message == """
        Error: Cannot read the URL list 'x'.
        Usage: sprite-theme fetch [<options>] --out <dir>
          See 'sprite-theme fetch --help' for more information.
        """)
  }

  @Test(
    "exit statuses: 2 for usage errors, 0 for help, an exit code's own value, 1 for anything else")
  func exitStatuses() {
    #expect(SpriteThemeCommand.exitStatus(for: ValidationError("x")) == 2)
    #expect(SpriteThemeCommand.exitStatus(for: CleanExit.helpRequest()) == 0)
    #expect(SpriteThemeCommand.exitStatus(for: ExitCode.inputFailed) == 1)
    #expect(SpriteThemeCommand.exitStatus(for: ExitCode.fatal) == 3)
    #expect(SpriteThemeCommand.exitStatus(for: ExitCode.interrupted) == 130)
    #expect(SpriteThemeCommand.exitStatus(for: CommandLineParsingFailure()) == 1)
  }

  @Test("the binary prints a usage error on standard error and exits 2")
  func binaryUsageError() async throws {
    let result = try await BuiltBinary.run(["thumbnail", "a.png", "--size", "0", "-o", "t.png"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        Error: --size must be between 1 and 16384, not 0.
        Usage: sprite-theme thumbnail <file> --size <n> [--filter <filter>] [--fit <fit>] --output <out.png> [--max-pixels <n>]
          See 'sprite-theme thumbnail --help' for more information.

        """)
  }
}

/// An error of no known kind.
struct CommandLineParsingFailure: Error {}
