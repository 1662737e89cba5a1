import SpriteFiles
import Synchronization
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a sprite's files were made from, so that a re-run can keep files that are up to date.
///
/// `key` is the SHA-256 of everything the files depend on: the record format, the run's options
/// (pipeline configuration and thumbnail sizes), the source as the theme records it, and the
/// digest of the source bytes. `theme` and `thumbnails` are digests of the files as written, so
/// a file changed or removed since is noticed. Any difference redoes the sprite: a record can
/// make a run do more work than needed, never keep a file that is out of date.
package struct RunRecord: Sendable, Equatable {
  /// The sprite's output name.
  package var name: String
  /// The digest of what the files were made from.
  var key: String
  /// The digest of the theme file.
  var theme: String
  /// The digest of the thumbnails, in size order.
  var thumbnails: String
  /// The index entry's colours, so a kept sprite's entry needs no theme file read.
  var colors: BatchIndex.EntryColors

  /// The index entry's `average`.
  var average: String? { colors.average }
  /// The index entry's `dominant`.
  var dominant: String? { colors.dominant }

  /// One line: name, key and digests, then the 12 ``BatchIndex/EntryColors`` fields, then the
  /// line's check (the first 16 hex digits of the SHA-256 of the fields before it, tabs
  /// included), separated by tabs (`-` for a missing colour), ending in a line feed. The check
  /// makes a torn or edited line (a full disk, a hand) fail to read, so its sprite is redone
  /// rather than its colours copied into `index.json`.
  package var line: String {
    var bytes = [UInt8]()
    appendLine(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``line``'s bytes to `bytes`, field by field, with no `String` made for the line.
  func appendLine(to bytes: inout [UInt8]) {
    func append(_ field: String?) {
      var field = field ?? "-"
      field.withUTF8 { bytes.append(contentsOf: $0) }
      bytes.append(UInt8(ascii: "\t"))
    }
    let start = bytes.count
    append(name)
    append(key)
    append(theme)
    append(thumbnails)
    colors.forEachField(append)
    bytes.append(contentsOf: Self.check(of: bytes[start...]).utf8)
    bytes.append(UInt8(ascii: "\n"))
  }

  /// The check of a line's fields (with the tab after the last): 16 hex digits of their SHA-256.
  static func check(of fields: ArraySlice<UInt8>) -> Substring {
    SHA256Hex.of(Array(fields)).prefix(16)
  }

  /// Reads a line of ``line``'s form (without its line feed); nil for anything else, such as
  /// the cut-off last line of a killed run, a line whose check fails or one of an older format.
  package init?(line: Substring) {
    let bytes = Array(line.utf8)
    guard let lastTab = bytes.lastIndex(of: UInt8(ascii: "\t")),
      Self.check(of: bytes[...lastTab]).utf8.elementsEqual(bytes[(lastTab + 1)...])
    else { return nil }
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
    guard fields.count == 16, fields[1...3].allSatisfy({ $0.count == 64 }),
      let colors = BatchIndex.EntryColors(fields: fields[4...].map { $0 == "-" ? nil : $0 })
    else { return nil }
    self.init(
      name: fields[0], key: fields[1], theme: fields[2], thumbnails: fields[3], colors: colors)
  }

  /// Creates a record.
  init(
    name: String, key: String, theme: String, thumbnails: String, colors: BatchIndex.EntryColors
  ) {
    self.name = name
    self.key = key
    self.theme = theme
    self.thumbnails = thumbnails
    self.colors = colors
  }

  /// Creates a record whose entry has only the average and dominant colours.
  init(
    name: String, key: String, theme: String, thumbnails: String, average: String?,
    dominant: String?
  ) {
    self.init(
      name: name, key: key, theme: theme, thumbnails: thumbnails,
      colors: BatchIndex.EntryColors(average: average, dominant: dominant))
  }

  /// The digest of several files' bytes, each preceded by its length.
  static func digest(of files: [[UInt8]]) -> String {
    var digest = FieldDigest()
    for file in files { digest.add(file) }
    return digest.hex
  }
}

/// The records of an output directory, kept in `.spritetheme-state.tsv`: read when a run starts,
/// appended to as sprites' files are written (so a killed run keeps most of what it did), and
/// rewritten with the run's records alone when a run completes.
///
/// Records are appended in batches, at most ``batchSize`` lines or ``batchInterval`` apart, one
/// write each: a line per sprite made a write per sprite. A killed run loses the records of its
/// last batch, and the next run redoes those sprites; it never keeps a file without its record.
package final class RunRecords: Sendable {
  /// The file's name in the output directory.
  static let fileName = ".spritetheme-state.tsv"

  /// The most records held before they are written.
  static let batchSize = 64
  /// The longest time a record is held before it is written.
  static let batchInterval = Duration.seconds(1)

  /// The records found when the run started, by name (the last line for a name wins).
  let previous: [String: RunRecord]
  private let path: FilePath
  private let journal: Mutex<Journal>

  /// The open file and the lines not yet written to it.
  private struct Journal {
    /// The file, open for appending; nil once replaced.
    var file: FileDescriptor?
    /// The lines held back, in the order they were appended.
    var pending = [UInt8]()
    /// How many lines `pending` holds.
    var pendingCount = 0
    /// When `pending` was last written.
    var written = ContinuousClock.now
  }

  /// Reads the records of `directory` and opens the file for appending.
  ///
  /// - Throws: ``ThemeEngine/Fatal`` when the file cannot be opened for writing.
  init(directory: FilePath) throws(ThemeEngine.Fatal) {
    path = directory.appending(Self.fileName)
    previous = Self.read(path)
    do {
      journal = Mutex(
        Journal(
          file: try FileDescriptor.open(
            path, .writeOnly, options: [.create, .append, .closeOnExec, .noFollow],
            permissions: [.ownerReadWrite, .groupRead, .otherRead])))
    } catch {
      throw ThemeEngine.Fatal(path: path.readable, reason: (error as? Errno)?.reason ?? "\(error)")
    }
  }

  deinit {
    journal.withLock { try? $0.file?.close() }
  }

  /// The records in the state file at `path`, read a line at a time: none when it is missing,
  /// not a regular file or a link (`O_NOFOLLOW`), and no line longer than
  /// ``LineReader/maxLength`` is kept, so a hostile file costs no more memory than its records.
  package static func read(_ path: FilePath) -> [String: RunRecord] {
    var records = [String: RunRecord]()
    guard
      let file = try? FileDescriptor.open(
        path, .readOnly, options: [.nonBlocking, .closeOnExec, .noFollow])
    else { return records }
    defer { try? file.close() }
    guard (try? file.stat().type) == .regular else { return records }
    var reader = LineReader(file)
    while let line = try? reader.next() {
      if case .text(let bytes) = line { add(bytes, to: &records) }
    }
    return records
  }

  /// The records in a state file's `bytes`, read as a run reads the file: lines longer than
  /// ``LineReader/maxLength`` and lines that are not records are skipped, and the last line
  /// for a name wins. The state file's fuzz target calls this.
  package static func records(in bytes: [UInt8]) -> [String: RunRecord] {
    var records = [String: RunRecord]()
    for line in bytes.split(separator: 0x0A) where line.count <= LineReader.maxLength {
      add(Array(line), to: &records)
    }
    return records
  }

  /// Adds the record of one line's `bytes` (without its line feed) to `records`, if it is one.
  private static func add(_ bytes: [UInt8], to records: inout [String: RunRecord]) {
    if let record = RunRecord(line: Substring(String(decoding: bytes, as: UTF8.self))) {
      records[record.name] = record
    }
  }

  /// Appends `record`: held back, and written with the others held when there are
  /// ``batchSize`` of them or the last write is ``batchInterval`` old.
  func append(_ record: RunRecord) throws(ThemeEngine.Fatal) {
    try journal.withLock { (journal) throws(ThemeEngine.Fatal) in
      record.appendLine(to: &journal.pending)
      journal.pendingCount += 1
      if journal.pendingCount >= Self.batchSize
        || journal.written.duration(to: .now) >= Self.batchInterval
      {
        try write(&journal)
      }
    }
  }

  /// Writes the records held back, as a run that stops before it completes must.
  func flush() throws(ThemeEngine.Fatal) {
    try journal.withLock { (journal) throws(ThemeEngine.Fatal) in try write(&journal) }
  }

  /// Writes the lines held in `journal` in one write.
  private func write(_ journal: inout Journal) throws(ThemeEngine.Fatal) {
    defer {
      journal.pending.removeAll(keepingCapacity: true)
      journal.pendingCount = 0
      journal.written = .now
    }
    guard let file = journal.file, !journal.pending.isEmpty else { return }
    do {
      _ = try file.writeAll(journal.pending)
    } catch {
      throw ThemeEngine.Fatal(path: path.readable, reason: (error as? Errno ?? .ioError).reason)
    }
  }

  /// Replaces the file with `records` alone, atomically, and stops appending.
  func replace(with records: [RunRecord]) throws(ThemeEngine.Fatal) {
    journal.withLock { journal in
      try? journal.file?.close()
      journal.file = nil
      journal.pending.removeAll()
      journal.pendingCount = 0
    }
    do {
      var bytes = [UInt8]()
      for record in records { record.appendLine(to: &bytes) }
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw ThemeEngine.Fatal(path: path.readable, reason: error.reason)
    }
  }
}
