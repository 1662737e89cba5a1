import SpriteTheme
import SystemPackage

/// One input as a shard recorded it: a theme (where its document and thumbnails are) or a
/// failure. Only what ordering, naming and the index need is held; a theme document is read
/// again when it is written, so a merge of many shards holds no document for long.
struct ShardRecord: Sendable {
  /// Where a theme document is.
  enum Location: Sendable {
    /// A theme file of an output directory, and the name that shard gave the sprite.
    case themeFile(FilePath, name: String)
    /// A line of a JSON-lines file: its byte offset and length (without the line feed).
    case line(FilePath, offset: Int, length: Int)
  }

  /// What became of the input.
  enum Outcome: Sendable {
    /// A theme was made: where its document is, its index colours and its thumbnails
    /// (each size with the file the shard wrote).
    case theme(Location, colors: BatchIndex.EntryColors, thumbnails: [Thumbnail])
    /// The input failed at `stage` for `message`.
    case failure(stage: String, message: String)
  }

  /// One thumbnail a shard wrote: its size (the longest side asked for) and its file.
  struct Thumbnail: Sendable, Equatable {
    /// The size in `thumbs/<name>-<size>.png`.
    var size: Int
    /// The PNG file in the shard.
    var file: FilePath
  }

  /// The input as given (the index's `source`: a path, or a URL).
  var source: String
  /// The name before sanitising and numbering (the theme's `source.name`), as `batch` derives it.
  var rawName: String
  /// The shard as given on the command line, for messages.
  var shard: String
  /// What became of the input.
  var outcome: Outcome
  /// The options its theme shows (``ShardReader/visibleOptions(of:)``); nil for a failure.
  var options: String? = nil

  /// The thumbnail sizes of the theme, in order; empty for a failure.
  var thumbnailSizes: [Int]? {
    if case .theme(_, _, let thumbnails) = outcome { return thumbnails.map(\.size) }
    return nil
  }
}
