import SpriteShard
import SpriteTheme

/// The runs that made a merge's shards, checked to belong together (SPEC section 14): one
/// run's options, and, for shards cut with `--shard I/N`, one split with every shard present
/// once.
///
/// An output directory records its run in `index.json` (``BatchIndex/Run``). A JSON-lines file
/// records none; its themes show only part of the options (the extent, the contrast level and
/// the Material spec, compared through ``ShardRecord/options``), and a split's missing shard can then be found only
/// with `--list`.
struct ShardRuns {
  /// A directory shard's run, as its index records it.
  private struct Member {
    /// The shard as given on the command line, for messages.
    var shard: String
    /// Its run's options.
    var options: String
    /// Its place in a split, or nil for a whole list.
    var split: Shard?
  }

  /// The directory shards read so far, in the order given.
  private var members = [Member]()

  /// Adds the run of the directory `shard`, whose index is `indexPath`.
  ///
  /// - Throws: ``MergeError`` when the index records no run (an older version, or downloads
  ///   alone) or a shard that is not `I/N`.
  mutating func add(_ run: BatchIndex.Run?, shard: String, indexPath: String) throws(MergeError) {
    guard let run else {
      throw MergeError(
        .shard,
        "\(indexPath): records no run (written by an older sprite-theme, or by fetch "
          + "--download-only); make that shard again with this version")
    }
    var split: Shard?
    if let text = run.shard {
      do {
        split = try Shard(parsing: text)
      } catch {
        throw MergeError(.shard, "\(indexPath): records the shard \"\(text)\", not I/N")
      }
    }
    members.append(Member(shard: shard, options: run.options, split: split))
  }

  /// Checks the runs added and returns the run the merged index records: their options, for
  /// the whole list; nil when no directory was given.
  ///
  /// - Parameter lineFilesGiven: whether JSON-lines files are merged too; they may hold a
  ///   split's other shards, so a missing one is not an error then.
  /// - Throws: ``MergeError`` when two directories were made with different options, when
  ///   shards of a split disagree on N or repeat an I, or when one of the split is missing.
  func merged(lineFilesGiven: Bool) throws(MergeError) -> BatchIndex.Run? {
    guard let first = members.first else { return nil }
    for member in members.dropFirst() where member.options != first.options {
      let (mine, theirs) = Self.firstDifference(member.options, first.options)
      throw MergeError(
        .shard,
        "\(member.shard): made with \(mine), but \(first.shard) with \(theirs); shards must be "
          + "made with the same options")
    }
    let split = members.filter { $0.split != nil }
    guard let model = split.first, let modelShard = model.split else {
      return BatchIndex.Run(options: first.options, shard: nil)
    }
    let count = modelShard.count
    var seen = [UInt64: String]()
    for member in split {
      guard let shard = member.split else { continue }
      guard shard.count == count else {
        throw MergeError(
          .shard,
          "\(member.shard): is shard \(shard), but \(model.shard) is shard \(modelShard); "
            + "the shards of one split have the same N")
      }
      if let other = seen.updateValue(member.shard, forKey: shard.index) {
        throw MergeError(.shard, "\(member.shard) and \(other) are both shard \(shard)")
      }
    }
    if !lineFilesGiven, let missing = (0..<count).first(where: { seen[$0] == nil }) {
      let given = seen.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
      throw MergeError(
        .shard, "shard \(missing)/\(count) is missing (given: \(given)); merge every shard")
    }
    return BatchIndex.Run(options: first.options, shard: nil)
  }

  /// The first field (space-separated) where `a` and `b` differ, from each; the whole texts
  /// when they differ only in length.
  static func firstDifference(_ a: String, _ b: String) -> (String, String) {
    let left = a.split(separator: " ")
    let right = b.split(separator: " ")
    for (x, y) in zip(left, right) where x != y { return (String(x), String(y)) }
    return (a, b)
  }
}
