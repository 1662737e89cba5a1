import Foundation
import SpriteFiles
import SpriteTheme
import SystemPackage

/// Reads the shards of a merge (SPEC section 14): output directories of `batch` or `fetch`
/// (`index.json`, `themes/`, `thumbs/`) and JSON-lines files as `batch --jsonl` writes them (a
/// theme document, or `{"input", "error": {"stage", "message"}}`, per line).
///
/// Every theme is parsed and checked against its index entry here, before anything is written,
/// so a shard that is unreadable or inconsistent stops the merge with nothing half-done.
struct ShardReader {
  /// The records read so far, shard after shard, each in its shard's order.
  private(set) var records = [ShardRecord]()
  /// The entries the shards' producers skipped on purpose (`fetch` only).
  private(set) var skipped = [BatchIndex.Skip]()
  /// The runs the directory shards record.
  private(set) var runs = ShardRuns()
  /// Whether a JSON-lines file was read.
  private(set) var readLineFiles = false

  /// Reads `shard`: a folder is an output directory, anything else a JSON-lines file.
  mutating func read(_ shard: FilePath) throws(MergeError) {
    let type: FileType
    do {
      type = try shard.stat().type
    } catch {
      throw MergeError(.shard, "\(shard.readable): cannot read: \(ShardFiles.reason(error))")
    }
    if type == .directory { try readDirectory(shard) } else { try readLines(shard) }
  }

  /// The error for `file` of a shard: unreadable or inconsistent for `reason`.
  private func failure(_ file: String, _ reason: String) -> MergeError {
    MergeError(.shard, "\(file): \(reason)")
  }

  /// The bytes of `path`, or the error naming it.
  private func contents(
    of path: FilePath, limit: Int = .max, inside: Bool = false
  ) throws(MergeError) -> Data {
    do throws(ShardFileError) {
      return Data(try ShardFiles.read(path, limit: limit, inside: inside))
    } catch {
      throw failure(path.readable, "cannot read: \(error.reason)")
    }
  }

