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
  /// directory of `batch` or `fetch`).
  public static func themeFiles(in inputs: [String]) -> [String] {
    var files = [String]()
    let manager = FileManager.default
    for input in inputs {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
        files.append(input)
        continue
      }
      var folder = input
      let themes = (input as NSString).appendingPathComponent("themes")
      if manager.fileExists(atPath: themes, isDirectory: &isFolder), isFolder.boolValue {
        folder = themes
      }
      let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
      for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
        files.append((folder as NSString).appendingPathComponent(name))
      }
    }
    return files
  }

  /// Reads `paths`: the themes that worked, sorted by name (then path), and the failures in
  /// the order given.
  public static func load(_ paths: [String]) -> (themes: [ExportTheme], failures: [Failure]) {
    var themes = [ExportTheme]()
    var failures = [Failure]()
    for path in paths {
      do {
        themes.append(try load(path))
      } catch {
        failures.append(Failure(path: path, reason: error))
      }
    }
    themes.sort { ($0.name, $0.path) < ($1.name, $1.path) }
    return (themes, failures)
  }

  /// Reads one theme file; its sprite is named after the file (`themes/cat.json` → `cat`).
  public static func load(_ path: String) throws(ThemeReadError) -> ExportTheme {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? "\(error.localizedDescription)"
      throw .unreadable(
        FileManager.default.fileExists(atPath: path) ? reason : "no such file")
    }
    var name = (path as NSString).lastPathComponent
    if name.hasSuffix(".json") { name.removeLast(5) }
    return try ExportTheme(json: data, name: name, path: path)
  }

  /// The files of `format` for `themes` (sorted as ``load(_:)`` sorts them).
  public static func files(_ format: ExportFormat, for themes: [ExportTheme]) -> [ExportFile] {
    format.writer.files(for: themes)
  }

  /// Writes every format's files under `directory/<format>/` (each atomically; one that already
  /// has the same bytes is not rewritten); returns how many files the formats have.
  /// `progress(format, done, total)` follows each format's files.
  ///
  /// - Throws: ``WriteFailure`` for the first folder or file that could not be written.
  @discardableResult
  public static func write(
    _ themes: [ExportTheme], formats: [ExportFormat], to directory: String,
    progress: (_ format: ExportFormat, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
  ) throws(WriteFailure) -> Int {
    var count = 0
    var made = Set<String>()
    for format in formats {
      let root = (directory as NSString).appendingPathComponent(format.rawValue)
      let formatFiles = files(format, for: themes)
      for (done, file) in formatFiles.enumerated() {
        defer { progress(format, done + 1, formatFiles.count) }
        let path = (root as NSString).appendingPathComponent(file.path)
        let folder = (path as NSString).deletingLastPathComponent
        if made.insert(folder).inserted {
          do {
            try FileManager.default.createDirectory(
              atPath: folder, withIntermediateDirectories: true)
          } catch {
            throw WriteFailure(path: folder, reason: Self.reason(error))
          }
        }
        // A file that already holds these bytes is left alone: re-runs cost reads, not writes,
        // and build tools see no change.
        if let existing = FileManager.default.contents(atPath: path),
          existing.elementsEqual(file.bytes)
        {
          count += 1
          continue
        }
        do {
          try AtomicFile.write(file.bytes, to: FilePath(path))
        } catch {
          throw WriteFailure(path: path, reason: error.description)
        }
        count += 1
      }
    }
    return count
  }

  /// The system's reason for a Foundation error, without Foundation's wrapping.
  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return Errno(rawValue: code.rawValue).description
    }
    return (error as NSError).localizedDescription
  }
}
