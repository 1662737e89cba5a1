import Foundation
import SpriteFiles
import SpriteTheme
import SystemPackage

/// Joins the outputs of shards into one output directory, byte for byte what a single `batch`
/// run over the whole list writes (SPEC sections 8 and 14): `themes/<name>.json`,
/// `thumbs/<name>-<size>.png` and one `index.json`.
///
/// The shards are read and checked first (``ShardReader``); the order and names are those of a
/// single run (``MergeOrder``). A theme keeping its shard's name is copied as it is; a renamed
/// one (a name two shards both gave) is written again with its thumbnails' new paths, and a
/// theme from a JSON line is written in the file layout. Every file is written atomically and
/// `index.json` last, so a merge that stops leaves no index. The engine's run records
/// (`.spritetheme-state.tsv`) are not merged: a later `batch` into the directory redoes its
/// sprites once.
///
/// ```swift
/// let index = try ShardMerge(shards: ["part-0", "part-1.jsonl"], output: "out").run()
/// ```
public struct ShardMerge: Sendable {
  /// The shards as given: output directories and JSON-lines files.
  public var shards: [FilePath]
  /// The output directory; created with its parents when missing.
  public var output: FilePath
  /// The input list the shards were cut from, one source per line; nil to order by source bytes.
  public var list: [String]?

  /// Creates a merge of `shards` into `output`, ordered by `list` when given.
  public init(shards: [FilePath], output: FilePath, list: [String]? = nil) {
    self.shards = shards
    self.output = output
    self.list = list
  }

  /// The sources of an input list's text, one per line, as ``list`` takes them.
  public static func sources(ofList text: String) -> [String] {
    MergeOrder.sources(ofList: text)
  }

  /// Reads the shards, writes the merged directory and returns its index.
  ///
  /// - Throws: ``MergeError``: `.usage` when the output is one of the shards, `.shard` when a
  ///   shard is unreadable or disagrees with another (nothing written), `.output` when a file
  ///   cannot be written.
  public func run() throws(MergeError) -> BatchIndex {
    try refuseOutputAmongShards()
    try refuseRepeatedShards()
    var reader = ShardReader()
    for shard in shards { try reader.read(shard) }
    let run = try reader.runs.merged(lineFilesGiven: reader.readLineFiles)
    try Self.checkThumbnailSizes(reader.records)
    try Self.checkVisibleOptions(reader.records)
    let records = try MergeOrder.ordered(reader.records, list: list)
    let names = MergeOrder.names(of: records)

    let thumbnails = records.contains { !($0.thumbnailSizes ?? []).isEmpty }
    try makeFolder(output)
    try makeFolder(output.appending("themes"))
    if thumbnails { try makeFolder(output.appending("thumbs")) }

    var index = BatchIndex(entries: [], errors: [], skipped: reader.skipped, run: run)
    for (record, name) in zip(records, names) {
      switch record.outcome {
      case .failure(let stage, let message):
        index.errors.append(
          BatchIndex.Failure(source: record.source, stage: stage, message: message))
      case .theme(let location, let colors, let files):
        for file in files {
          try write(
            read(file.file, limit: ShardFiles.thumbnailLimit),
            to: output.appending("thumbs/\(name)-\(file.size).png"))
        }
        try write(
          themeBytes(at: location, name: name, shard: record.shard),
          to: output.appending("themes/\(name).json"))
        index.entries.append(
          BatchIndex.Entry(
            name: name, source: record.source, theme: "themes/\(name).json", colors: colors))
      }
    }
    index.count = index.entries.count + index.errors.count
    try write(ThemeEncoder.encode(index), to: output.appending("index.json"))
    return index
  }

  /// The theme file's bytes for the sprite now called `name`.
  private func themeBytes(
    at location: ShardRecord.Location, name: String, shard: String
  ) throws(MergeError) -> [UInt8] {
    switch location {
    case .themeFile(let path, let oldName):
      let bytes = try read(path)
      if oldName == name { return bytes }
      var theme = try decode(bytes, at: path.readable)
      guard ThemeEncoder.encode(theme) == bytes else {
        throw MergeError(.shard, "\(path.readable): not as this version writes a theme file")
      }
      theme.thumbnails = theme.thumbnails.map { file in
        var file = file
        let size = ShardReader.size(ofThumbnail: file.path, name: oldName) ?? 0
        file.path = "thumbs/\(name)-\(size).png"
        return file
      }
      return ThemeEncoder.encode(theme)
    case .line(let path, let offset, let length):
      let place = "\(shard) at byte \(offset)"
      let bytes: [UInt8]
      do throws(ShardFileError) {
        bytes = try ShardFiles.read(path, offset: offset, length: length)
      } catch {
        throw MergeError(.shard, "\(place): cannot read: \(error.reason)")
      }
      return ThemeEncoder.encode(try decode(bytes, at: place))
    }
  }

