import SpriteTheme
import SystemPackage

/// The order and names of a merged run: the rule that makes a merge equal a single `batch` run.
///
/// A single run lists its inputs in input order and names them in that order (``SpriteNamer``:
/// a repeated name gets `-2`, `-3`, …, failed inputs taking their name too). Shards keep no
/// trace of the order of the whole list, so the merge uses one of two:
/// - by default, the order of the sources' bytes (`LC_ALL=C sort`), which is the order `batch`
///   gives a folder's files, so a merge equals a single run over a folder, or over a list
///   sorted that way;
/// - with the list the shards were cut from, that list's order, which reproduces any single run.
///
/// Names are then given afresh in that order, so two shards' `bat` become `bat` and `bat-2` as
/// one run would name them.
enum MergeOrder {
  /// `records` in the order of a single run: by `list` when given, else by the bytes of their
  /// sources. An input listed k times is k inputs (k records, named apart), taken in the order
  /// the shards are given.
  ///
  /// - Throws: ``MergeError`` without `list` when a source is in two shards (they overlap);
  ///   with it, when the shards hold a source more often than the list does, or less (a shard
  ///   missing from the merge).
  static func ordered(
    _ records: [ShardRecord], list: [String]?
  ) throws(MergeError) -> [ShardRecord] {
    guard let list else {
      // Keys are bytes: Swift's String equality would tie `é` with `e` + U+0301, batch does not.
      var shardOf = [[UInt8]: String]()
      for record in records {
        if let other = shardOf.updateValue(record.shard, forKey: Array(record.source.utf8)),
          other != record.shard
        {
          throw MergeError(
            .shard,
            "\(record.shard): \(record.source) is in \(other) too; shards must not overlap "
              + "(give --list when the list repeats inputs)")
        }
      }
      let keys = records.map { Array($0.source.utf8) }
      return keys.indices.sorted {
        keys[$0] == keys[$1] ? $0 < $1 : keys[$0].lexicographicallyPrecedes(keys[$1])
      }.map { records[$0] }
    }
    var positions = [[UInt8]: [Int]]()
    for (n, line) in list.enumerated() { positions[Array(line.utf8), default: []].append(n) }
    var taken = [[UInt8]: Int]()
    var placed = [(position: Int, record: ShardRecord)]()
    for record in records {
      let key = Array(record.source.utf8)
      let next = taken[key, default: 0]
      guard let all = positions[key] else {
        throw MergeError(.shard, "\(record.shard): \(record.source) is not in the input list")
      }
      guard next < all.count else {
        throw MergeError(
          .shard,
          "\(record.shard): \(record.source) is in the shards more often than in the input list "
            + "(\(all.count)); shards must not overlap")
      }
      taken[key] = next + 1
      placed.append((all[next], record))
    }
    if let missing = list.first(where: {
      taken[Array($0.utf8), default: 0] < positions[Array($0.utf8), default: []].count
    }) {
      throw MergeError(.shard, "\(missing) is in the input list but in no shard")
    }
    return placed.sorted { $0.position < $1.position }.map(\.record)
  }

  /// The output name of each of `records`, in order, as a single run gives them.
  static func names(of records: [ShardRecord]) -> [String] {
    var namer = SpriteNamer()
    return records.map { namer.uniqueName(for: $0.rawName) }
  }

  /// The sources of an input list as `batch -` reads them: one per line, spaces around it
  /// trimmed, empty lines skipped, a path as the index records it (`FilePath`'s form).
  static func sources(ofList text: String) -> [String] {
    text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .map { $0.trimmingCharacters(in: " \t\r") }
      .filter { !$0.isEmpty }
      .map { $0.contains("://") ? $0 : FilePath($0).string }
  }
}

extension Substring {
  /// The text without `characters` at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    guard let first = firstIndex(where: { !set.contains($0) }),
      let last = lastIndex(where: { !set.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