  /// Reads an output directory: its index, then every theme file and thumbnail it names.
  private mutating func readDirectory(_ folder: FilePath) throws(MergeError) {
    let shard = folder.readable
    let indexFile = folder.appending("index.json")
    let indexPath = indexFile.readable
    let index: BatchIndex
    do {
      index = try JSONDecoder().decode(
        BatchIndex.self, from: try contents(of: indexFile, inside: true))
    } catch let error as MergeError {
      throw error
    } catch {
      throw failure(indexPath, "not an index.json: \(Self.describe(error))")
    }
    guard index.schema == BatchIndex.schemaIdentifier else {
      throw failure(indexPath, "schema \(index.schema), expected \(BatchIndex.schemaIdentifier)")
    }
    try runs.add(index.run, shard: shard, indexPath: indexPath)
    for entry in index.entries {
      let expected = "themes/\(entry.name).json"
      guard entry.theme == expected, SpriteNamer.sanitise(entry.name) == entry.name else {
        throw failure(indexPath, "entry \(entry.source) names \(entry.theme), not a theme file")
      }
      let themePath = folder.appending(expected)
      let theme = try decodeTheme(
        contents(of: themePath, limit: ShardFiles.themeLimit, inside: true),
        at: themePath.readable)
      guard Self.source(of: theme) == entry.source else {
        throw failure(
          themePath.readable, "is the theme of \(Self.source(of: theme)), not of \(entry.source)")
      }
      var thumbnails = [ShardRecord.Thumbnail]()
      for file in theme.thumbnails {
        guard let size = Self.size(ofThumbnail: file.path, name: entry.name) else {
          throw failure(themePath.readable, "lists a thumbnail \(file.path) not named after it")
        }
        let path = folder.appending(file.path)
        // Checked whole now (a regular file in the shard, not a link, bounded, a PNG), and
        // read again, as bounded, when it is copied.
        let png = try contents(of: path, limit: ShardFiles.thumbnailLimit, inside: true)
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
          throw failure(path.readable, "is not a PNG file")
        }
        thumbnails.append(ShardRecord.Thumbnail(size: size, file: path))
      }
      records.append(
        ShardRecord(
          source: entry.source, rawName: theme.source.name, shard: shard,
          outcome: .theme(
            .themeFile(themePath, name: entry.name), colors: BatchIndex.EntryColors(theme: theme),
            thumbnails: thumbnails),
          options: Self.visibleOptions(of: theme)))
    }
    for error in index.errors {
      records.append(Self.failureRecord(error.source, error.stage, error.message, shard: shard))
    }
    skipped.append(contentsOf: index.skipped)
  }

  /// Reads a JSON-lines file, line by line, keeping where each theme's line is.
  private mutating func readLines(_ path: FilePath) throws(MergeError) {
    let shard = path.readable
    readLineFiles = true
    let bytes = try contents(of: path)
    var lineNumber = 0
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
      lineNumber += 1
      let line = bytes[start..<end]
      defer { start = end + 1 }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      let place = "\(shard) line \(lineNumber)"
      let probe: ErrorLine
      do {
        probe = try JSONDecoder().decode(ErrorLine.self, from: line)
      } catch {
        throw failure(place, "not a JSON document: \(Self.describe(error))")
      }
      if let error = probe.error {
        guard let input = probe.input else { throw failure(place, "an error line without input") }
        records.append(Self.failureRecord(input, error.stage, error.message, shard: shard))
        continue
      }
      let theme = try decodeTheme(line, at: place)
      guard theme.thumbnails.isEmpty else {
        throw failure(place, "lists thumbnails, which a JSON line cannot carry")
      }
      records.append(
        ShardRecord(
          source: Self.source(of: theme), rawName: theme.source.name, shard: shard,
          outcome: .theme(
            .line(path, offset: start - bytes.startIndex, length: line.count),
            colors: BatchIndex.EntryColors(theme: theme), thumbnails: []),
          options: Self.visibleOptions(of: theme)))
    }
  }

  /// The theme in `data`, or the error naming `place`.
  private func decodeTheme(_ data: Data, at place: String) throws(MergeError) -> Theme {
    let theme: Theme
    do {
      theme = try JSONDecoder().decode(Theme.self, from: data)
    } catch {
      throw failure(place, "not a theme document: \(Self.describe(error))")
    }
    guard theme.schema == Theme.schemaIdentifier else {
      throw failure(place, "schema \(theme.schema), expected \(Theme.schemaIdentifier)")
    }
    return theme
  }

  /// The record of an input that failed; named as `batch` names it, after the path.
  private static func failureRecord(
    _ source: String, _ stage: String, _ message: String, shard: String
  ) -> ShardRecord {
    ShardRecord(
      source: source, rawName: ThemeSource.file(FilePath(source)).name, shard: shard,
      outcome: .failure(stage: stage, message: message))
  }

  /// The options a theme shows whatever produced it: the extent's name and the Material
  /// contrast level and spec (`extent=centre contrast=0.0 spec=2021`), compared between all the
  /// themes of a merge.
  static func visibleOptions(of theme: Theme) -> String {
    let contrast = theme.material.map { "\($0.contrastLevel)" } ?? "-"
    let spec = theme.material?.spec ?? "-"
    return "extent=\(theme.average.extent.name) contrast=\(contrast) spec=\(spec)"
  }

  /// What the index records as a theme's source: its path, else its URL.
  static func source(of theme: Theme) -> String {
    theme.source.path ?? theme.source.url ?? theme.source.name
  }

  /// The size in `thumbs/<name>-<size>.png`, or nil when `path` is not of that form.
  static func size(ofThumbnail path: String, name: String) -> Int? {
    let prefix = "thumbs/\(name)-"
    guard path.hasPrefix(prefix), path.hasSuffix(".png") else { return nil }
    let digits = path.dropFirst(prefix.count).dropLast(4)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let size = Int(digits), size > 0 else {
      return nil
    }
    return size
  }

  /// A decoding error in one short clause.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" "
        + context.debugDescription.prefix(80).lowercased()
    case DecodingError.dataCorrupted(let context): context.debugDescription
    default: "\(error)"
    }
  }
}

/// The members of a JSON line that tell an error line from a theme.
private struct ErrorLine: Decodable {
  /// What failed.
  struct Failure: Decodable {
    /// The stage that failed.
    var stage: String
    /// Why.
    var message: String
  }

  /// The input as given; only error lines have it.
  var input: String?
  /// The failure; nil for a theme line.
  var error: Failure?
}