  /// The theme in `bytes`, or the error naming `place`.
  private func decode(_ bytes: [UInt8], at place: String) throws(MergeError) -> Theme {
    do {
      return try JSONDecoder().decode(Theme.self, from: Data(bytes))
    } catch {
      throw MergeError(.shard, "\(place): not a theme document (it changed while it was merged)")
    }
  }

  /// The bytes of a shard's own file (not through a link), at most `limit`.
  private func read(_ path: FilePath, limit: Int = ShardFiles.themeLimit) throws(MergeError)
    -> [UInt8]
  {
    do throws(ShardFileError) {
      return try ShardFiles.read(path, limit: limit, inside: true)
    } catch {
      throw MergeError(.shard, "\(path.readable): cannot read: \(error.reason)")
    }
  }

  /// Writes `bytes` as `path`, atomically.
  private func write(_ bytes: [UInt8], to path: FilePath) throws(MergeError) {
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw MergeError(.output, "\(path.readable): cannot write: \(error.description)")
    }
  }

  /// Creates `folder` with its parents; an existing folder is fine.
  private func makeFolder(_ folder: FilePath) throws(MergeError) {
    do throws(ShardFileError) {
      try ShardFiles.makeFolder(folder)
    } catch {
      throw MergeError(.output, "\(folder.readable): cannot write: \(error.reason)")
    }
  }

  /// Refuses an output that is one of the shards (the same file or folder under any path).
  private func refuseOutputAmongShards() throws(MergeError) {
    guard let out = Self.identity(output) else { return }
    for shard in shards where Self.identity(shard) == out {
      throw MergeError(
        .usage, "--out \(output.readable) is the shard \(shard.readable); choose another folder")
    }
  }

  /// Refuses a shard given twice (the same file or folder under any path): its themes would be
  /// merged twice, under `-2` names.
  private func refuseRepeatedShards() throws(MergeError) {
    var seen = [[UInt64]: FilePath]()
    for shard in shards {
      guard let identity = Self.identity(shard) else { continue }
      if let first = seen[identity] {
        throw MergeError(
          .usage, "the shard \(shard.readable) is given twice (as \(first.readable) too)")
      }
      seen[identity] = shard
    }
  }

  /// The device and inode of `path`, or nil when there is nothing there.
  private static func identity(_ path: FilePath) -> [UInt64]? {
    guard let info = try? path.stat() else { return nil }
    return [
      UInt64(truncatingIfNeeded: info.deviceID.rawValue),
      UInt64(truncatingIfNeeded: info.inode.rawValue),
    ]
  }

  /// Refuses themes that show different options (``ShardReader/visibleOptions(of:)``): the one
  /// check JSON lines, which record no run, allow.
  private static func checkVisibleOptions(_ records: [ShardRecord]) throws(MergeError) {
    guard let first = records.first(where: { $0.options != nil }), let expected = first.options
    else { return }
    for record in records {
      guard let options = record.options, options != expected else { continue }
      let (mine, theirs) = ShardRuns.firstDifference(options, expected)
      throw MergeError(
        .shard,
        "\(record.shard): \(record.source) was made with \(mine), but \(first.source) in "
          + "\(first.shard) with \(theirs); shards must be made with the same options")
    }
  }

  /// Refuses shards whose themes have different thumbnail sizes: they were not one run's
  /// options, so no single run gives their merge.
  private static func checkThumbnailSizes(_ records: [ShardRecord]) throws(MergeError) {
    var first: (sizes: [Int], record: ShardRecord)?
    for record in records {
      guard let sizes = record.thumbnailSizes else { continue }
      guard let expected = first else {
        first = (sizes, record)
        continue
      }
      if sizes != expected.sizes {
        let words = { (sizes: [Int]) in
          sizes.isEmpty ? "none" : sizes.map(String.init).joined(separator: ",")
        }
        throw MergeError(
          .shard,
          "\(record.shard): \(record.source) has thumbnails \(words(sizes)), but "
            + "\(expected.record.source) in \(expected.record.shard) has \(words(expected.sizes)); "
            + "shards must be made with the same options")
      }
    }
  }
}
