import ArgumentParser
import SpriteFiles
import SpriteMerge
import SpriteTheme
import SystemPackage

/// `sprite-theme merge SHARD... --out DIR`: the outputs of shards joined into one output
/// directory, as a single run writes it (SPEC section 14).
struct Merge: ParsableCommand {
  /// `merge`'s name and help texts.
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join the outputs of shards into one output directory with one index.json.",
    discussion: """
      Each shard is an output directory of batch or fetch (index.json, themes/, thumbs/) or a \
      JSON-lines file as batch --jsonl writes it. The merged directory is byte for byte what \
      one batch run over the whole list writes: the same theme files, thumbnails and \
      index.json, entries and errors in the single run's order, a name two shards both gave \
      numbered -2, -3, … as one run numbers it.

      Shards do not record the order of the list they were cut from. Without --list, inputs \
      are ordered by the bytes of their paths (or URLs), the order batch gives a folder's \
      files, so the merge equals one run over a folder or over a list sorted with LC_ALL=C \
      sort. With --list, the list the shards were cut from, its order is used and every input \
      of it must be in exactly one shard.

      Shards are read and checked before anything is written; files are written atomically, \
      index.json last. The shards must have been made with the same options: an output \
      directory records its run in index.json ("run": the options and --shard I/N), and other \
      options, two shards with the same I or a shard of the split missing are errors. JSON \
      lines record no run: their themes' extent, contrast level and spec are compared, and a missing \
      input is found with --list.

      Exit codes: 0 merged, every input done; 1 merged, some inputs had failed in their shard \
      (listed in index.json), or a shard is unreadable or inconsistent (nothing written); 2 \
      usage error (such as --out being a shard); 3 the output cannot be written.
      """)

  /// The shards: output directories and JSON-lines files.
  @Argument(
    help: ArgumentHelp(
      "Output directories of batch or fetch, or JSON-lines files of batch --jsonl.",
      valueName: "shard"))
  var shards: [PathArgument]

  /// Where the merged directory goes.
  @Option(
    name: .customLong("out"), help: ArgumentHelp("The output directory.", valueName: "dir"),
    completion: .directory)
  var outputDirectory: PathArgument

  /// The list the shards were cut from, for its order; `nil` for the order of source bytes.
  @Option(
    name: .customLong("list"),
    help: ArgumentHelp(
      "The input list the shards were cut from (one input per line), to keep its order.",
      valueName: "file"))
  var list: PathArgument?

  /// Whether to leave out the summary line.
  @Flag(name: .shortAndLong, help: "Print nothing but errors.")
  var quiet = false

  /// Writes the merged directory; exit 1 for failed inputs or a bad shard, 2 when the output
  /// is a shard, 3 when the output cannot be written.
  func run() throws {
    var order: [String]?
    if let list {
      let bytes: [UInt8]
      do {
        bytes = try RegularFile.read(list.path)
      } catch {
        throw ValidationError("--list \(list): cannot read the file (\(error.reason)).")
      }
      order = ShardMerge.sources(ofList: String(decoding: bytes, as: UTF8.self))
    }
    let merge = ShardMerge(
      shards: shards.map(\.path), output: outputDirectory.path, list: order)
    let index: BatchIndex
    do throws(MergeError) {
      index = try merge.run()
    } catch {
      switch error.kind {
      case .usage: throw ValidationError(error.message)
      case .shard:
        Diagnostics.error(error.message)
        throw ExitCode.inputFailed
      case .output:
        Diagnostics.error(error.message)
        throw ExitCode.fatal
      }
    }
    try OutputRun.finish(
      index: index, interrupted: false, interruption: "",
      summary: "\(counted(index.entries.count, "theme")) from \(counted(shards.count, "shard")) "
        + "merged into \(outputDirectory), "
        + "\(index.errors.count) failed.",
      quiet: quiet)
  }
}
