import Foundation
import SpriteFiles
import SystemPackage

/// Reads theme files and writes the chosen formats to `<directory>/<format>/`, every file
/// atomically (``AtomicFile``). Each theme is read once; each format's files are built from the
/// themes in memory, so a catalogue exports in time linear in its size.
public enum ThemeExporter {
  /// A theme file that could not be exported, and why.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as given (or as found in a folder given).
    public var path: String
    /// Why, one phrase.
    public var reason: ThemeReadError
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
  }

  /// A file that could not be written (fatal: the output is not writable).
  public struct WriteFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or folder.
    public var path: String
    /// The system's reason.
    public var reason: String
    /// `cannot write path: reason`.
    public var description: String { "cannot write \(path): \(reason)" }
  }

  /// The theme files named by `inputs`: files as given, and for a folder its `*.json` files
  /// (sorted, hidden ones skipped), or those of its `themes/` folder when it has one (an output
  /// directory of `batch` or `fetch`). Names are bytes, so any file name works.
  public static func themeFiles(in inputs: [FilePath]) -> [FilePath] {
    var files = [FilePath]()
    for input in inputs {
      guard (try? input.stat().type) == .directory else {
        files.append(input)
        continue
      }
      var folder = input
      if (try? input.appending("themes").stat().type) == .directory {
        folder = input.appending("themes")
      }
      let names = ((try? DirectoryListing.entries(of: folder)) ?? []).map(\.name).filter {
        let bytes = $0.bytes
        return bytes.first != UInt8(ascii: ".") && bytes.count > 5
          && bytes.suffix(5).elementsEqual(".json".utf8)
      }
      // Text order as before, then bytes, which tell apart names that are not UTF-8.
      let sorted = names.sorted {
        let (a, b) = ($0.string, $1.string)
        return a != b ? a < b : $0.bytes.lexicographicallyPrecedes($1.bytes)
      }
      files += sorted.map { folder.appending($0) }
    }
    return files
  }

  /// Reads `paths`: the themes that worked, sorted by name (then path), and the failures in
  /// the order given.
  public static func load(_ paths: [FilePath]) -> (themes: [ExportTheme], failures: [Failure]) {
    var themes = [ExportTheme]()
    var failures = [Failure]()
    // Read and decoded on every core; kept in the order given.
    let loaded = Striped.map(paths.count) { i in
      Swift.Result { () throws(ThemeReadError) in try load(paths[i]) }
    }
    for (path, result) in zip(paths, loaded) {
      switch result {
      case .success(let theme): themes.append(theme)
      case .failure(let error): failures.append(Failure(path: path.readable, reason: error))
      }
    }
    themes.sort { ($0.name, $0.path) < ($1.name, $1.path) }
    return (themes, failures)
  }

  /// Reads one theme file, a regular file only (a FIFO or device is refused unread); its sprite
  /// is named after the file (`themes/cat.json` → `cat`).
  public static func load(_ path: FilePath) throws(ThemeReadError) -> ExportTheme {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path)
    } catch {
      throw .unreadable(
        error.reason == Errno.noSuchFileOrDirectory.reason ? "no such file" : error.reason)
    }
    var name = path.lastComponent?.string ?? ""
    if name.hasSuffix(".json") { name.removeLast(5) }
    return try ExportTheme(json: Data(bytes), name: name, path: path.string)
  }

  /// The files of `format` for `themes` (sorted as ``load(_:)`` sorts them).
  public static func files(
    _ format: ExportFormat, for themes: [ExportTheme], options: ExportOptions = ExportOptions()
  ) -> [ExportFile] {
    format.writer.files(for: themes, options: options)
  }

  /// Writes every format's files under `directory/<format>/` (each atomically; one that already
  /// has the same bytes is not rewritten); returns how many files the formats have.
  /// `progress(format, done, total)` follows each format's files.
  ///
  /// - Throws: ``WriteFailure`` for the first folder or file that could not be written.
  @discardableResult
  public static func write(
    _ themes: [ExportTheme], formats: [ExportFormat], to directory: FilePath,
    options: ExportOptions = ExportOptions(),
    progress: (_ format: ExportFormat, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
  ) throws(WriteFailure) -> Int {
    var count = 0
    var made = Set<FilePath>()
    for format in formats {
      let root = directory.appending(format.rawValue)
      let formatFiles = files(format, for: themes, options: options)
      for file in formatFiles {
        let folder = root.appending(file.path).removingLastComponent()
        guard made.insert(folder).inserted else { continue }
        do {
          try Folder.create(folder)
        } catch {
          throw WriteFailure(path: folder.readable, reason: error.description)
        }
      }
      // The files a chunk at a time, each chunk spread over the cores (a catalogue's asset
      // catalog is 140,000 files), progress after each chunk; the first failure in file order
      // is the one reported.
      var done = 0
      while done < formatFiles.count {
        let chunk = Array(formatFiles[done..<min(done + 4096, formatFiles.count)])
        let failures = Striped.map(chunk.count) { i in write(chunk[i], under: root) }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        done += chunk.count
        count += chunk.count
        progress(format, done, formatFiles.count)
      }
    }
    return count
  }

  /// Writes one file atomically unless it already holds these bytes; the failure, if any.
  private static func write(_ file: ExportFile, under root: FilePath) -> WriteFailure? {
    let path = root.appending(file.path)
    // A file that already holds these bytes is left alone: re-runs cost reads, not writes,
    // and build tools see no change.
    if let existing = try? RegularFile.read(path), existing.elementsEqual(file.bytes) {
      return nil
    }
    do {
      try AtomicFile.write(file.bytes, to: path)
    } catch {
      return WriteFailure(path: path.readable, reason: error.description)
    }
    return nil
  }
}
